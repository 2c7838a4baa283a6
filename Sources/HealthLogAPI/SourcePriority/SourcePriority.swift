import APIToolkit

/// A user's source-priority ladders (contract §4), as stored in `users.source_priority_json`.
///
/// Axis 1, `metricPriority`: per metric type, the sources in order of preference. Axis 2,
/// `deviceTypePriority`: per metric type (or `default` for every metric without its own), the
/// device types in order of preference. Reading is lenient, because rows written before the
/// two-axis shape hold the legacy flat `{ "steps": ["APPLE_HEALTH", …] }`, which is read as
/// `metricPriority`; writing is strict (`SourcePriorityEndpoint`).
struct SourcePriority: Sendable, Equatable {
    var metricPriority: [String: [String]] = [:]
    var deviceTypePriority: [String: [String]] = [:]

    /// Every source a measurement can come from, and the order used for any source a user's
    /// ladder does not name (and for users who never set one).
    static let sources = [IngestSource.appleHealth, IngestSource.withings, "MANUAL"]
    /// The key of the device-type ladder that applies to metrics without their own.
    static let defaultKey = "default"
    /// The device ladder of a user who set none at all (contract §4's example `default`): without
    /// it every device would tie and a day's value would come from whichever device happened to
    /// record first, typically the phone's partial count instead of the watch's.
    static let builtInDeviceLadder = ["watch", "phone", "scale"]

    init(metricPriority: [String: [String]] = [:], deviceTypePriority: [String: [String]] = [:]) {
        self.metricPriority = metricPriority
        self.deviceTypePriority = deviceTypePriority
    }

    /// Reads a stored value of either shape. Anything unusable (null, not an object, entries of
    /// the wrong type, unknown sources or devices) is skipped, so a bad row degrades to the
    /// default order instead of failing every read of the user's data.
    init(stored json: JSONValue?) {
        guard let object = json?.objectValue else { return }
        if object.contains(key: "metricPriority") || object.contains(key: "deviceTypePriority") {
            metricPriority = Self.ladders(object["metricPriority"], allowed: Self.sources)
            deviceTypePriority = Self.ladders(object["deviceTypePriority"], allowed: DeviceType.values)
        } else {
            metricPriority = Self.ladders(json, allowed: Self.sources)
        }
    }

    /// The sources for `metric`, best first: the user's ladder, then every other source in the default order.
    func sourceLadder(for metric: String) -> [String] {
        let chosen = metricPriority[metric] ?? []
        return chosen + Self.sources.filter { !chosen.contains($0) }
    }

    /// The device types for `metric`, best first: its own ladder, else `default`; for a user
    /// with no device ladder at all, the built-in one.
    func deviceLadder(for metric: String) -> [String] {
        if deviceTypePriority.isEmpty { return Self.builtInDeviceLadder }
        return deviceTypePriority[metric] ?? deviceTypePriority[Self.defaultKey] ?? []
    }

    /// The two-axis JSON object, keys sorted, so what is stored and returned is deterministic.
    var json: JSONValue {
        func object(_ ladders: [String: [String]]) -> JSONValue {
            .object(JSONObject(ladders.keys.sorted().map { ($0, .array(ladders[$0, default: []].map { .string($0) })) }))
        }
        return .object(["metricPriority": object(metricPriority), "deviceTypePriority": object(deviceTypePriority)])
    }

    private static func ladders(_ value: JSONValue?, allowed: [String]) -> [String: [String]] {
        var ladders: [String: [String]] = [:]
        for member in value?.objectValue?.members ?? [] {
            let names = (member.value.arrayValue ?? []).compactMap(\.stringValue).filter(allowed.contains)
            ladders[member.key] = names.reduce(into: [String]()) { unique, name in if !unique.contains(name) { unique.append(name) } }
        }
        return ladders
    }
}

/// Contract §12: the cumulative HealthKit types arrive as one pre-aggregated row per day and
/// type, whose external id has one locked shape. This is the only place the server states the
/// set and the shape; ingest, the drain and the daily read all use it.
enum DailyStats {
    /// The five cumulative types iOS sums per day (`HKStatisticsCollectionQuery`) before posting.
    static let cumulativeHKTypes: Set<String> = [
        "HKQuantityTypeIdentifierStepCount",
        "HKQuantityTypeIdentifierActiveEnergyBurned",
        "HKQuantityTypeIdentifierFlightsClimbed",
        "HKQuantityTypeIdentifierDistanceWalkingRunning",
        "HKQuantityTypeIdentifierTimeInDaylight",
    ]

    private static let prefix = "stats:"

    /// `stats:<HKQuantityTypeIdentifier>:<YYYY-MM-DD>`, the day in the user's time zone.
    static func externalId(hkIdentifier: String, day: String) -> String {
        prefix + hkIdentifier + ":" + day
    }

    /// True for `YYYY-MM-DD` naming a real date from `PlausibleTime.earliestYear` on, the days a
    /// sample may belong to.
    static func isPlausibleDay(_ day: String) -> Bool {
        guard let year = UserCalendar.parse(day)?.year else { return false }
        return year >= PlausibleTime.earliestYear
    }

    /// The identifier and day an external id of the daily shape was minted from, or nil for
    /// any other id (a per-sample HealthKit UUID, for instance).
    static func parse(externalId: String) -> (hkIdentifier: String, day: String)? {
        guard externalId.hasPrefix(prefix) else { return nil }
        let rest = externalId.dropFirst(prefix.count)
        guard let separator = rest.lastIndex(of: ":") else { return nil }
        let identifier = rest[..<separator], day = rest[rest.index(after: separator)...]
        guard !identifier.isEmpty, day.count == 10 else { return nil }
        return (String(identifier), String(day))
    }
}

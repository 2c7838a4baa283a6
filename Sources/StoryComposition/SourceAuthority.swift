import Foundation

/// How much weight an outlet's reporting carries, 0…20, from an editable table.
///
/// The table is a JSON file (see docs/jarvis/scoring.md for the format and the rationale of the
/// shipped values). An operator replaces it by pointing `JARVIS_SOURCE_AUTHORITY_FILE` at their
/// own copy; outlets missing from the table get its `default`.
public struct SourceAuthority: Sendable, Equatable {
    public static let maximumScore = 20
    public static let environmentVariable = "JARVIS_SOURCE_AUTHORITY_FILE"

    /// One row of the table: an outlet, the hosts its feeds live on, other names it goes by.
    public struct Outlet: Codable, Sendable, Equatable {
        public let name: String
        public let hosts: [String]
        public let aliases: [String]?
        public let score: Int
    }

    struct File: Codable {
        let `default`: Int
        let outlets: [Outlet]
    }

    public enum LoadError: Error, Equatable {
        case scoreOutOfRange(outlet: String, score: Int)
    }

    public let defaultScore: Int
    private let scoreByHost: [String: Int]
    private let scoreByName: [String: Int]

    public init(outlets: [Outlet], defaultScore: Int) throws {
        for outlet in outlets + [Outlet(name: "default", hosts: [], aliases: nil, score: defaultScore)]
        where !(0 ... Self.maximumScore).contains(outlet.score) {
            throw LoadError.scoreOutOfRange(outlet: outlet.name, score: outlet.score)
        }
        var byHost: [String: Int] = [:]
        var byName: [String: Int] = [:]
        for outlet in outlets {
            for host in outlet.hosts { byHost[Self.normalizedHost(host)] = outlet.score }
            for name in [outlet.name] + (outlet.aliases ?? []) { byName[Self.normalizedName(name)] = outlet.score }
        }
        self.defaultScore = defaultScore
        scoreByHost = byHost
        scoreByName = byName
    }

    public static func load(contentsOf url: URL) throws -> SourceAuthority {
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
        return try SourceAuthority(outlets: file.outlets, defaultScore: file.default)
    }

    /// The table shipped with the module (`Resources/source-authority.json`).
    public static let bundled: SourceAuthority = {
        guard let url = Bundle.module.url(forResource: "source-authority", withExtension: "json") else {
            preconditionFailure("source-authority.json is missing from the StoryComposition bundle")
        }
        do {
            return try load(contentsOf: url)
        } catch {
            preconditionFailure("the shipped source-authority.json is invalid: \(error)")
        }
    }()

    /// The operator's table when `JARVIS_SOURCE_AUTHORITY_FILE` is set, else the shipped one.
    /// Throws rather than falling back, so a typo in the operator's file fails at start-up.
    public static func configured(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> SourceAuthority {
        guard let path = environment[environmentVariable], !path.isEmpty else { return bundled }
        return try load(contentsOf: URL(fileURLWithPath: path))
    }

    /// The outlet's score: by feed host first (the most specific identity), walking up to parent
    /// domains ("feeds.bbci.co.uk" → "bbci.co.uk"), then by display name, then the default.
    public func score(sourceKey: String, sourceName: String) -> Int {
        if let byHost = hostScore(sourceKey) { return byHost }
        return scoreByName[Self.normalizedName(sourceName)] ?? scoreByName[Self.normalizedName(sourceKey)] ?? defaultScore
    }

    /// Whether `name` is an outlet the table knows by name ("BBC News", "Reuters").
    public func knowsOutlet(named name: String) -> Bool {
        scoreByName[Self.normalizedName(name)] != nil
    }

    private func hostScore(_ key: String) -> Int? {
        var host = Self.normalizedHost(key)
        while host.contains(".") {
            if let score = scoreByHost[host] { return score }
            host = String(host.drop(while: { $0 != "." }).dropFirst())
        }
        return nil
    }

    static func normalizedHost(_ host: String) -> String {
        var value = host.lowercased()
        if let scheme = value.range(of: "://") { value = String(value[scheme.upperBound...]) }
        value = String(value.prefix(while: { $0 != "/" && $0 != ":" }))
        return value.hasPrefix("www.") ? String(value.dropFirst(4)) : value
    }

    /// "Fox News (Online News)", "BBC News - World" and "fox news" name one outlet each: notes,
    /// feed sections (`SourceNames.outlet`), case and punctuation are ignored.
    static func normalizedName(_ name: String) -> String {
        SourceNames.outlet(of: name).lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ")
    }
}

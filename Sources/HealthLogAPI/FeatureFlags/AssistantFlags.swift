import APIToolkit
import Storage

/// The operator's assistant switches (contract §14). `raw` is what is stored; `resolved` is what
/// clients and the gate use: the master switch off forces every surface off, so nobody ever
/// sees `enabled: false` with a surface still true.
public struct AssistantFlags: Encodable, Sendable, Equatable {
    public var enabled: Bool
    public var coach: Bool
    public var briefing: Bool
    public var insightStatus: Bool
    public var correlations: Bool
    public var healthScoreExplainer: Bool

    public var resolved: AssistantFlags {
        guard !enabled else { return self }
        return AssistantFlags(enabled: false, coach: false, briefing: false, insightStatus: false,
                              correlations: false, healthScoreExplainer: false)
    }

    public func isOn(_ surface: AssistantSurface) -> Bool {
        let flags = resolved
        switch surface {
        case .coach: return flags.coach
        case .briefing: return flags.briefing
        case .insightStatus: return flags.insightStatus
        case .correlations: return flags.correlations
        case .healthScoreExplainer: return flags.healthScoreExplainer
        }
    }

    /// A switch by its JSON name (the names `FeatureFlagEndpoints.Change.switches` uses).
    func value(named name: String) -> Bool {
        switch name {
        case "enabled": enabled
        case "coach": coach
        case "briefing": briefing
        case "insightStatus": insightStatus
        case "correlations": correlations
        default: healthScoreExplainer
        }
    }

    init(row: Row) throws {
        enabled = try row.decode("enabled")
        coach = try row.decode("coach")
        briefing = try row.decode("briefing")
        insightStatus = try row.decode("insight_status")
        correlations = try row.decode("correlations")
        healthScoreExplainer = try row.decode("health_score_explainer")
    }

    public init(enabled: Bool, coach: Bool, briefing: Bool, insightStatus: Bool, correlations: Bool, healthScoreExplainer: Bool) {
        self.enabled = enabled
        self.coach = coach
        self.briefing = briefing
        self.insightStatus = insightStatus
        self.correlations = correlations
        self.healthScoreExplainer = healthScoreExplainer
    }

    static let schema: Schema = .object("AssistantFlags") {
        Property("enabled", .boolean, description: "Master switch; false forces every surface false in resolved matrices.")
        Property("coach", .boolean)
        Property("briefing", .boolean)
        Property("insightStatus", .boolean)
        Property("correlations", .boolean)
        Property("healthScoreExplainer", .boolean)
    }
}

/// An assistant-driven surface that a flag can switch off; the raw value is the error-code suffix.
public enum AssistantSurface: String, Sendable, CaseIterable {
    case coach, briefing, insightStatus, correlations, healthScoreExplainer
}

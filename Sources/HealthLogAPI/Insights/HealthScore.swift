import APIToolkit

/// The briefing's health score and the explanation of its change (contract §14's delta-explanation
/// slot). Each status judged against a preferred direction scores points (improving 100, stable
/// 80, declining 50); the score is their mean, 0–100, rounded. Statuses without enough data are
/// left out rather than scored low (GROUND RULE 14), and weight is left out because no goal is
/// assumed for it. The delta compares with the score as of seven days earlier, and each factor is
/// a metric's share of the score now minus its share then (the factors add up to the unrounded delta).
struct HealthScore: Encodable, Sendable {
    struct Factor: Encodable, Sendable {
        let metric: String
        let contribution: Double
    }

    struct DeltaExplanation: Encodable, Sendable {
        /// `health_score.delta.up|down|unchanged`, or `.unavailable` without both scores.
        let key: String
        /// Largest contribution first; metrics that did not move the score are left out.
        let factors: [Factor]
    }

    let value: Int?
    let delta: Int?
    let deltaExplanation: DeltaExplanation

    static let points: [TrendStatus: Double] = [.improving: 100, .stable: 80, .declining: 50]
    static let deltaDays = 7

    init(now: [StatusKind: TrendStatus], weekEarlier: [StatusKind: TrendStatus]) {
        let current = Self.shares(now), previous = Self.shares(weekEarlier)
        let value = current.isEmpty ? nil : Int(current.values.reduce(0, +).rounded())
        let earlier = previous.isEmpty ? nil : Int(previous.values.reduce(0, +).rounded())
        let delta = value.flatMap { value in earlier.map { value - $0 } }
        let factors = Set(current.keys).union(previous.keys)
            .map { Factor(metric: $0, contribution: ((current[$0] ?? 0) - (previous[$0] ?? 0)).roundedForInsight) }
            .filter { $0.contribution != 0 }
            .sorted { (-abs($0.contribution), $0.metric) < (-abs($1.contribution), $1.metric) }
        let key = delta.map { $0 > 0 ? "up" : $0 < 0 ? "down" : "unchanged" } ?? "unavailable"
        self.value = value
        self.delta = delta
        deltaExplanation = DeltaExplanation(key: "health_score.delta.\(key)", factors: delta == nil ? [] : factors)
    }

    /// Per scored metric, its points over the number of scored statuses.
    private static func shares(_ statuses: [StatusKind: TrendStatus]) -> [String: Double] {
        let scored = statuses.compactMap { kind, status in
            kind.primary.preferred == .usersOwnTrend ? nil : points[status].map { (kind.primary.name, $0) }
        }
        return Dictionary(uniqueKeysWithValues: scored.map { ($0.0, $0.1 / Double(scored.count)) })
    }

    static let schema: Schema = .object("HealthScore") {
        Property("value", Schema.integer(min: 0, max: 100).orNull, description: "Null while no status has enough data.")
        Property("delta", Schema.integer(min: -100, max: 100).orNull, description: "value minus the score seven days earlier; null without both.")
        Property("deltaExplanation", .object("HealthScoreDeltaExplanation") {
            Property("key", .string())
            Property("factors", .array(of: .object("HealthScoreFactor") {
                Property("metric", .string())
                Property("contribution", .number(), description: "Points of the delta this metric accounts for.")
            }))
        })
    }
}

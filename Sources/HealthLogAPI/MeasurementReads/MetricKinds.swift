/// Which metric types each read endpoint serves (contract §4). Cumulative metrics are summed
/// per day and one source is picked per day: §12's five daily-stats types (steps, active
/// energy, flights, walking distance, daylight), plus the two §4 names beyond them — sleep
/// duration, and resting energy as the other half of "calories". Every other mapped type is a
/// point metric whose rows all stay and are only marked preferred. (§12's set stays the one
/// that decides the `stats:` external-id shape; this one only decides how reads aggregate.)
enum MetricKinds {
    static let sleep = "sleep"
    static let cumulative: [String] = Set(DailyStats.cumulativeHKTypes.compactMap { AppleHealthMapping.mapping(for: $0)?.type })
        .union([sleep, "basal_energy"]).sorted()
    static let point: [String] = Set(AppleHealthMapping.table.values.map(\.type)).subtracting(cumulative).sorted()

    /// The HKCategoryValueSleepAnalysis stages that are sleep: asleep (unspecified), core, deep,
    /// REM. In bed (0) overlaps the asleep samples by design and awake (2) is not sleep, so a
    /// day's sleep duration sums only these; a sample without a stage cannot be told apart from
    /// in-bed time and is left out too.
    static let asleepStages: Set<Int64> = [1, 3, 4, 5]

    /// Whether a row adds to its day's total: every row, except sleep samples that are not sleep.
    static func countsTowardDailyTotal(type: String, sleepStage: Int64?) -> Bool {
        type != sleep || sleepStage.map(asleepStages.contains) == true
    }

    /// The instant that decides a row's day: its start, except for sleep, which counts for the
    /// day the user woke up (the end), so a night across midnight is one day's sleep.
    static func dayInstant(type: String, measuredAt: Int64, endAt: Int64) -> Int64 {
        type == sleep ? endAt : measuredAt
    }

    /// The canonical unit and plausible range of `type` (the mapping table's).
    static func mapping(of type: String) -> MetricMapping? {
        AppleHealthMapping.table.values.first { $0.type == type }
    }
}

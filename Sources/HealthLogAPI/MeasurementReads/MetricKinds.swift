/// Which metric types each read endpoint serves (contract §4): the cumulative ones, summed per
/// day and picked per day, are exactly those of `DailyStats.cumulativeHKTypes`; every other
/// mapped type is a point metric whose rows all stay and are only marked preferred.
enum MetricKinds {
    static let cumulative: [String] = DailyStats.cumulativeHKTypes.compactMap { AppleHealthMapping.mapping(for: $0)?.type }.sorted()
    static let point: [String] = Set(AppleHealthMapping.table.values.map(\.type)).subtracting(cumulative).sorted()

    /// The canonical unit and plausible range of `type` (the mapping table's).
    static func mapping(of type: String) -> MetricMapping? {
        AppleHealthMapping.table.values.first { $0.type == type }
    }
}

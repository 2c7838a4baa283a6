import Storage

/// One value per day for a cumulative metric (contract §4, §12), computed from stored rows: the
/// one implementation of "a day's total" that the daily read and personal records share.
///
/// Per day and source: the `stats:` rows when there are any (iOS's per-day totals), otherwise
/// the sum of that day's per-sample rows (the shape before the cutover). Rows of one source are
/// summed per device type, and `pickCanonicalSource` chooses which (source, device type) total
/// is the day's value: summing across sources or devices would count the same steps twice.
/// Sleep counts only asleep stages, on the day it ended (`MetricKinds`).
struct DailyTotals {
    struct Row: Sendable {
        let id: String
        let source: String
        let deviceType: String?
        let externalId: String
        let value: Double
        let measuredAt: Int64
        let endAt: Int64
        let sleepStage: Int64?
    }

    struct Day: Encodable, Sendable {
        let date: String
        let value: Double
        let source: String
        let deviceType: String?
        /// The `stats:` row to `PATCH` when the total is one; null for a sum of samples.
        let measurementId: String?
    }

    /// The columns `Row(row:)` reads.
    static let columns = "id, source, device_type, external_id, value, measured_at, end_at, sleep_stage"

    /// The live rows of `type` that may count toward a day of `range`. `stats:` rows carry their
    /// day in the id and sleep counts by its end: a day of margin each side finds the rows whose
    /// start lies outside the range; `days(_:from:to:)` then keeps only the range's days.
    static func rows(userID: String, type: String, covering range: DayRange, on connection: any DatabaseConnection) throws -> [Row] {
        try MeasurementStore.dailyTotalRows(userID: userID, type: type, since: range.start - 86_400, before: range.end + 86_400,
                                            on: connection)
    }

    let metric: String
    let calendar: UserCalendar
    let priority: SourcePriority

    /// The chosen total of each day in `from...to` (inclusive) that has data, oldest first.
    func days(_ rows: [Row], from: String, to: String) -> [Day] {
        var byDay: [String: [Row]] = [:]
        for row in rows where MetricKinds.countsTowardDailyTotal(type: metric, sleepStage: row.sleepStage) {
            let day = self.day(of: row)
            if day >= from, day <= to { byDay[day, default: []].append(row) }
        }
        return byDay.keys.sorted().compactMap { day in total(of: byDay[day] ?? [], on: day) }
    }

    /// The chosen total of every day that has data, oldest first.
    func allDays(_ rows: [Row]) -> [Day] {
        days(rows, from: "0000-01-01", to: "9999-12-31")
    }

    /// The user's day a row counts for: a `stats:` row's own day, else its instant's. The id is
    /// stored as the app sent it (§12), so its day is believed only when it names a real date
    /// of the era samples may come from; "0000-01-01" would otherwise become a record's day.
    func day(of row: Row) -> String {
        if let day = DailyStats.parse(externalId: row.externalId)?.day, DailyStats.isPlausibleDay(day) { return day }
        return calendar.day(of: MetricKinds.dayInstant(type: metric, measuredAt: row.measuredAt, endAt: row.endAt))
    }

    /// The value of one day from that day's rows: per source its `stats:` rows if any, else its
    /// samples; per (source, device type) the sum, in time order; the picker's choice among those.
    /// Personal-record detection runs this for every day of a user's history, so each row's id is
    /// parsed once and the groups are running sums in a short list rather than row arrays in a
    /// dictionary.
    func total(of rows: [Row], on day: String) -> Day? {
        let isDaily = rows.map { DailyStats.parse(externalId: $0.externalId) != nil }
        let dailySources = Set(rows.indices.lazy.filter { isDaily[$0] }.map { rows[$0].source })
        let counted = rows.indices.filter { dailySources.contains(rows[$0].source) == isDaily[$0] }
            .sorted { (rows[$0].measuredAt, rows[$0].id) < (rows[$1].measuredAt, rows[$1].id) }
        var groups: [(candidate: SourceCandidate, sum: Double, count: Int, first: Int)] = []
        for index in counted {
            let row = rows[index]
            if let group = groups.firstIndex(where: { $0.candidate.source == row.source && $0.candidate.deviceType == row.deviceType }) {
                groups[group].sum += row.value
                groups[group].count += 1
            } else {
                // `0 +`: a sum starts from zero, so a lone -0 reads as 0.
                groups.append((SourceCandidate(source: row.source, deviceType: row.deviceType), 0 + row.value, 1, index))
            }
        }
        guard let chosen = priority.pickCanonicalSource(groups.map(\.candidate), metric: metric),
              let group = groups.first(where: { $0.candidate == chosen }) else { return nil }
        return Day(date: day, value: group.sum, source: chosen.source, deviceType: chosen.deviceType,
                   measurementId: group.count == 1 && isDaily[group.first] ? rows[group.first].id : nil)
    }
}

extension DailyTotals.Row {
    /// A `measurements` row selected with `DailyTotals.columns`.
    init(row: Storage.Row) throws {
        self.init(id: try row.decode("id"), source: try row.decode("source"), deviceType: try row.decode("device_type"),
                  externalId: try row.decode("external_id"), value: try row.decode("value"),
                  measuredAt: try row.decode("measured_at"), endAt: try row.decode("end_at"),
                  sleepStage: try row.decode("sleep_stage"))
    }
}

import Foundation
import Storage

/// Recomputes every personal record of one user from what is stored, so running it twice, or
/// after rows were corrected, gives the same answer. Per-day records count a day in the user's
/// time zone; within a day and source a daily-stats row (`stats:` external id, contract §12)
/// is the day's total, otherwise the per-sample rows are summed; across sources the largest
/// total wins, so two sources reporting the same walk are not added together.
enum PersonalRecordDetector {
    static let kinds = ["best_steps_day", "max_distance_day", "max_active_energy_day", "lowest_resting_heart_rate",
                        "highest_vo2max", "longest_workout"]

    private static let dailyTotals = [("best_steps_day", "steps"), ("max_distance_day", "distance"),
                                      ("max_active_energy_day", "active_energy")]

    static func detect(userID: String, now: Int64, on connection: any DatabaseConnection) throws -> [PersonalRecord] {
        let zoneName: String? = try connection.queryFirst("SELECT timezone FROM users WHERE id = $1", userID)?.decode("timezone")
        var calendar = LocalDays(timeZone: zoneName.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!)
        var records: [PersonalRecord] = []
        for (record, type) in dailyTotals {
            if let best = try bestDay(type: type, userID: userID, days: &calendar, on: connection) {
                records.append(PersonalRecord(record: record, value: best.total, unit: best.unit,
                                              achievedAt: calendar.start(of: best.day), day: best.day, detectedAt: now))
            }
        }
        if let lowest = try extreme("MIN", type: "resting_heart_rate", userID: userID, on: connection) {
            records.append(PersonalRecord(record: "lowest_resting_heart_rate", value: lowest.value, unit: lowest.unit,
                                          achievedAt: lowest.at, day: nil, detectedAt: now))
        }
        if let highest = try extreme("MAX", type: "vo2max", userID: userID, on: connection) {
            records.append(PersonalRecord(record: "highest_vo2max", value: highest.value, unit: highest.unit,
                                          achievedAt: highest.at, day: nil, detectedAt: now))
        }
        if let workout = try connection.queryFirst("""
            SELECT duration_seconds, started_at FROM workouts WHERE user_id = $1 AND deleted_at IS NULL
            ORDER BY duration_seconds DESC, started_at LIMIT 1
            """, userID) {
            records.append(PersonalRecord(record: "longest_workout", value: try workout.decode("duration_seconds"), unit: "s",
                                          achievedAt: try workout.decode("started_at"), day: nil, detectedAt: now))
        }
        return records
    }

    /// The smallest or largest reading of a point metric, the earliest one on ties.
    private static func extreme(_ function: String, type: String, userID: String,
                                on connection: any DatabaseConnection) throws -> (value: Double, unit: String, at: Int64)? {
        let order = function == "MIN" ? "ASC" : "DESC"
        guard let row = try connection.queryFirst("""
            SELECT value, unit, measured_at FROM measurements WHERE user_id = $1 AND type = $2 AND deleted_at IS NULL
            ORDER BY value \(order), measured_at LIMIT 1
            """, userID, type) else { return nil }
        return (try row.decode("value"), try row.decode("unit"), try row.decode("measured_at"))
    }

    private static func bestDay(type: String, userID: String, days: inout LocalDays,
                                on connection: any DatabaseConnection) throws -> (day: String, total: Double, unit: String)? {
        let rows = try connection.query("""
            SELECT source, external_id, value, unit, measured_at FROM measurements
            WHERE user_id = $1 AND type = $2 AND deleted_at IS NULL
            """, userID, type)
        struct DayAndSource: Hashable { let day: String, source: String }
        var sampleSums: [DayAndSource: Double] = [:], dailyRows: [DayAndSource: Double] = [:]
        var unit = ""
        for row in rows {
            let externalID: String = try row.decode("external_id"), value: Double = try row.decode("value")
            unit = try row.decode("unit")
            let statsDay = DailyStats.parse(externalId: externalID)?.day, measuredAt: Int64 = try row.decode("measured_at")
            let key = DayAndSource(day: statsDay ?? days.day(of: measuredAt), source: try row.decode("source"))
            if statsDay != nil {
                dailyRows[key] = max(dailyRows[key] ?? 0, value)
            } else {
                sampleSums[key, default: 0] += value
            }
        }
        var perDay: [String: Double] = [:]
        for (key, sum) in sampleSums.merging(dailyRows, uniquingKeysWith: { _, daily in daily }) {
            perDay[key.day] = max(perDay[key.day] ?? 0, sum)
        }
        guard let best = perDay.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else { return nil }
        return (best.key, best.value, unit)
    }
}

/// Calendar days in one time zone, as `YYYY-MM-DD` text. Detection maps every stored sample
/// to its day, so both steps are cached: the zone's offset per 15-minute slot (every zone's
/// transitions fall on quarter hours) and the text per local day.
struct LocalDays {
    let calendar: Calendar
    private var offsets: [Int64: Int64] = [:]
    private var names: [Int64: String] = [:]

    init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    mutating func day(of seconds: Int64) -> String {
        let slot = seconds.floorDiv(900)
        let offset = offsets[slot] ?? {
            let offset = Int64(calendar.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(slot * 900))))
            offsets[slot] = offset
            return offset
        }()
        let localDay = (seconds + offset).floorDiv(86_400)
        if let name = names[localDay] { return name }
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        let name = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        names[localDay] = name
        return name
    }

    /// Unix seconds of local midnight starting `day`.
    func start(of day: String) -> Int64 {
        let numbers = day.split(separator: "-").compactMap { Int($0) }
        guard numbers.count == 3,
              let date = calendar.date(from: DateComponents(year: numbers[0], month: numbers[1], day: numbers[2])) else { return 0 }
        return Int64(date.timeIntervalSince1970)
    }
}

private extension Int64 {
    /// Division rounding toward negative infinity (days before 1970 stay on the right day).
    func floorDiv(_ divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

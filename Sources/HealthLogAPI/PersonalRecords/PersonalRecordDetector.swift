import Foundation
import Storage

/// Recomputes every personal record of one user from what is stored, so running it twice, or
/// after rows were corrected, gives the same answer. A per-day record's value is the day's total
/// exactly as `GET /api/measurements/daily` reports it (`DailyTotals`: the user's time zone, a
/// `stats:` row over samples, one source and device type picked by the user's ladders), so the
/// best day never counts a watch and a phone reporting the same walk twice.
enum PersonalRecordDetector {
    static let kinds = ["best_steps_day", "max_distance_day", "max_active_energy_day", "lowest_resting_heart_rate",
                        "highest_vo2max", "longest_workout"]

    private static let dailyTotals = [("best_steps_day", "steps"), ("max_distance_day", "distance"),
                                      ("max_active_energy_day", "active_energy")]

    static func detect(userID: String, now: Int64, on connection: any DatabaseConnection) throws -> [PersonalRecord] {
        let (timezone, priority) = try UserStore.settings(userID: userID, on: connection)
        let calendar = UserCalendar(timezone: timezone)
        var records: [PersonalRecord] = []
        for (record, type) in dailyTotals {
            let totals = DailyTotals(metric: type, calendar: calendar, priority: priority)
            if let best = try bestDay(totals, userID: userID, on: connection), let start = calendar.start(of: best.date) {
                records.append(PersonalRecord(record: record, value: best.value, unit: MetricKinds.mapping(of: type)?.canonicalUnit ?? "",
                                              achievedAt: start, day: best.date, detectedAt: now))
            }
        }
        if let lowest = try MeasurementStore.extreme(lowest: true, type: "resting_heart_rate", userID: userID, on: connection) {
            records.append(PersonalRecord(record: "lowest_resting_heart_rate", value: lowest.value, unit: lowest.unit,
                                          achievedAt: lowest.at, day: nil, detectedAt: now))
        }
        if let highest = try MeasurementStore.extreme(lowest: false, type: "vo2max", userID: userID, on: connection) {
            records.append(PersonalRecord(record: "highest_vo2max", value: highest.value, unit: highest.unit,
                                          achievedAt: highest.at, day: nil, detectedAt: now))
        }
        if let workout = try WorkoutStore.longest(userID: userID, on: connection) {
            records.append(PersonalRecord(record: "longest_workout", value: workout.duration, unit: "s",
                                          achievedAt: workout.startedAt, day: nil, detectedAt: now))
        }
        return records
    }

    /// The day with the largest total, the earliest one on ties.
    private static func bestDay(_ totals: DailyTotals, userID: String, on connection: any DatabaseConnection) throws -> DailyTotals.Day? {
        let rows = try MeasurementStore.dailyTotalRows(userID: userID, type: totals.metric, on: connection)
        return totals.allDays(rows).reduce(nil) { best, day in
            guard let best else { return day }
            return day.value > best.value ? day : best
        }
    }
}

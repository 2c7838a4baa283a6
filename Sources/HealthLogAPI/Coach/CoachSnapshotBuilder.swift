import CoachResponder
import Foundation
import Storage

/// Builds a user's `CoachSnapshot` from their own rows only (ground rules 1, 7, 14): per-day
/// values of each metric over the last `historyDays` (cumulative metrics as the daily read
/// counts them, with source priority; point metrics as daily means), blood-pressure and weight
/// readings with their local hour, mood as a daily mean, the medications whose names pass the
/// prompt-safety filter (`promptSafe`; a refused name is left out, §5), their logged intakes
/// and the workouts (day, kind, minutes). Soft-deleted rows are never read. Missing data is
/// simply absent.
struct CoachSnapshotBuilder {
    /// How far back a question can reach ("in October" a year on).
    static let historyDays: Int64 = 400
    /// Heart rate arrives hundreds of times a day: a quarter is enough for its questions.
    static let heartRateDays: Int64 = 92
    /// Metrics whose readings keep their time of day.
    static let timed: Set<CoachMetric> = [.systolic, .diastolic, .weight]

    let userID: String
    let now: Int64

    func build(on connection: any DatabaseConnection) throws -> CoachSnapshot {
        let (timezone, priority) = try UserStore.settings(userID: userID, on: connection)
        let calendar = UserCalendar(timezone: timezone)
        let zone = TimeZone(identifier: timezone) ?? TimeZone(secondsFromGMT: 0)
        var daily: [CoachMetric: [CoachSnapshot.DayValue]] = [:], readings: [CoachMetric: [CoachSnapshot.Reading]] = [:]
        for metric in CoachMetric.allCases where metric != .mood {
            let since = now - 86_400 * (metric == .heartRate ? Self.heartRateDays : Self.historyDays)
            if metric.isCumulative {
                let rows = try MeasurementStore.dailyTotalRows(userID: userID, type: metric.rawValue, since: since, on: connection)
                let days = DailyTotals(metric: metric.rawValue, calendar: calendar, priority: priority).allDays(rows)
                daily[metric] = days.map { CoachSnapshot.DayValue(day: $0.date, value: Self.display($0.value, metric)) }
            } else {
                let rows = try MeasurementStore.readings(userID: userID, type: metric.rawValue, from: since, before: nil, on: connection)
                let points = rows.map { row -> CoachSnapshot.Reading in
                    let at = row.measuredAt
                    let local = at + Int64(zone?.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(at))) ?? 0)
                    return CoachSnapshot.Reading(day: calendar.day(of: at), hour: Int(local.floorDivided(by: 3600) % 24 + 24) % 24,
                                                 value: row.value)
                }
                daily[metric] = CoachSnapshot.dailyMeans(points)
                if Self.timed.contains(metric) { readings[metric] = points }
            }
        }
        let moods = try MoodEntryStore.moods(userID: userID, from: now - 86_400 * Self.historyDays, before: nil, on: connection).map {
            CoachSnapshot.Reading(day: calendar.day(of: $0.recordedAt), hour: 0, value: Double($0.mood))
        }
        daily[.mood] = CoachSnapshot.dailyMeans(moods)
        let (medications, intakes) = try medicationLog(calendar: calendar, on: connection)
        let workouts = try WorkoutStore.recent(userID: userID, since: now - 86_400 * Self.historyDays, on: connection).map {
            CoachSnapshot.Workout(day: calendar.day(of: $0.startedAt), kind: $0.activityName, minutes: $0.duration / 60)
        }
        return CoachSnapshot(today: calendar.day(of: now), daily: daily.filter { !$0.value.isEmpty }, readings: readings,
                             medications: medications, intakes: intakes, workouts: workouts)
    }

    private func medicationLog(calendar: UserCalendar, on connection: any DatabaseConnection) throws
        -> ([CoachSnapshot.Medication], [CoachSnapshot.Intake]) {
        var names: [String: String] = [:], medications: [CoachSnapshot.Medication] = []
        for medication in try MedicationStore.named(userID: userID, on: connection) {
            guard let name = promptSafe(medication.name) else { continue }
            names[medication.id] = name
            medications.append(.init(name: name, isGLP1: medication.kind == "glp1",
                                     startDay: medication.startDate ?? medication.firstTaken.map(calendar.day(of:))))
        }
        let intakes = try MedicationStore.intakes(userID: userID, since: now - 86_400 * Self.historyDays, on: connection)
            .compactMap { intake -> CoachSnapshot.Intake? in
                guard let name = names[intake.medicationID] else { return nil }
                return .init(medication: name, day: calendar.day(of: intake.takenAt), doseMg: intake.doseMg, skipped: intake.skipped)
            }
        return (medications, intakes)
    }

    /// Stored canonical units as the Coach speaks them: metres → km, seconds of sleep → hours.
    static func display(_ value: Double, _ metric: CoachMetric) -> Double {
        switch metric {
        case .distance: value / 1000
        case .sleep: value / 3600
        default: value
        }
    }
}

import Foundation
import Storage

/// The caller's settings and clock for one insights request: time zone, source priority, the
/// user's today, and the instant every payload of the request is stamped with.
struct InsightScope: Sendable {
    let userID: String
    let calendar: UserCalendar
    let priority: SourcePriority
    let today: String
    let generatedAt: Date

    init(userID: String, on connection: any DatabaseConnection) throws {
        let (timezone, priority) = try UserStore.settings(userID: userID, on: connection)
        let now = Clock.now()
        self.userID = userID
        self.priority = priority
        calendar = UserCalendar(timezone: timezone)
        today = calendar.day(of: now)
        generatedAt = Date(timeIntervalSince1970: TimeInterval(now))
    }
}

/// Reads one user's rows as per-day values in their time zone, on one connection. Soft-deleted
/// rows are never read; a metric without rows simply has no days (GROUND RULE 14).
struct InsightReader {
    let scope: InsightScope
    let connection: any DatabaseConnection

    /// `source`'s values on the days of `period`.
    func values(_ source: MetricSource, over period: InsightPeriod) throws -> MetricValues {
        guard let range = DayRange(from: period.from, to: period.to, calendar: scope.calendar) else { return .daily(DailyValues(byDay: [:])) }
        switch source {
        case .dailyTotal(let type, let scale):
            let totals = DailyTotals(metric: type, calendar: scope.calendar, priority: scope.priority)
            let rows = try DailyTotals.rows(userID: scope.userID, type: type, covering: range, on: connection)
            return .daily(DailyValues(byDay: Dictionary(uniqueKeysWithValues: totals.days(rows, from: range.from, to: range.to)
                .map { ($0.date, $0.value * scale) })))
        case .dailyMean(let type): return .daily(try preferredMeans(of: type, range))
        case .mood: return .daily(try moodMeans(range))
        case .injections: return .daily(try injectionDays(range, period: period))
        case .doses: return .doses(try doses(range, period: period))
        }
    }

    /// The user's medications, oldest first.
    func medications() throws -> [MedicationRecord] {
        try MedicationStore.records(userID: scope.userID, newestFirst: false, on: connection)
    }

    /// Per day, the mean reading of the (source, device type) the picker prefers that day (contract
    /// §4: every row stays, the ladder decides which one represents the day).
    private func preferredMeans(of type: String, _ range: DayRange) throws -> DailyValues {
        let rows = try MeasurementStore.readings(userID: scope.userID, type: type, from: range.start, before: range.end, on: connection)
        var readings: [String: [(candidate: SourceCandidate, value: Double)]] = [:]
        for row in rows {
            let candidate = SourceCandidate(source: row.source, deviceType: row.deviceType)
            readings[scope.calendar.day(of: row.measuredAt), default: []].append((candidate, row.value))
        }
        var chosen: [(day: String, value: Double)] = []
        for (day, dayReadings) in readings {
            let offered = dayReadings.map(\.candidate).reduce(into: [SourceCandidate]()) { if !$0.contains($1) { $0.append($1) } }
            guard let preferred = scope.priority.pickCanonicalSource(offered, metric: type) else { continue }
            chosen += dayReadings.filter { $0.candidate == preferred }.map { (day, $0.value) }
        }
        return DailyValues.means(of: chosen)
    }

    private func moodMeans(_ range: DayRange) throws -> DailyValues {
        let moods = try MoodEntryStore.moods(userID: scope.userID, from: range.start, before: range.end, on: connection)
        return DailyValues.means(of: moods.map { (scope.calendar.day(of: $0.recordedAt), Double($0.mood)) })
    }

    /// 1 on each day with a logged, non-skipped dose of an injectable GLP-1 (every brand but the
    /// oral ones), 0 on the others, from the first such day ever on: before it the user was not
    /// on an injectable, and those days say nothing.
    private func injectionDays(_ range: DayRange, period: InsightPeriod) throws -> DailyValues {
        let doses = try MedicationStore.glp1Doses(userID: scope.userID, before: range.end, on: connection)
        let oralBrands = Set(GLP1Catalog.drugs.flatMap(\.brands).filter { $0.route == .oral }.map(\.name))
        var injected = Set<String>()
        for dose in doses where !oralBrands.contains(dose.brand ?? "") {
            injected.insert(scope.calendar.day(of: dose.takenAt))
        }
        guard let first = injected.min() else { return DailyValues(byDay: [:]) }
        let days = period.days(in: scope.calendar).filter { $0 >= first }
        return DailyValues(byDay: Dictionary(uniqueKeysWithValues: days.map { ($0, injected.contains($0) ? 1 : 0) }))
    }

    private func doses(_ range: DayRange, period: InsightPeriod) throws -> DoseLog {
        let days = period.days(in: scope.calendar)
        var expected: [String: [String: Int]] = [:]
        for medication in try medications() {
            let due = DoseCadence.expectedDoses(medication, days: days, calendar: scope.calendar)
            if !due.isEmpty { expected[medication.id] = due }
        }
        var taken: [String: [String: Int]] = [:]
        for intake in try MedicationStore.taken(userID: scope.userID, from: range.start, before: range.end, on: connection) {
            taken[intake.medicationID, default: [:]][scope.calendar.day(of: intake.takenAt), default: 0] += 1
        }
        return DoseLog(expected: expected, taken: taken)
    }
}

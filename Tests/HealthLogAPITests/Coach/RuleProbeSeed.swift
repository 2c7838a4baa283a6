import Foundation
import XCTest

/// The fixed data set the behavioural rule probes are asked against, sent through the app's own
/// routes, and the numbers a reply may state about it. Dates count back from the user's today
/// (Europe/Berlin), so the set reads the same whenever the test runs: the daily series end today
/// (stamped a minute ago, so "this week" on a Monday and "this month" on the 1st have data).
/// Sleep, distance, active energy, heart rate, HRV and blood glucose are never sent — questions
/// about them must get the rule 3 pivot.
struct RuleProbeSeed {
    static let days = 60
    /// Days ago of every weekly Mounjaro injection (2.5 mg for the first four, then 5 mg).
    static let injectionOffsets = Array(stride(from: 3, through: days, by: 7)).reversed()

    /// Daily values per metric, oldest first, keyed by the app's metric name.
    private(set) var series: [String: [(day: String, value: Double)]] = [:]
    private(set) var injectionDays: Set<String> = []
    private(set) var doses: [Double] = []
    let today: String
    /// When today's values were taken: a minute before the test started.
    let todayStamp: String

    init(now: Date = Date()) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        func day(_ offset: Int) -> String {
            let date = calendar.date(byAdding: .day, value: -offset, to: now)!
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        }
        today = day(0)
        let stamp = now.addingTimeInterval(-60)
        todayStamp = ISO8601DateFormatter().string(from: stamp)
        // Just after midnight a minute ago is yesterday: then the series end yesterday.
        let first = calendar.isDate(stamp, inSameDayAs: now) ? 0 : 1
        let injections = Self.injectionOffsets
        injectionDays = Set(injections.map(day))
        doses = injections.enumerated().map { $0.offset < 4 ? 2.5 : 5 }
        for offset in (first..<Self.days).reversed() {
            let date = day(offset)
            series["steps", default: []].append((date, injectionDays.contains(date) ? 9000 : 6000))
            if offset < 30 {
                series["bp_systolic", default: []].append((date, 128))
                series["bp_diastolic", default: []].append((date, 82))
                series["resting_heart_rate", default: []].append((date, 58))
                series["mood", default: []].append((date, 4))
            }
        }
        for (index, offset) in injections.enumerated() {
            series["weight", default: []].append((day(offset), 92.0 - 0.6 * Double(index)))
        }
    }

    /// Sends the set through the batch, medication-intake and mood routes as the app would.
    func send(_ harness: HealthLogHarness, user: String, token: String) async throws {
        func at(_ day: String, _ time: String) -> String { day == today ? todayStamp : "\(day)T\(time)Z" }
        var entries: [[String: Any]] = []
        let kinds: [(String, String, String, String)] = [
            ("steps", "HKQuantityTypeIdentifierStepCount", "count", "11:00:00"),
            ("bp_systolic", "HKQuantityTypeIdentifierBloodPressureSystolic", "mmHg", "18:30:00"),
            ("bp_diastolic", "HKQuantityTypeIdentifierBloodPressureDiastolic", "mmHg", "18:30:00"),
            ("resting_heart_rate", "HKQuantityTypeIdentifierRestingHeartRate", "count/min", "06:00:00"),
            ("weight", "HKQuantityTypeIdentifierBodyMass", "kg", "06:30:00"),
        ]
        for (metric, identifier, unit, time) in kinds {
            for (day, value) in series[metric] ?? [] {
                let externalId = metric == "steps" ? "stats:\(identifier):\(day)" : "\(metric):\(day)"
                entries.append(Samples.entry(identifier, value: value, unit: unit, start: at(day, time), externalId: externalId))
            }
        }
        let batch = try await BatchClient.post(harness.url + "/api/measurements/batch", json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(batch.status, 200, batch.text)
        XCTAssertEqual(batch.inserted, entries.count, batch.text)
        let moods = (series["mood"] ?? []).map { SyncClient.mood(Int($0.value), at: at($0.day, "20:00:00")) }
        let mood = try await BatchClient.post(harness.url + "/api/mood-entries/bulk", json: ["entries": moods], bearer: token)
        XCTAssertEqual(mood.status, 200, mood.text)
        let medication = try await harness.database.insertMedication(user: user, name: "Mounjaro")
        let intakes = zip(injectionDays.sorted(), doses).map { SyncClient.intake(medication, at: at($0.0, "07:00:00"), doseMg: $0.1) }
        let intake = try await BatchClient.post(harness.url + "/api/medications/intake/bulk", json: ["entries": intakes], bearer: token)
        XCTAssertEqual(intake.status, 200, intake.text)
    }

    /// Every figure the data supports for `metric`, as `[decimals: written values]`: the mean of
    /// every run of consecutive days (any period a question can name), for steps also of its
    /// injection days and of its other days, and for weight every change between two readings;
    /// for `dose`, the logged doses.
    func figures(_ metric: String) -> [Int: Set<String>] {
        if metric == "dose" { return Self.written(Set(doses)) }
        let values = series[metric] ?? []
        var means: Set<Double> = Set(values.map(\.value))
        for start in values.indices {
            for end in start..<values.count {
                let window = values[start...end]
                means.insert(Self.mean(window.map(\.value)))
                if metric == "steps" {
                    let on = window.filter { injectionDays.contains($0.day) }.map(\.value)
                    let off = window.filter { !injectionDays.contains($0.day) }.map(\.value)
                    if !on.isEmpty { means.insert(Self.mean(on)) }
                    if !off.isEmpty { means.insert(Self.mean(off)) }
                }
                if metric == "weight" { means.insert(abs(values[end].value - values[start].value)) }
            }
        }
        return Self.written(means)
    }

    /// The figures of every metric and the logged doses; counts, days of the month and years
    /// (whole numbers up to 400, and 2020–2030) are allowed as well.
    func allowedNumbers() -> [Int: Set<String>] {
        var allowed = Self.written(Set(doses).union((0...400).map(Double.init)).union((2020...2030).map(Double.init)))
        for metric in series.keys {
            allowed.merge(figures(metric)) { $0.union($1) }
        }
        return allowed
    }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    /// Each value rounded to 0, 1 and 2 decimals, written with a decimal point, trailing zeros cut.
    static func written(_ values: Set<Double>) -> [Int: Set<String>] {
        var result: [Int: Set<String>] = [:]
        for value in values {
            for decimals in 0...2 {
                result[decimals, default: []].insert(number(value, decimals: decimals))
            }
        }
        return result
    }

    /// `value` rounded to `decimals`, written with a point and without trailing zeros.
    static func number(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}

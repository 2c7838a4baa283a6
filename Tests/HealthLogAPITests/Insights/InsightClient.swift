import Foundation
import Storage
import XCTest

/// Days of the harness's default user calendar (Europe/Berlin), counted from today: day(0) is
/// today there, day(-7) a week ago. Computed with Foundation, not the server's calendar code.
struct BerlinDays {
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()
    let today = Date()

    func day(_ offset: Int) -> String {
        let date = calendar.date(byAdding: .day, value: offset, to: today)!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// The first instant of that Berlin day, in UTC: inside the day, and never in the future
    /// (ingest refuses samples from the future, and today's noon may still be ahead).
    func start(_ offset: Int) -> String {
        let date = calendar.startOfDay(for: calendar.date(byAdding: .day, value: offset, to: today)!)
        return ISO8601DateFormatter().string(from: date)
    }
}

/// One signed-in app user sending data as the app does (the batch and bulk routes) and reading
/// the insights routes, over real HTTP.
struct InsightClient {
    let harness: HealthLogHarness
    let medications: MedicationClient
    let days = BerlinDays()
    var token: String { medications.token }

    init(_ harness: HealthLogHarness, email: String) throws {
        self.harness = harness
        medications = try MedicationClient(harness, email: email)
    }

    func get(_ path: String, headers: [String] = []) throws -> HTTPResult {
        try http("GET", harness.url + path, bearer: token, headers: headers)
    }

    func generate(_ json: String, headers: [String] = []) throws -> HTTPResult {
        try http("POST", harness.url + "/api/insights/generate", json: json, bearer: token, headers: headers)
    }

    /// The `data` of a 200 answer decoded with the app's strict decoder.
    func decode<T: Decodable>(_ type: T.Type, _ result: HTTPResult, file: StaticString = #filePath, line: UInt = #line) throws -> T {
        XCTAssertEqual(result.status, 200, result.body, file: file, line: line)
        return try AppDecoder.data(T.self, from: result.body)
    }

    /// Posts measurements through `POST /api/measurements/batch`, every one of which must be stored.
    func send(_ entries: [[String: Any]], file: StaticString = #filePath, line: UInt = #line) async throws {
        for start in stride(from: 0, to: entries.count, by: 500) {
            let part = Array(entries[start..<min(start + 500, entries.count)])
            let batch = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(part), bearer: token)
            XCTAssertEqual(batch.inserted, part.count, batch.text, file: file, line: line)
        }
    }

    /// A point reading (`HKQuantityTypeIdentifier` + `identifier`) at the start of day `offset`.
    func reading(_ identifier: String, _ value: Double, unit: String, day offset: Int) -> [String: Any] {
        Samples.entry("HKQuantityTypeIdentifier" + identifier, value: value, unit: unit, start: days.start(offset))
    }

    /// A day's total as the app sends it since contract §12: one `stats:` row per type and day.
    func dailyTotal(_ identifier: String, _ value: Double, unit: String, day offset: Int) -> [String: Any] {
        let hk = "HKQuantityTypeIdentifier" + identifier
        return Samples.entry(hk, value: value, unit: unit, start: days.start(offset), externalId: "stats:\(hk):\(days.day(offset))")
    }

    /// A stretch of core sleep of `minutes` ending as day `offset` begins (the day it counts for).
    func night(minutes: Double, day offset: Int) -> [String: Any] {
        let end = days.start(offset)
        let start = APIDateText.minus(minutes * 60, from: end)
        return Samples.entry("HKCategoryTypeIdentifierSleepAnalysis", value: minutes * 60, unit: "s", start: start, end: end,
                             extra: ["sleepStage": 3])
    }

    /// Mood entries (mood 1–5 at the start of each day) through `POST /api/mood-entries/bulk`.
    func sendMoods(_ moods: [(day: Int, mood: Int)], file: StaticString = #filePath, line: UInt = #line) async throws {
        let client = SyncClient(url: harness.url, token: token)
        let result = try await client.bulkMood(moods.map { SyncClient.mood($0.mood, at: days.start($0.day)) })
        XCTAssertEqual(result.inserted, moods.count, result.text, file: file, line: line)
    }

    /// Intake logs of `medicationID` through `POST /api/medications/intake/bulk` (at the start of each
    /// day); their ids in order.
    func sendIntakes(_ medicationID: String, _ intakes: [(day: Int, skipped: Bool)],
                     file: StaticString = #filePath, line: UInt = #line) async throws -> [String] {
        let client = SyncClient(url: harness.url, token: token)
        let result = try await client.bulkIntakes(intakes.map {
            SyncClient.intake(medicationID, at: days.start($0.day), extra: ["skipped": $0.skipped])
        })
        XCTAssertEqual(result.inserted, intakes.count, result.text, file: file, line: line)
        return result.ids.compactMap { $0 }
    }

    /// Sets one assistant switch (`insight_status`, `correlations`, `coach`, `enabled`), as an operator would.
    func setSwitch(_ column: String, on: Bool) async throws {
        try await harness.execute("UPDATE assistant_flags SET \(column) = $1", [.integer(on ? 1 : 0)])
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` arithmetic for building sample intervals.
enum APIDateText {
    static func minus(_ seconds: Double, from text: String) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: formatter.date(from: text)!.addingTimeInterval(-seconds))
    }
}

import Foundation
import Storage
import XCTest

/// `POST /api/measurements/batch` over real HTTP (contract §2.1), on SQLite and PostgreSQL.
final class MeasurementBatchTests: XCTestCase {
    func testSelfTest3_ResentExternalIdIsDuplicateNotAnErrorOnSQLite() async throws { try await selfTest3(.sqlite) }
    func testSelfTest3_ResentExternalIdIsDuplicateNotAnErrorOnPostgres() async throws { try await selfTest3(.postgres) }
    func testSelfTest4_SixHundredEntriesIs422TooLargeOnSQLite() async throws { try await selfTest4(.sqlite) }
    func testSelfTest4_SixHundredEntriesIs422TooLargeOnPostgres() async throws { try await selfTest4(.postgres) }
    func testEnvelopeCountsSkipReasonsAndCanonicalValuesOnSQLite() async throws { try await envelope(.sqlite) }
    func testEnvelopeCountsSkipReasonsAndCanonicalValuesOnPostgres() async throws { try await envelope(.postgres) }
    func testStrictSchemaRejectsTheWholeBatchAndWritesNothingOnSQLite() async throws { try await strictSchema(.sqlite) }
    func testStrictSchemaRejectsTheWholeBatchAndWritesNothingOnPostgres() async throws { try await strictSchema(.postgres) }
    func testBatchIsAuditedWithItsCountsOnSQLite() async throws { try await audit(.sqlite) }
    func testBatchIsAuditedWithItsCountsOnPostgres() async throws { try await audit(.postgres) }

    private func selfTest3(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "dup@example.com")
        let entry = Samples.entry(externalId: "8F2C1C0E-2D7B-4D67-9A3B-1F0E5C2B9A11")
        let first = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch([entry]), bearer: token)
        XCTAssertEqual(first.status, 200, first.text)
        XCTAssertEqual(first.statuses, ["inserted"])
        let again = try await BatchClient.post(harness.measurementsBatchURL,
                                               json: Samples.batch([entry, Samples.entry(externalId: "fresh")]), bearer: token)
        XCTAssertEqual(again.status, 200, again.text)
        XCTAssertNil(again.json["error"] as? String, "a duplicate is not an error")
        XCTAssertEqual(again.statuses, ["duplicate", "inserted"])
        XCTAssertEqual(again.duplicates, 1)
        XCTAssertEqual(again.inserted, 1)
        let rows = try await harness.count("SELECT COUNT(*) FROM measurements")
        XCTAssertEqual(rows, 2)
    }

    private func selfTest4(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "big@example.com")
        let entries = (0..<600).map { Samples.entry(externalId: "sample-\($0)") }
        let response = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(response.status, 422, response.text)
        XCTAssertEqual(response.errorCode, "measurement.batch.too_large")
        XCTAssertEqual((response.json["meta"] as? [String: Any])?["maxEntries"] as? Int, 500)
        let rows = try await harness.count("SELECT COUNT(*) FROM measurements")
        XCTAssertEqual(rows, 0)
        let exactly500 = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(Array(entries.prefix(500))),
                                                    bearer: token)
        XCTAssertEqual(exactly500.status, 200, "500 is the ceiling, not over it")
        XCTAssertEqual(exactly500.inserted, 500)
    }

    private func envelope(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "env@example.com")
        let entries: [[String: Any]] = [
            Samples.entry("HKQuantityTypeIdentifierBodyMass", value: 160, unit: "lb", externalId: "w1",
                          extra: ["deviceType": "scale", "externalSourceVersion": "17.4"]),
            Samples.entry("HKQuantityTypeIdentifierNumberOfAlcoholicBeverages", value: 1, unit: "count", externalId: "a1"),
            Samples.entry("HKQuantityTypeIdentifierHeartRate", value: 900, unit: "count/min", externalId: "h1"),
            Samples.entry("HKQuantityTypeIdentifierBodyMass", value: 70, unit: "furlong", externalId: "w2"),
            Samples.entry("HKCategoryTypeIdentifierSleepAnalysis", value: 90, unit: "min", start: "2026-05-16T01:00:00Z",
                          end: "2026-05-16T02:30:00Z", externalId: "s1", extra: ["sleepStage": 4, "deviceType": NSNull()]),
            Samples.entry("HKQuantityTypeIdentifierOxygenSaturation", value: 0.97, unit: "%", externalId: "o1",
                          extra: ["deviceType": "watch"]),
            Samples.entry(value: 10, start: "2026-05-16T10:00:00Z", end: "2026-05-16T09:00:00Z", externalId: "backwards"),
        ]
        let response = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(response.processed, 7)
        XCTAssertEqual(response.inserted, 3)
        XCTAssertEqual(response.duplicates, 0)
        XCTAssertEqual(response.skipped.map { $0["index"] as? Int }, [1, 2, 3, 6])
        XCTAssertEqual(response.skipped.map { $0["reason"] as? String },
                       ["unmappable_identifier", "value_out_of_range", "value_out_of_range", "value_out_of_range"])
        XCTAssertEqual(response.entries.map { $0["index"] as? Int }, Array(0..<7))
        XCTAssertEqual(response.statuses, ["inserted", "skipped", "skipped", "skipped", "inserted", "inserted", "skipped"])
        XCTAssertEqual(response.entries[1]["reason"] as? String, "unmappable_identifier")
        XCTAssertEqual(Set(response.entries[1].keys), ["index", "status", "reason"], "a skipped entry names its reason")
        for (index, entry) in response.entries.enumerated() where entry["status"] as? String != "skipped" {
            XCTAssertEqual(Set(entry.keys), ["index", "status"], "contract §2.1's item, exactly: entry \(index)")
        }

        let stored = try await harness.database.read { connection in
            try connection.query("""
                SELECT external_id, type, source, value, unit, hk_identifier, sleep_stage, device_type, external_source_version,
                       measured_at, end_at FROM measurements ORDER BY external_id
                """)
        }
        XCTAssertEqual(try stored.map { try $0.decode(String.self, "external_id") }, ["o1", "s1", "w1"])
        XCTAssertEqual(try stored.map { try $0.decode(String.self, "type") }, ["spo2", "sleep", "weight"])
        XCTAssertEqual(try stored[2].decode(Double.self, "value"), 72.5747792, accuracy: 1e-9)
        XCTAssertEqual(try stored[2].decode(String.self, "unit"), "kg")
        XCTAssertEqual(try stored[2].decode(String.self, "source"), "APPLE_HEALTH")
        XCTAssertEqual(try stored[2].decode(String?.self, "device_type"), "scale")
        XCTAssertEqual(try stored[2].decode(String?.self, "external_source_version"), "17.4")
        XCTAssertEqual(try stored[2].decode(Int64.self, "measured_at"), 1_778_918_400, "10:00+02:00 is 08:00Z")
        XCTAssertEqual(try stored[1].decode(Double.self, "value"), 5400)
        XCTAssertEqual(try stored[1].decode(Int?.self, "sleep_stage"), 4)
        XCTAssertEqual(try stored[1].decode(String?.self, "device_type"), nil)
        XCTAssertEqual(try stored[0].decode(Double.self, "value"), 97, accuracy: 1e-9)
        XCTAssertEqual(try stored[0].decode(String?.self, "hk_identifier"), "HKQuantityTypeIdentifierOxygenSaturation")
    }

    private func strictSchema(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "strict@example.com")
        let good = Samples.entry(externalId: "ok")
        let cases: [(String, Any)] = [
            ("entries[1].heartbeat", Samples.batch([good, Samples.entry(extra: ["heartbeat": 1])])),
            ("source", ["entries": [good], "source": "APPLE_HEALTH"]),
            ("entries", Samples.batch([])),
            ("entries[0].hkIdentifier", Samples.batch([Samples.entry(String(repeating: "H", count: 121))])),
            ("entries[0].unit", Samples.batch([Samples.entry(unit: String(repeating: "u", count: 61))])),
            ("entries[0].externalId", Samples.batch([Samples.entry(externalId: "")])),
            ("entries[0].startDate", Samples.batch([Samples.entry(start: "2026-05-16T10:00:00", end: "2026-05-16T10:00:00Z")])),
            ("entries[0].endDate", Samples.batch([Samples.entry(end: "2026-05-16 10:00:00Z")])),
            ("entries[0].sleepStage", Samples.batch([Samples.entry(extra: ["sleepStage": 21])])),
            ("entries[0].sleepStage", Samples.batch([Samples.entry(extra: ["sleepStage": 2.5])])),
            ("entries[0].deviceType", Samples.batch([Samples.entry(extra: ["deviceType": "toaster"])])),
            ("entries[0].value", Samples.batch([Samples.entry(extra: ["value": "12"])])),
            ("entries[0].externalSourceVersion", Samples.batch([Samples.entry(extra: ["externalSourceVersion": ""])])),
            ("entries[0].externalId", Samples.batch([Samples.entry(externalId: "abc\u{0}")])),
        ]
        for (path, body) in cases {
            let response = try await BatchClient.post(harness.measurementsBatchURL, json: body, bearer: token)
            XCTAssertEqual(response.status, 422, "\(path): \(response.text)")
            XCTAssertEqual(response.errorCode, "validation.failed", path)
            XCTAssertEqual((response.json["meta"] as? [String: Any])?["path"] as? String, path)
        }
        // 1e999 is well-formed JSON whose value overflows a double: like `z.number().finite()`, 422.
        // NaN is not JSON at all: 400.
        let infinite = #"{"entries":[{"hkIdentifier":"HKQuantityTypeIdentifierStepCount","value":1e999,"unit":"count","startDate":"2026-05-16T10:00:00Z","endDate":"2026-05-16T10:00:00Z","externalId":"x"}]}"#
        let overflow = try await BatchClient.post(harness.measurementsBatchURL, body: Data(infinite.utf8), bearer: token)
        XCTAssertEqual(overflow.status, 422, overflow.text)
        XCTAssertEqual(overflow.errorCode, "validation.failed")
        let nan = try await BatchClient.post(harness.measurementsBatchURL, body: Data(infinite.replacingOccurrences(of: "1e999", with: "NaN").utf8),
                                             bearer: token)
        XCTAssertEqual(nan.status, 400, nan.text)
        let unauthenticated = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch([good]), bearer: nil)
        XCTAssertEqual(unauthenticated.status, 401)
        let rows = try await harness.count("SELECT COUNT(*) FROM measurements")
        XCTAssertEqual(rows, 0, "a rejected batch writes nothing")
    }

    private func audit(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "audit@example.com")
        let entries = [Samples.entry(externalId: "a"), Samples.entry(externalId: "a"), Samples.entry("HKQuantityTypeIdentifierNope")]
        let response = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(response.statuses, ["inserted", "duplicate", "skipped"], "a repeat inside one batch is a duplicate too")
        let details = try await harness.database.read { connection in
            try connection.queryFirst("SELECT details FROM audit_log WHERE action = 'measurement.batch.ingest'")?.decode(String.self, "details")
        }
        let parsed = try JSONSerialization.jsonObject(with: Data(XCTUnwrap(details).utf8)) as? [String: Int]
        XCTAssertEqual(parsed, ["processed": 3, "inserted": 1, "duplicates": 1, "skipped": 1])
        let enqueued = try await harness.count("SELECT COUNT(*) FROM audit_log WHERE action = 'personal_records.detection_enqueued'")
        XCTAssertEqual(enqueued, 1)
    }
}

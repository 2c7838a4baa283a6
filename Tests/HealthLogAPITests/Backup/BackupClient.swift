import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// The backup routes as a client uses them, and ways to compare what they return and store.
enum BackupClient {
    /// The export, read by curl, and its body parsed.
    static func export(_ harness: HealthLogHarness, access: String) throws -> (result: HTTPResult, document: [String: Any]) {
        let result = try harness.get("/api/backup/export", bearer: access)
        XCTAssertEqual(result.status, 200, result.body)
        let document = try JSONSerialization.jsonObject(with: Data(result.body.utf8)) as? [String: Any]
        return (result, try XCTUnwrap(document, "the export is one JSON object"))
    }

    /// Posted with URLSession: a document of any size.
    static func `import`(_ harness: HealthLogHarness, access: String, body: Data) async throws -> BatchResponse {
        try await BatchClient.post(harness.url + "/api/backup/import", body: body, bearer: access)
    }

    static func `import`(_ harness: HealthLogHarness, access: String, document: [String: Any]) async throws -> BatchResponse {
        try await self.import(harness, access: access, body: try JSONSerialization.data(withJSONObject: document))
    }

    static func rows(_ document: [String: Any], _ key: String) -> [[String: Any]] {
        document[key] as? [[String: Any]] ?? []
    }

    /// What two exports of the same data share: every row as sorted-key JSON, each array
    /// sorted, with exportedAt, the e-mail and the medication ids left out (an intake names
    /// its medication by name instead).
    static func comparable(_ document: [String: Any]) throws -> [String: [String]] {
        var comparable: [String: [String]] = [:]
        var profile = try XCTUnwrap(document["profile"] as? [String: Any])
        profile["email"] = nil
        comparable["profile"] = [try text(profile)]
        var names: [String: String] = [:]
        for medication in rows(document, "medications") { names[medication["id"] as? String ?? ""] = medication["name"] as? String }
        for key in FullAccount.liveRows.keys {
            comparable[key] = try rows(document, key).map { row in
                var row = row
                if key == "medications" { row["id"] = nil }
                if key == "intakes" { row["medicationId"] = names[row["medicationId"] as? String ?? ""] }
                return try text(row)
            }.sorted()
        }
        return comparable
    }

    private static func text(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Every date-time of the document is `YYYY-MM-DDTHH:MM:SSZ`.
    static func assertDatesAreIOSDates(_ document: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        let dateKeys: Set = ["measuredAt", "endAt", "createdAt", "startedAt", "endedAt", "takenAt", "recordedAt"]
        for key in FullAccount.liveRows.keys {
            for row in rows(document, key) {
                for (name, value) in row where dateKeys.contains(name) { assertIOSDate(value, "\(key).\(name)", file: file, line: line) }
            }
        }
    }

    /// The user's rows of every table a backup restores, and their sync counter, as text.
    static func snapshot(_ harness: HealthLogHarness, userID: String) async throws -> [String] {
        try await harness.database.read { connection in
            try (BackupTables.all.map(\.table) + ["sync_counters"]).flatMap { table in
                try connection.query("SELECT * FROM \(table) WHERE user_id = $1", userID)
                    .map { "\(table): " + $0.values.map(\.description).joined(separator: "|") }.sorted()
            }
        }
    }
}

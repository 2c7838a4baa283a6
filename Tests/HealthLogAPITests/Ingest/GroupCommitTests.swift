import Foundation
import HTTPServer
@testable import HealthLogAPI
@testable import Storage
import TestDatabaseSupport
import XCTest

/// Measurement batches that reach the writer together (SQLite: one group, one commit; PostgreSQL:
/// a transaction each), one of them failing inside the database: its rows, sync counter, audit
/// rows and detection job are not stored and it gets its own error; the others are stored with
/// everything that goes with them, and a batch overlapping one before it in the group finds
/// those entries as duplicates.
final class GroupCommitTests: XCTestCase {
    func testFailingBatchInAGroupStoresNothingAndTheOthersEverythingOnSQLite() async throws { try await failingBatch(.sqlite) }
    func testFailingBatchInAGroupStoresNothingAndTheOthersEverythingOnPostgres() async throws { try await failingBatch(.postgres) }

    private struct Batch: Sendable {
        let userID: String
        let mapped: [Result<MeasurementRow, SkipReason>]

        /// Step counts with external ids `prefix-first` …; `reusing` gives the last row the id of a
        /// stored row, so the batch fails on the primary key after its other writes.
        init(userID: String, prefix: String, _ range: Range<Int>, reusing storedID: String? = nil) {
            self.userID = userID
            let now = Clock.now(), ids = BatchRowIDs.make(count: range.count, for: .sqlite)
            mapped = range.enumerated().map { index, number in
                let start = Date(timeIntervalSince1970: TimeInterval(now - 86_400 + Int64(number) * 60))
                let entry = MeasurementBatchBody.Entry(hkIdentifier: "HKQuantityTypeIdentifierStepCount", value: 100, unit: "count",
                                                       startDate: start, endDate: start, sleepStage: nil, externalId: "\(prefix)-\(number)",
                                                       externalSourceVersion: nil, deviceType: nil)
                let id = index == range.count - 1 ? storedID ?? ids[index] : ids[index]
                return MeasurementRow.map(entry, index: index, id: id, now: now)
            }
        }

        func store(_ database: Database) async throws -> BatchResult {
            try await MeasurementIngest.batch.store(mapped, userID: userID, request: Request(method: .post, target: "/api/measurements/batch"),
                                                    now: Clock.now(), database: database)
        }
    }

    private func failingBatch(_ backend: TestBackend) async throws {
        let database = try Database.open(url: try makeDatabaseURL(backend), poolSize: 2)
        addTeardownBlock { database.close() }
        try await database.migrate(HealthLogMigrations.all)
        let users = try ["ada", "bob", "cy"].map { name in
            try UserAccounts.create(UserAccounts.NewAccount(email: "\(name)@example.com", password: HealthLogHarness.password, role: .user,
                                                            timezone: "UTC"), hasher: .minimal, database: database)
        }
        let (ada, bob, cy) = (users[0], users[1], users[2])
        _ = try await Batch(userID: cy, prefix: "cy", 0..<10).store(database)
        let storedID = try await database.read {
            try $0.queryFirst("SELECT id FROM measurements WHERE user_id = $1", cy)?.decode(String.self, "id")
        }
        let before = try await snapshot(database, bob)

        let batches = [Batch(userID: ada, prefix: "ada", 0..<20), Batch(userID: bob, prefix: "bob", 0..<20, reusing: try XCTUnwrap(storedID)),
                       Batch(userID: cy, prefix: "cy", 5..<15), Batch(userID: ada, prefix: "ada", 10..<30)]
        let commitsBefore = database.transactionGroup?.commitCount
        let (results, allWaited) = try await WriterHold.queued(on: database, batches.map { batch in { try await batch.store(database) } })
        XCTAssertTrue(allWaited, "all four batches wait for the writer")

        XCTAssertThrowsError(try results[1].get()) { XCTAssertEqual(($0 as? DatabaseError)?.kind, .uniqueViolation, "\($0)") }
        let bobAfter = try await snapshot(database, bob)
        XCTAssertEqual(bobAfter, before, "the failing batch stores no row, audit row, job or sync counter")
        let adaResults = try [results[0].get(), results[3].get()]
        XCTAssertEqual(adaResults.map(\.inserted).reduce(0, +), 30)
        XCTAssertEqual(adaResults.map(\.duplicates).reduce(0, +), 10, "the overlap is a duplicate for whichever ran second")
        XCTAssertEqual(try results[2].get().inserted, 5)
        XCTAssertEqual(try results[2].get().duplicates, 5)
        let adaState = try await snapshot(database, ada), cyState = try await snapshot(database, cy)
        XCTAssertEqual(adaState.rows, 30)
        XCTAssertEqual(adaState.syncVersions, 30, "every row has its own sync version")
        XCTAssertEqual(adaState.audit, [AuditAction.measurementBatchIngest, AuditAction.measurementBatchIngest,
                                        AuditAction.personalRecordsDetectionEnqueued, AuditAction.personalRecordsDetectionEnqueued])
        XCTAssertEqual(adaState.jobs, 1, "both batches enqueue detection; the second joins the waiting job")
        XCTAssertEqual(cyState.rows, 15)
        if let commitsBefore, let group = database.transactionGroup {
            XCTAssertEqual(group.commitCount, commitsBefore + 1, "the four batches committed together")
        }
    }

    private struct UserState: Equatable {
        var rows = 0
        var syncVersions = 0
        var audit: [String] = []
        var jobs = 0
        var counter: Int64?
    }

    private func snapshot(_ database: Database, _ userID: String) async throws -> UserState {
        try await database.read { connection in
            func count(_ sql: String) throws -> Int { try connection.queryFirst(sql, [.text(userID)])?.decode(Int.self, "n") ?? 0 }
            return UserState(
                rows: try count("SELECT count(*) AS n FROM measurements WHERE user_id = $1"),
                syncVersions: try count("SELECT count(DISTINCT sync_version) AS n FROM measurements WHERE user_id = $1"),
                audit: try connection.query("SELECT action FROM audit_log WHERE user_id = $1", userID)
                    .map { try $0.decode(String.self, "action") }.sorted(),
                jobs: try count("SELECT count(*) AS n FROM personal_record_jobs WHERE user_id = $1"),
                counter: try connection.queryFirst("SELECT value FROM sync_counters WHERE user_id = $1", userID)?.decode(Int64.self, "value"))
        }
    }
}

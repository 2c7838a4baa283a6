import Foundation
@testable import HealthLogAPI
import Storage
import TestHTTPClients
import XCTest

/// `kill -9` of a real `healthlog serve` process while eight clients post overlapping batches
/// with Idempotency-Keys. After a restart on the same database: every entry answered `inserted`
/// is stored (by that batch), no batch is half-stored, and a client retrying the batch it got no
/// answer for gets either the stored answer or a clean run, after at most one claim lease
/// (10 s) of 409 `idempotency.in_progress` with `Retry-After` while the dead process's claim
/// runs out.
final class CrashRecoveryTests: XCTestCase {
    func testKillNineDuringOverlappingBatchesLosesNothingOnSQLite() async throws { try await crash(.sqlite) }
    func testKillNineDuringOverlappingBatchesLosesNothingOnPostgres() async throws { try await crash(.postgres) }

    static let clients = 8, batchesPerClient = 4, entriesPerBatch = 300
    /// The kill comes once this many batches were answered, with the other clients' in flight.
    static let answersBeforeKill = 10

    /// One client's batch: its key tags every entry (`externalSourceVersion`), so the rows a
    /// batch inserted can be told from the rows of the batches it overlaps.
    /// `body` is serialised once: a retry must send the very bytes the first request did.
    struct Batch: Sendable {
        let key: String
        let ids: [String]
        let body: Data

        init(key: String, ids: [String]) {
            self.key = key
            self.ids = ids
            let entries = ids.map { Samples.entry(value: 100, externalId: $0, extra: ["externalSourceVersion": key]) }
            body = try! JSONSerialization.data(withJSONObject: Samples.batch(entries))
        }
    }

    enum Outcome: Sendable {
        case answered(Batch, BatchResponse)
        case unanswered(Batch)
    }

    private func crash(_ backend: TestBackend) async throws {
        let databaseURL = try makeDatabaseURL(backend)
        let environment = ["HEALTHLOG_PASSWORD_HASH_COST": "minimal"]
        let arguments = ["--database", databaseURL, "--no-access-log"]
        let first = try ServiceProcess("healthlog", arguments: arguments, environment: environment)
        let database = try Database.open(url: databaseURL, poolSize: 1)
        defer { database.close() }
        let userID = try UserAccounts.create(UserAccounts.NewAccount(email: "crash@example.com", password: HealthLogHarness.password,
                                                                     role: .user, timezone: "UTC"), hasher: .minimal, database: database)
        let token = try Self.signIn(first.url)

        let outcomes = try await Self.postUntilKilled(first, token: token)
        let unanswered = outcomes.compactMap { if case .unanswered(let batch) = $0 { batch } else { nil } }
        XCTAssertFalse(unanswered.isEmpty, "the kill must land while batches are in flight")

        var tags = try await Self.storedTags(database, userID: userID)
        for case .answered(let batch, let response) in outcomes {
            XCTAssertEqual(response.status, 200, response.text)
            let inserted = Set(zip(batch.ids, response.statuses).filter { $0.1 == "inserted" }.map(\.0))
            XCTAssertEqual(Set(tags.filter { $0.value == batch.key }.keys), inserted, "\(batch.key): its inserted entries, and only those, are stored as its own")
            XCTAssertTrue(batch.ids.allSatisfy { tags[$0] != nil }, "\(batch.key): every answered entry is stored")
        }
        for batch in unanswered {
            let own = tags.filter { $0.value == batch.key }
            XCTAssertTrue(own.isEmpty || batch.ids.allSatisfy { tags[$0] != nil }, "\(batch.key) is half-stored")
        }

        let committed = unanswered.filter { batch in tags.contains { $0.value == batch.key } }.count
        let second = try ServiceProcess("healthlog", arguments: arguments, environment: environment)
        let restarted = Date()
        var replays = 0
        for batch in unanswered {
            let retry = try await Self.retry(batch, url: second.url + "/api/measurements/batch", token: token)
            XCTAssertEqual(retry.status, 200, "\(batch.key) retried: \(retry.text)")
            tags = try await Self.storedTags(database, userID: userID)
            let own = Set(tags.filter { $0.value == batch.key }.keys)
            if retry.headers["idempotent-replayed"] == "true" {
                replays += 1
                XCTAssertEqual(Set(zip(batch.ids, retry.statuses).filter { $0.1 == "inserted" }.map(\.0)), own, "\(batch.key): replayed answer")
            } else {
                XCTAssertTrue(batch.ids.allSatisfy { tags[$0] != nil }, "\(batch.key): a clean run stores the whole batch")
                XCTAssertTrue(Set(zip(batch.ids, retry.statuses).filter { $0.1 == "inserted" }.map(\.0)).isSubset(of: own))
            }
        }
        let rows = try await database.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM measurements WHERE user_id = $1", userID) }
        XCTAssertEqual(try rows?.decode(Int.self, "n"), Set(outcomes.flatMap { outcome -> [String] in
            switch outcome {
            case .answered(let batch, _), .unanswered(let batch): batch.ids
            }
        }).count, "after the retries every posted sample is stored once")
        print("crash-recovery \(backend): \(outcomes.count - unanswered.count) batches answered, \(unanswered.count) unanswered "
              + "(\(committed) of them committed before the kill); retries: \(replays) replayed, \(unanswered.count - replays) clean runs, "
              + "all answered \(String(format: "%.1f", Date().timeIntervalSince(restarted))) s after the restart")
        XCTAssertLessThan(Date().timeIntervalSince(restarted), Double(IdempotencyStore(database: database).leaseSeconds) + 5,
                          "a dead process's claims are taken over once their lease ran out")
        _ = second.terminate()
    }

    /// Posts `batch` again with its key as a client does: a claim of the killed process still
    /// within its lease answers 409 `idempotency.in_progress` with `Retry-After`, honoured here.
    private static func retry(_ batch: Batch, url: String, token: String) async throws -> BatchResponse {
        while true {
            let response = try await BatchClient.post(url, body: batch.body, bearer: token, headers: ["Idempotency-Key": batch.key])
            guard response.status == 409, response.errorCode == "idempotency.in_progress",
                  let wait = response.headers["retry-after"].flatMap(Int.init), wait <= 11 else { return response }
            try await Task.sleep(for: .seconds(wait))
        }
    }

    private static func signIn(_ url: String) throws -> String {
        let login = try http("POST", url + "/api/auth/login",
                             json: #"{"email":"crash@example.com","password":"\#(HealthLogHarness.password)"}"#)
        guard login.status == 200, let token = login.data["accessToken"] as? String else {
            throw HealthLogHarness.LoginFailed(result: login)
        }
        return token
    }

    /// Eight clients post their batches one after another, each overlapping its neighbours'
    /// (windows of 300 ids, 120 apart); the server is killed after `answersBeforeKill` answers.
    /// A client whose request fails records the batch as unanswered and stops.
    private static func postUntilKilled(_ server: ServiceProcess, token: String) async throws -> [Outcome] {
        let url = server.url + "/api/measurements/batch"
        let answers = AnswerCounter(killAt: answersBeforeKill) { server.killHard() }
        return try await withThrowingTaskGroup(of: [Outcome].self) { group in
            for client in 0..<clients {
                group.addTask {
                    var outcomes: [Outcome] = []
                    for round in 0..<batchesPerClient {
                        let start = (round * clients + client) * 120
                        let batch = Batch(key: "c\(client)-b\(round)", ids: (start..<start + entriesPerBatch).map { "sample-\($0)" })
                        do {
                            let response = try await BatchClient.post(url, body: batch.body, bearer: token,
                                                                      headers: ["Idempotency-Key": batch.key])
                            outcomes.append(.answered(batch, response))
                            answers.record()
                        } catch {
                            outcomes.append(.unanswered(batch))
                            break
                        }
                    }
                    return outcomes
                }
            }
            var all: [Outcome] = []
            for try await outcomes in group { all += outcomes }
            return all
        }
    }

    /// externalId → the batch key of the batch that inserted it.
    private static func storedTags(_ database: Database, userID: String) async throws -> [String: String] {
        let rows = try await database.read {
            try $0.query("SELECT external_id, external_source_version FROM measurements WHERE user_id = $1", userID)
        }
        var tags: [String: String] = [:]
        for row in rows { tags[try row.decode(String.self, "external_id")] = try row.decode(String.self, "external_source_version") }
        return tags
    }
}

/// Counts answers across the clients and runs `kill` once, when the count reaches `killAt`.
private final class AnswerCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private let killAt: Int
    private let kill: @Sendable () -> Void

    init(killAt: Int, kill: @escaping @Sendable () -> Void) {
        self.killAt = killAt
        self.kill = kill
    }

    func record() {
        let reached = lock.withLock {
            count += 1
            return count == killAt
        }
        if reached { kill() }
    }
}

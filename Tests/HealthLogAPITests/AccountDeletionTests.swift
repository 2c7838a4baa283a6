import Foundation
@testable import HealthLogAPI
import HTTPServer
import Storage
import XCTest

/// `DELETE /api/auth/me` (GDPR Art. 17): every table of the schema is checked, so a migration
/// adding a table that holds users' rows fails here until `AccountDeletion` covers it.
final class AccountDeletionTests: XCTestCase {
    func testDeletingAnAccountLeavesNothingOfItInAnyTableAndKeepsTheOthersOnSQLite() async throws { try await leave(.sqlite) }
    func testDeletingAnAccountLeavesNothingOfItInAnyTableAndKeepsTheOthersOnPostgres() async throws { try await leave(.postgres) }

    func testAnAuditRowQueuedForAnAccountDeletedMeanwhileIsDroppedAloneOnSQLite() async throws { try await lateAuditRow(.sqlite) }
    func testAnAuditRowQueuedForAnAccountDeletedMeanwhileIsDroppedAloneOnPostgres() async throws { try await lateAuditRow(.postgres) }

    /// Tables that hold nothing of any user; every other table must be one `AccountDeletion` handles.
    static let tablesWithoutPersonalData: Set = ["assistant_flags", "schema_migrations"]

    private func leave(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let leaving = try await seed(harness, email: "leaving@example.com", withingsUserID: 111)
        let staying = try await seed(harness, email: "staying@example.com", withingsUserID: 222)
        let browser = try harness.login(leaving.email, userAgent: UserAgents.browser)
        let cookie = String(try XCTUnwrap(browser.header("Set-Cookie")).split(separator: ";")[0])
        _ = try harness.login(leaving.email, password: "not the password")  // leaves an e-mail throttle row
        let settled = try await eventually(timeout: 15) { try await self.jobsFinished(harness) }
        XCTAssertTrue(settled, "personal-record jobs settle first")

        let tables = try await Self.tables(harness)
        let covered = Set(AccountDeletion.steps.map(\.table))
        for (table, columns) in tables.sorted(by: { $0.key < $1.key }) {
            XCTAssertTrue(covered.contains(table) || Self.tablesWithoutPersonalData.contains(table),
                          "\(table) is neither deleted by AccountDeletion nor listed as holding no personal data")
            if columns.contains("user_id") {
                XCTAssertTrue(covered.contains(table), "\(table) has user_id but AccountDeletion does not cover it")
                let held = try await count(harness, "SELECT COUNT(*) AS n FROM \(table) WHERE user_id = $1", leaving.userID)
                XCTAssertGreaterThan(held, 0, "the seed must give the leaving user a row in \(table), or this test proves nothing there")
            }
        }
        let emailKey = LoginThrottle.emailKey(leaving.email)
        let throttled = try await count(harness, "SELECT COUNT(*) AS n FROM login_throttle WHERE key = $1", emailKey)
        XCTAssertEqual(throttled, 1)
        let auditRows = try await count(harness, "SELECT COUNT(*) AS n FROM audit_log WHERE user_id = $1", leaving.userID)
        let kept = try await rows(harness, of: staying.userID, in: tables)
        let stayingAudit = try await harness.auditActions(userID: staying.userID)

        let wrong = try http("DELETE", harness.url + "/api/auth/me", json: #"{"password":"guess"}"#, bearer: leaving.access)
        XCTAssertEqual(wrong.status, 403, wrong.body)
        XCTAssertEqual(wrong.errorCode, "auth.password_incorrect")
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: leaving.access).status, 200, "a wrong password deletes nothing")
        let strict = try http("DELETE", harness.url + "/api/auth/me", json: #"{"password":"\#(HealthLogHarness.password)","confirm":true}"#,
                              cookie: cookie, headers: [harness.sameOrigin])
        XCTAssertEqual(strict.status, 422, strict.body)
        let deleted = try http("DELETE", harness.url + "/api/auth/me", json: #"{"password":"\#(HealthLogHarness.password)"}"#, cookie: cookie,
                               headers: [harness.sameOrigin])
        XCTAssertEqual(deleted.status, 204, deleted.body)
        XCTAssertEqual(deleted.header("Set-Cookie"), "__Host-healthlog_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure")
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: leaving.access).status, 401)
        XCTAssertEqual(try harness.get("/api/auth/me", cookie: cookie).status, 401)
        // Queued after the leaving user's last bearer row, so written in the same flush or a later one.
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: staying.access).status, 200)
        let written = try await eventually { try await harness.auditActions(userID: staying.userID) == stayingAudit + [AuditAction.bearerSuccess] }
        XCTAssertTrue(written, "the staying user's new bearer row")

        let traces = [leaving.userID, leaving.email, String(emailKey.dropFirst("email:".count))]
        for table in tables.keys.sorted() {
            let all = try await harness.database.read { try $0.query("SELECT * FROM \(table)", []) }
            for row in all {
                for value in row.values {
                    guard case .text(let text) = value else { continue }
                    XCTAssertFalse(traces.contains { text.contains($0) }, "\(table) still holds \(text)")
                }
            }
        }
        for table in ["withings_accounts", "withings_notifications"] {
            let linked = try await count(harness, "SELECT COUNT(*) AS n FROM \(table) WHERE withings_user_id = $1", Int64(111))
            XCTAssertEqual(linked, 0, table)
        }
        let anonymised = try await count(harness, """
            SELECT COUNT(*) AS n FROM audit_log WHERE user_id IS NULL AND ip IS NULL AND user_agent IS NULL AND details IS NULL
            """)
        XCTAssertGreaterThanOrEqual(anonymised, auditRows, "the leaving user's audit rows are kept, anonymised")
        let record = try await harness.database.read { connection in
            try connection.queryFirst("SELECT details, ip FROM audit_log WHERE action = $1", AccountDeletion.auditAction)
        }
        XCTAssertEqual(try record?.decode(String?.self, "details"), #"{"requestedBy":"user"}"#)
        let remaining = try await rows(harness, of: staying.userID, in: tables)
        XCTAssertEqual(remaining, kept, "the staying user's rows are all there")
    }

    /// The batcher writes bearer rows after the request: one of an account deleted in between is
    /// dropped, and the rest of its batch is still written (the foreign key would refuse it all).
    private func lateAuditRow(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let gone = try harness.createUser("gone@example.com"), here = try harness.createUser("here@example.com")
        let batcher = AuditBatcher(database: harness.database, logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
        // Stamped now: the server's retention pruner removes rows older than the retention window.
        let now = Clock.now()
        for userID in [gone, here, nil] {
            var entry = AuditEntry(anonymous: AuditAction.bearerSuccess, at: now)
            entry.userID = userID
            batcher.record(entry)
        }
        try await harness.database.transaction { connection in
            try AccountDeletion.delete(userID: gone, email: "gone@example.com", requestedBy: .operator, now: now, on: connection)
        }
        await batcher.flush()
        let hereActions = try await harness.auditActions(userID: here), goneActions = try await harness.auditActions(userID: gone)
        XCTAssertEqual(hereActions, [AuditAction.bearerSuccess])
        XCTAssertEqual(goneActions, [])
        let written = try await count(harness, "SELECT COUNT(*) AS n FROM audit_log WHERE action = $1", AuditAction.bearerSuccess)
        XCTAssertEqual(written, 2, "the kept row and the one of no account")
    }

    /// A full account plus what only signing in and syncing leave behind: a refresh family, a
    /// browser session, an Idempotency-Key, a personal record, a linked Withings account.
    private func seed(_ harness: HealthLogHarness, email: String, withingsUserID: Int64) async throws -> FullAccount {
        let account = try await FullAccount.seed(harness, email: email)
        let keyed = try await BatchClient.post(harness.url + "/api/measurements/batch", json: Samples.batch([Samples.entry()]),
                                               bearer: account.access, headers: ["Idempotency-Key": UUID().uuidString])
        XCTAssertEqual(keyed.status, 200, keyed.text)
        let coach = try CoachClient.ask(harness.url, "How did I sleep last week?", bearer: account.access)
        XCTAssertEqual(coach.names.last, "done", coach.raw)
        try await harness.execute("""
            INSERT INTO personal_records (user_id, record, value, unit, achieved_at, day, detected_at)
            VALUES ($1, 'seeded_record', 1, 'count', 1, NULL, 1)
            """, [.text(account.userID)])
        try await harness.execute("INSERT INTO withings_accounts (withings_user_id, user_id, linked_at) VALUES ($1, $2, 1)",
                                  [.integer(withingsUserID), .text(account.userID)])
        try await harness.execute("INSERT INTO withings_link_states (state_hash, user_id, expires_at) VALUES ($1, $2, 1)",
                                  [.text(UUID().uuidString), .text(account.userID)])
        try await harness.execute("""
            INSERT INTO withings_notifications (id, withings_user_id, appli, startdate, enddate, event, status, user_id, received_at, resolved_at)
            VALUES ($1, $3, 1, 10, 20, '', 'ready_to_fetch', $4, 30, 30), ($2, $3, 4, 10, 20, '', 'unlinked', NULL, 30, 30)
            """, [.text(UUID().uuidString.lowercased()), .text(UUID().uuidString.lowercased()), .integer(withingsUserID), .text(account.userID)])
        return account
    }

    private func jobsFinished(_ harness: HealthLogHarness) async throws -> Bool {
        try await count(harness, "SELECT COUNT(*) AS n FROM personal_record_jobs WHERE state IN ('pending', 'running')") == 0
    }

    /// Every table of the schema with its columns.
    static func tables(_ harness: HealthLogHarness) async throws -> [String: Set<String>] {
        let dialect = harness.database.dialect
        return try await harness.database.read { connection in
            let names: [String] = try dialect == .sqlite
                ? connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").map { try $0.decode("name") }
                : connection.query("""
                    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                    """).map { try $0.decode("name") }
            var tables: [String: Set<String>] = [:]
            for name in names {
                let columns: [String] = try dialect == .sqlite
                    ? connection.query("SELECT name FROM pragma_table_info($1)", name).map { try $0.decode("name") }
                    : connection.query("""
                        SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1
                        """, name).map { try $0.decode("name") }
                tables[name] = Set(columns)
            }
            return tables
        }
    }

    /// The user's rows of every table with `user_id` but the audit trail (compared on its own),
    /// and their `users` row, as sorted text.
    private func rows(_ harness: HealthLogHarness, of userID: String, in tables: [String: Set<String>]) async throws -> [String] {
        let owned = tables.filter { $0.key != "audit_log" && $0.value.contains("user_id") }.keys.sorted()
        return try await harness.database.read { connection in
            try (owned.map { ($0, "user_id") } + [("users", "id")]).flatMap { table, column in
                try connection.query("SELECT * FROM \(table) WHERE \(column) = $1", userID)
                    .map { "\(table): " + $0.values.map(\.description).joined(separator: "|") }.sorted()
            }
        }
    }

    private func count(_ harness: HealthLogHarness, _ sql: String, _ parameters: any SQLValueConvertible...) async throws -> Int64 {
        let values = parameters.map(\.sqlValue)
        return try await harness.database.read { try $0.queryFirst(sql, values)?.decode(Int64.self, "n") ?? -1 }
    }
}

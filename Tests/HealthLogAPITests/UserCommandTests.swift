import Foundation
import TestHTTPClients
@testable import HealthLogAPI
import Storage
import XCTest

/// `healthlog user create`, `user delete` and `healthlog openapi` as an operator runs them: the real executable.
final class UserCommandTests: XCTestCase {
    /// `healthlog` is built next to the test bundle (`<bin path>/<Package>PackageTests.xctest`),
    /// whatever the package, configuration or build directory.
    private static var executable: URL {
        get throws {
            // A bundle directory on macOS; on Linux the .xctest file is the running executable itself.
            let testBundle = Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }?.bundleURL ?? Bundle.main.executableURL
            guard let testBundle else { throw MissingExecutable(path: "no test bundle") }
            let executable = testBundle.deletingLastPathComponent().appendingPathComponent("healthlog")
            guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw MissingExecutable(path: executable.path) }
            return executable
        }
    }

    struct MissingExecutable: Error, CustomStringConvertible {
        let path: String
        var description: String { "healthlog is not built next to the tests (\(path)): run swift build --build-tests" }
    }

    private func run(_ arguments: [String], database: String, input: String? = nil) throws -> (status: Int32, output: String, error: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = database
        environment["HEALTHLOG_PASSWORD_HASH_COST"] = "minimal"
        let result = try Subprocess.run(try Self.executable.path, arguments, environment: environment, input: input.map { Data($0.utf8) })
        return (result.status, String(decoding: result.output, as: UTF8.self), String(decoding: result.error, as: UTF8.self))
    }

    func testUserCreateStoresAnArgon2idHashAndRefusesDuplicatesAndBadInputOnSQLite() async throws { try await create(.sqlite) }
    func testUserCreateStoresAnArgon2idHashAndRefusesDuplicatesAndBadInputOnPostgres() async throws { try await create(.postgres) }

    private func create(_ backend: TestBackend) async throws {
        let url = try makeDatabaseURL(backend)
        let created = try run(["user", "create", "--email", "Op@Example.com", "--password", "long enough pw", "--admin",
                               "--timezone", "Europe/Vienna"], database: url)
        XCTAssertEqual(created.status, 0, created.error)
        XCTAssertTrue(created.output.contains("created admin op@example.com"), created.output)

        let database = try Database.open(url: url, poolSize: 1)
        defer { database.close() }
        let row = try await database.read { try $0.queryFirst("SELECT email, role, timezone, password_hash FROM users") }
        XCTAssertEqual(try row?.decode(String.self, "email"), "op@example.com")
        XCTAssertEqual(try row?.decode(String.self, "role"), "admin")
        XCTAssertEqual(try row?.decode(String.self, "timezone"), "Europe/Vienna")
        XCTAssertTrue(try row?.decode(String.self, "password_hash").hasPrefix("$argon2id$") == true)

        let duplicate = try run(["user", "create", "--email", "op@example.com", "--password", "another password"], database: url)
        XCTAssertEqual(duplicate.status, 65)
        XCTAssertTrue(duplicate.error.contains("already exists"), duplicate.error)
        let badZone = try run(["user", "create", "--email", "z@example.com", "--password", "long enough pw",
                               "--timezone", "Mars/Olympus"], database: url)
        XCTAssertEqual(badZone.status, 65)
        XCTAssertTrue(badZone.error.contains("unknown time zone"), badZone.error)
        let badEmail = try run(["user", "create", "--email", "not-an-address", "--password", "long enough pw"], database: url)
        XCTAssertEqual(badEmail.status, 65)
        let missing = try run(["user", "create", "--email", "m@example.com"], database: url)
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.error.contains("usage: healthlog user create"), missing.error)
        let count = try await database.read { try $0.queryFirst("SELECT count(*) AS n FROM users")?.decode(Int.self, "n") }
        XCTAssertEqual(count, 1)
    }

    func testUserDeleteRemovesTheAccountWithEverythingItOwnsOnSQLite() async throws { try await delete(.sqlite) }
    func testUserDeleteRemovesTheAccountWithEverythingItOwnsOnPostgres() async throws { try await delete(.postgres) }

    /// The operator's deletion is `AccountDeletion`, as the API's: rows gone, audit anonymised.
    private func delete(_ backend: TestBackend) async throws {
        let url = try makeDatabaseURL(backend)
        for email in ["leaver@example.com", "keeper@example.com"] {
            let created = try run(["user", "create", "--email", email, "--password", "long enough pw"], database: url)
            XCTAssertEqual(created.status, 0, created.error)
        }
        let database = try Database.open(url: url, poolSize: 1)
        defer { database.close() }
        let ids = try await database.read { connection in
            try connection.query("SELECT id FROM users ORDER BY email").map { try $0.decode(String.self, "id") }
        }
        let (keeper, leaver) = (ids[0], ids[1])
        for id in ids {
            try await database.insertMeasurement(user: id, type: "steps", value: 10, unit: "count", at: 1_778_904_000)
            try await database.write { connection in
                try connection.execute("INSERT INTO audit_log (user_id, action, ip, user_agent, details, created_at) VALUES ($1, 'auth.login.password', '10.0.0.1', 'app', '{}', 1)", id)
            }
        }

        let deleted = try run(["user", "delete", "--email", "Leaver@Example.com"], database: url)
        XCTAssertEqual(deleted.status, 0, deleted.error)
        XCTAssertTrue(deleted.output.contains("deleted leaver@example.com (id \(leaver))"), deleted.output)
        let owners = try await database.read { connection in
            try ["users", "measurements"].map { table in
                try connection.query("SELECT \(table == "users" ? "id" : "user_id") AS owner FROM \(table)").map { try $0.decode(String.self, "owner") }
            }
        }
        XCTAssertEqual(owners, [[keeper], [keeper]])
        let audit = try await database.read { connection in
            try connection.query("SELECT user_id, ip, action, details FROM audit_log ORDER BY id").map { row in
                [try row.decode(String?.self, "user_id"), try row.decode(String?.self, "ip"), try row.decode(String?.self, "action"),
                 try row.decode(String?.self, "details")]
            }
        }
        XCTAssertEqual(audit, [[keeper, "10.0.0.1", "auth.login.password", "{}"], [nil, nil, "auth.login.password", nil],
                               [nil, nil, AccountDeletion.auditAction, #"{"requestedBy":"operator"}"#]], "kept, anonymised")

        let again = try run(["user", "delete", "--email", "leaver@example.com"], database: url)
        XCTAssertEqual(again.status, 65)
        XCTAssertTrue(again.error.contains("no account"), again.error)
        XCTAssertEqual(try run(["user", "delete"], database: url).status, 64)
        XCTAssertEqual(try run(["user", "delete", "--email", "keeper@example.com", "--yes"], database: url).status, 64)
        XCTAssertEqual(try run(["user", "remove", "--email", "keeper@example.com"], database: url).status, 64)
    }

    /// The password can come from standard input, out of the process list and shell history.
    func testUserCreateReadsThePasswordFromStandardInput() async throws {
        let url = try makeDatabaseURL(.sqlite)
        let created = try run(["user", "create", "--email", "stdin@example.com", "--password-stdin"], database: url,
                              input: "from standard input\n")
        XCTAssertEqual(created.status, 0, created.error)
        let database = try Database.open(url: url, poolSize: 1)
        defer { database.close() }
        let hash = try await database.read {
            try $0.queryFirst("SELECT password_hash FROM users WHERE email = 'stdin@example.com'")?.decode(String.self, "password_hash")
        }
        XCTAssertTrue(try PasswordCost.hasher(environment: [PasswordCost.environmentName: "minimal"]).verify("from standard input", against: try XCTUnwrap(hash)),
                      "the line without its newline")
        let empty = try run(["user", "create", "--email", "none@example.com", "--password-stdin"], database: url, input: "")
        XCTAssertEqual(empty.status, 64, empty.error)
    }

    func testOpenAPICommandPrintsTheGeneratedDocument() throws {
        let printed = try run(["openapi"], database: ":memory:")
        XCTAssertEqual(printed.status, 0, printed.error)
        XCTAssertEqual(printed.output, try HealthLogOpenAPI.yaml())
    }
}

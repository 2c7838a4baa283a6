import Foundation
import Storage
import XCTest

/// The databases every HealthLog contract test runs on: the same test body, both drivers.
enum TestBackend: String {
    /// A fresh SQLite file (not `:memory:`, so a second handle can inspect what the server wrote).
    case sqlite
    /// A fresh schema on the server named by `TEST_POSTGRES_URL`; skipped when unset, a failure
    /// under `REQUIRE_POSTGRES=1`.
    case postgres
}

struct MissingPostgres: Error, CustomStringConvertible {
    let description = "REQUIRE_POSTGRES=1 but TEST_POSTGRES_URL is not set: run under scripts/with-postgres.sh"
}

extension XCTestCase {
    /// A URL naming fresh, empty storage for `backend`, removed when the test ends.
    func makeDatabaseURL(_ backend: TestBackend) throws -> String {
        switch backend {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("healthlog-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
            return directory.appendingPathComponent("healthlog.sqlite").path
        case .postgres:
            let environment = ProcessInfo.processInfo.environment
            guard let server = environment["TEST_POSTGRES_URL"], !server.isEmpty else {
                if environment["REQUIRE_POSTGRES"] == "1" { throw MissingPostgres() }
                throw XCTSkip("TEST_POSTGRES_URL is not set; run under scripts/with-postgres.sh to include PostgreSQL")
            }
            let schema = "healthlog_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let admin = try Database.open(url: server, poolSize: 1)
            try admin.writeBlocking { try $0.executeScript("CREATE SCHEMA \(schema)") }
            addTeardownBlock {
                _ = try? admin.writeBlocking { try $0.executeScript("DROP SCHEMA \(schema) CASCADE") }
                admin.close()
            }
            return server + (server.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
        }
    }
}

import Foundation
import TestDatabaseSupport
import XCTest

/// The databases every HealthLog contract test runs on: the same test body, both drivers.
enum TestBackend: String {
    /// A fresh SQLite file (not `:memory:`, so a second handle can inspect what the server wrote).
    case sqlite
    /// A fresh schema on the server named by `TEST_POSTGRES_URL`; skipped when unset, a failure
    /// under `REQUIRE_POSTGRES=1`.
    case postgres
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
            return try makePostgresSchemaURL(prefix: "healthlog")
        }
    }
}

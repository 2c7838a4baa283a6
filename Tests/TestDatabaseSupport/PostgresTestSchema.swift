import Foundation
import Storage
import XCTest

public struct MissingPostgresConfiguration: Error, CustomStringConvertible {
    public let description = "REQUIRE_POSTGRES=1 but TEST_POSTGRES_URL is not set: run under scripts/with-postgres.sh"
}

extension XCTestCase {
    /// The configured PostgreSQL server, or a skip (or a failure under `REQUIRE_POSTGRES=1`,
    /// so CI can never skip the PostgreSQL half silently).
    public func postgresServerURL() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let url = environment["TEST_POSTGRES_URL"], !url.isEmpty { return url }
        if environment["REQUIRE_POSTGRES"] == "1" { throw MissingPostgresConfiguration() }
        throw XCTSkip("TEST_POSTGRES_URL is not set; run under scripts/with-postgres.sh to include PostgreSQL")
    }

    /// Creates a schema of its own for this test and returns a URL whose connections use it
    /// (through libpq's `options` parameter), so tests never see each other's tables. The
    /// schema is dropped when the test ends; registered first, that runs after every
    /// `Database` of the test has been closed.
    public func makePostgresSchemaURL(prefix: String) throws -> String {
        let serverURL = try postgresServerURL()
        let schema = prefix + "_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = try Database.open(url: serverURL, poolSize: 1)
        try admin.writeBlocking { try $0.executeScript("CREATE SCHEMA \(schema)") }
        addTeardownBlock {
            _ = try? admin.writeBlocking { try $0.executeScript("DROP SCHEMA \(schema) CASCADE") }
            admin.close()
        }
        let separator = serverURL.contains("?") ? "&" : "?"
        return serverURL + separator + "options=-csearch_path%3D\(schema)"
    }
}

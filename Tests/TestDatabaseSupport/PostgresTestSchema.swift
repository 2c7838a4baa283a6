import Foundation
import Storage
import XCTest

public struct MissingPostgresConfiguration: Error, CustomStringConvertible {
    public let description = "REQUIRE_POSTGRES=1 but TEST_POSTGRES_URL is not set: run under scripts/with-postgres.sh"
}

/// A schema of one test's own and a URL whose connections use it.
public struct PostgresTestSchema: Sendable {
    public let name: String
    public let url: String
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
        try makePostgresSchema(prefix: prefix).url
    }

    /// `makePostgresSchemaURL`, also naming the schema (for `makePostgresRole`).
    public func makePostgresSchema(prefix: String) throws -> PostgresTestSchema {
        let serverURL = try postgresServerURL()
        let schema = prefix + "_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = try Database.open(url: serverURL, poolSize: 1)
        try admin.writeBlocking { try $0.executeScript("CREATE SCHEMA \(schema)") }
        addTeardownBlock {
            _ = try? admin.writeBlocking { try $0.executeScript("DROP SCHEMA \(schema) CASCADE") }
            admin.close()
        }
        let separator = serverURL.contains("?") ? "&" : "?"
        return PostgresTestSchema(name: schema, url: serverURL + separator + "options=-csearch_path%3D\(schema)")
    }

    /// A login role of this test's own with full use of `schema` (from `makePostgresSchema`),
    /// and that schema's URL connecting as it. What its sessions do can then
    /// be singled out — refused new connections (`ALTER ROLE … CONNECTION LIMIT 0`), found in
    /// `pg_stat_activity` — without touching any other session. Register it after the schema:
    /// teardown drops what the role owns, then the role, before the schema goes.
    public func makePostgresRole(prefix: String, schema: PostgresTestSchema) throws -> (role: String, url: String) {
        let role = prefix + "_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        let admin = try Database.open(url: try postgresServerURL(), poolSize: 1)
        try admin.writeBlocking { try $0.executeScript("CREATE ROLE \(role) LOGIN; GRANT USAGE, CREATE ON SCHEMA \(schema.name) TO \(role)") }
        addTeardownBlock {
            _ = try? admin.writeBlocking { try $0.executeScript("DROP OWNED BY \(role); DROP ROLE \(role)") }
            admin.close()
        }
        // libpq reads query parameters after the URI's user part, so `user` here wins.
        return (role, schema.url + "&user=\(role)")
    }
}

import Foundation
@testable import HealthLogAPI
import HTTPServer
import ServiceRuntime
import Storage
import XCTest

extension HealthLogHarness {
    /// Signs `email` in (creating the account) and returns its bearer token.
    func bearer(for email: String) throws -> String {
        try createUser(email)
        return try nativeTokens(email).access
    }

    var measurementsBatchURL: String { url + MeasurementBatchEndpoint.route }
    var workoutsBatchURL: String { url + WorkoutBatchEndpoint.route }

    func count(_ sql: String, _ parameters: [SQLValue] = []) async throws -> Int {
        try await database.read { connection in
            try connection.queryFirst(sql, parameters)?.decode(Int.self, at: 0) ?? 0
        }
    }
}

/// Two HealthLog server processes' worth of servers (two independent `HTTPServer`s with their
/// own database pools) on one database, as production runs several processes on PostgreSQL.
struct TwinServers {
    let urls: [String]
    let database: Database

    static func start(_ test: XCTestCase, _ backend: TestBackend) async throws -> TwinServers {
        let databaseURL = try test.makeDatabaseURL(backend)
        var urls: [String] = []
        for _ in 0..<2 {
            let service = HealthLogService()
            let options = try ServiceOptions.parse(["--port", "0", "--database", databaseURL, "--no-access-log"],
                                                   environment: [:], defaults: service.defaults)
            let server = try await ServiceRunner.start(service, options: options,
                                                       environment: ["HEALTHLOG_PASSWORD_HASH_COST": "minimal"],
                                                       logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
            test.addTeardownBlock { await server.shutdown() }
            urls.append("http://127.0.0.1:\(server.port)")
        }
        let database = try Database.open(url: databaseURL, poolSize: 1)
        test.addTeardownBlock { database.close() }
        return TwinServers(urls: urls, database: database)
    }

    /// Creates the account and returns a bearer token issued by the first server.
    func bearer(for email: String) throws -> String {
        _ = try UserAccounts.create(UserAccounts.NewAccount(email: email, password: HealthLogHarness.password, role: .user,
                                                            timezone: "Europe/Berlin"), hasher: .minimal, database: database)
        let body = #"{"email":"\#(email)","password":"\#(HealthLogHarness.password)"}"#
        let result = try http("POST", urls[0] + "/api/auth/login", json: body)
        return try XCTUnwrap(result.data["accessToken"] as? String, result.body)
    }
}

extension HealthLogHarness {
    /// Runs the hourly ingest pruning now, as the server's background task would.
    func pruneIngestBookkeeping() async throws {
        try await IngestPruner(database: database, logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
            .prune(now: Int64(Date().timeIntervalSince1970))
    }
}

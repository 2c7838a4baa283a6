import APIToolkit
import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// Rows stored before the end of an entry was bounded: an end past year 9999 broke every read of
/// its day. Migration 15 soft-deletes them (kept, no longer served) and leaves the rest alone.
final class UnprintableEndMigrationTests: XCTestCase {
    func testRowsEndingPastYear9999AreRetiredOnSQLite() async throws { try await retire(.sqlite) }
    func testRowsEndingPastYear9999AreRetiredOnPostgres() async throws { try await retire(.postgres) }

    private func retire(_ backend: TestBackend) async throws {
        let database = try Database.open(url: try makeDatabaseURL(backend), poolSize: 1)
        defer { database.close() }
        _ = try await database.migrate(HealthLogMigrations.all.filter { $0.version < HealthLogMigrations.retireUnprintableEnds.version })
        let user = try UserAccounts.create(UserAccounts.NewAccount(email: "old@example.com", password: "long enough pw", role: .user,
                                                                   timezone: "UTC"), hasher: .minimal, database: database)
        let day: Int64 = 1_778_900_000, beyond = APIDate.latestSecond + 60
        let broken = try await database.insertMeasurement(user: user, type: "weight", value: 70, unit: "kg", at: day, end: beyond)
        let fine = try await database.insertMeasurement(user: user, type: "weight", value: 71, unit: "kg", at: day, end: day)
        try await database.write { connection in
            for (id, end) in [("w-broken", beyond), ("w-fine", day + 600)] {
                try connection.execute("""
                    INSERT INTO workouts (id, user_id, source, external_id, activity_type, activity_name, started_at, ended_at,
                        duration_seconds, created_at, updated_at) VALUES ($1, $2, 'APPLE_HEALTH', $1, 37, 'running', $3, $4, 600, 1, 1)
                    """, [.text(id), .text(user), .integer(day), .integer(end)])
            }
        }
        let applied = try await database.migrate(HealthLogMigrations.all.filter { $0.version <= HealthLogMigrations.retireUnprintableEnds.version })
        XCTAssertEqual(applied, [HealthLogMigrations.retireUnprintableEnds.version])
        let rows = try await database.read { connection in
            try connection.query("""
                SELECT id, deleted_at, sync_version FROM measurements UNION ALL SELECT id, deleted_at, sync_version FROM workouts
                """, []).map { row in
                (try row.decode(String.self, "id"), try row.decode(Int64?.self, "deleted_at") != nil, try row.decode(Int64.self, "sync_version"))
            }
        }
        let retired = Dictionary(uniqueKeysWithValues: rows.map { ($0.0, ($0.1, $0.2)) })
        XCTAssertEqual(retired[broken]?.0, true)
        XCTAssertEqual(retired[broken]?.1, 2, "a server-side delete moves the version on (§13)")
        XCTAssertEqual(retired[fine]?.0, false)
        XCTAssertEqual(retired["w-broken"]?.0, true)
        XCTAssertEqual(retired["w-fine"]?.0, false)
    }
}

import Foundation
import Storage

/// The baseline: the same rows inserted straight into the server's `measurements` table (same
/// indexes, same constraints, same `Storage` connection settings), each round's rows in one
/// transaction, for a user of its own. SQLite gets one prepared single-row INSERT per row, its
/// fastest plain form; PostgreSQL gets multi-row INSERTs of 1,000 rows, the usual bulk form
/// short of COPY.
final class RawInsert {
    private let database: Database
    private let userID: String

    /// Opens the server's database and creates the baseline's user.
    init(config: BenchConfig) async throws {
        database = try Database.open(url: config.databaseURL, poolSize: 1)
        let userID = UUID().uuidString.lowercased(), now = Int64(Date().timeIntervalSince1970)
        self.userID = userID
        try await database.write { connection in
            try connection.execute("""
                INSERT INTO users (id, email, password_hash, role, timezone, created_at, updated_at)
                VALUES ($1, $2, 'unused', 'user', 'UTC', $3, $3)
                """, userID, "raw-\(userID)@bench.invalid", now)
        }
    }

    deinit { database.close() }

    /// The connection settings the raw insert runs with, as SQLite reports them: the server's
    /// connections get the same ones (`Database.open`), so the two sides compare like for like.
    func settings() async throws -> String {
        guard database.dialect == .sqlite else { return "PostgreSQL, the server's connection settings (Database.open)" }
        return try await database.write { connection in
            var parts: [String] = []
            for pragma in ["journal_mode", "synchronous", "cache_size", "mmap_size", "wal_autocheckpoint", "temp_store"] {
                let value = try connection.queryFirst("PRAGMA \(pragma)", [])?[0] ?? .null
                switch (pragma, value) {
                case ("cache_size", .integer(let size)) where size < 0: parts.append("cache_size=\(-size / 1024) MiB")
                case ("synchronous", .integer(let level)) where (0...3).contains(level):
                    parts.append("synchronous=" + ["OFF", "NORMAL", "FULL", "EXTRA"][Int(level)])
                case ("temp_store", .integer(let store)) where (0...2).contains(store):
                    parts.append("temp_store=" + ["DEFAULT", "FILE", "MEMORY"][Int(store)])
                case (_, .text(let text)): parts.append("\(pragma)=\(text)")
                default: parts.append("\(pragma)=\(value)")
                }
            }
            return "SQLite " + parts.joined(separator: " ") + ", per connection, on both sides (Database.open)"
        }
    }

    /// Inserts `samples` in one transaction and returns the wall-clock seconds it took and the
    /// CPU seconds this process used meanwhile. The rows' ids come from the server's generator
    /// (`BatchRowIDs`), so both sides insert the same key layout; ids and values are built before
    /// either clock starts.
    func insert(_ samples: [BenchSample]) async throws -> (seconds: Double, cpuSeconds: Double) {
        let now = Int64(Date().timeIntervalSince1970), userID = userID, ids = BatchRowIDs.make(count: samples.count, for: database.dialect)
        let rows = zip(ids, samples).map { id, sample -> [SQLValue] in
            [.text(id), .text(userID), .text("steps"), .text("APPLE_HEALTH"), .text(sample.externalId),
             .text("HKQuantityTypeIdentifierStepCount"), .real(sample.value), .text("count"), .integer(sample.start),
             .integer(sample.start), .text("watch"), .integer(now), .integer(now)]
        }
        let dialect = database.dialect
        let started = Date(), cpuBefore = CPUClock.ownSeconds()
        try await database.transaction { connection in
            let chunk = dialect == .sqlite ? 1 : 1000
            var index = 0
            while index < rows.count {
                let slice = rows[index..<min(index + chunk, rows.count)]
                try connection.execute(Self.insertSQL(rows: slice.count), slice.flatMap { $0 })
                index += slice.count
            }
        }
        return (Date().timeIntervalSince(started), CPUClock.ownSeconds() - cpuBefore)
    }

    /// Waits until the server has no personal-record detection queued or running, so the
    /// detection that the posted batches enqueued runs before the raw insert starts instead of
    /// competing with it for the CPU and SQLite's write lock.
    func waitForDetection(timeout: Double = 120) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try await database.read({ connection in
            try connection.queryFirst("""
                SELECT 1 AS waiting FROM personal_record_jobs WHERE state IN ('pending', 'running') LIMIT 1
                """) != nil
        }) {
            guard Date() < deadline else { throw BenchError("personal-record detection still running after \(Int(timeout)) s") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    private static func insertSQL(rows: Int) -> String {
        let columns = 13
        let tuples = (0..<rows).map { row in
            "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")"
        }
        return """
            INSERT INTO measurements (id, user_id, type, source, external_id, hk_identifier, value, unit, measured_at, end_at,
                device_type, created_at, updated_at) VALUES \(tuples.joined(separator: ", "))
            """
    }
}

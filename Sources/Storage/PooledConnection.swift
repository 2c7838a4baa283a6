/// What a `ConnectionPool` needs from a driver's connection beyond `DatabaseConnection`.
///
/// A pooled connection is created, used and closed on one worker thread only, which is what
/// lets the drivers use their C handles without locks.
protocol PooledConnection: DatabaseConnection, AnyObject {
    /// Called before every job: make the connection usable (PostgreSQL reconnects here after
    /// the server dropped it) or throw, failing only this job.
    func prepareForJob() throws

    /// Called after every job, whatever its outcome: roll back a transaction the job left
    /// open, so the next job never inherits half-finished work.
    func cleanUpAfterJob()

    /// Starts a transaction. SQLite uses `BEGIN IMMEDIATE`, taking the write lock up front so
    /// concurrent writers wait (busy timeout) instead of failing at their first write.
    func beginTransaction() throws

    /// Releases the connection's resources; the connection is not used afterwards.
    func close()
}

extension PooledConnection {
    /// Runs `body` inside a transaction: commits when it returns, rolls back when it or the
    /// commit throws, and rethrows the original error.
    func inTransaction<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
        try beginTransaction()
        do {
            let result = try body(self)
            try execute("COMMIT", [])
            return result
        } catch {
            // The original error is what the caller needs. If ROLLBACK fails too the
            // connection is broken, and `cleanUpAfterJob`/`prepareForJob` deal with that.
            _ = try? execute("ROLLBACK", [])
            throw error
        }
    }
}

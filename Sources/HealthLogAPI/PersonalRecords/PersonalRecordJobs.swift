import Foundation
import Storage

/// The durable queue of personal-record detections (`personal_record_jobs`). Enqueuing happens
/// inside the batch's transaction, so a stored batch always has its job; claiming is a
/// conditional UPDATE, so of several server processes polling the table exactly one runs a job.
enum PersonalRecordJobs {
    struct Job: Sendable {
        let id: String
        let userID: String
        /// The claim's timestamp: finishing checks it, so a worker whose claim was taken over
        /// (it looked abandoned) cannot overwrite the new owner's outcome.
        let claimedAt: Int64
    }

    /// How long a job waits after the last batch it absorbed before it may run: a phone syncing
    /// a backlog posts batch after batch, and one detection after the burst replaces one every
    /// few batches, each of which reads the user's whole history again.
    static let debounceSeconds: Int64 = 2
    /// The longest a job waits after the first batch it absorbed, however long the burst goes on:
    /// how stale the records can be while batches keep arriving.
    static let maxWaitSeconds: Int64 = 15

    /// Adds a pending job for `userID` unless one is already waiting (then the waiting one will
    /// see the new rows too, and runs `debounceSeconds` after this enqueue, but no later than
    /// `maxWaitSeconds` after it was created). Returns whether a new job was added.
    ///
    /// Coalescing is an upsert that touches the waiting job rather than `DO NOTHING`: the touch
    /// holds that job's row lock until the caller's transaction ends, so on PostgreSQL a worker
    /// claiming the job waits for the batch to commit and then reads its rows. With `DO NOTHING`
    /// the worker could claim and read while the batch was still uncommitted, and the batch's
    /// rows would wait for some later batch's job.
    @discardableResult
    static func enqueue(userID: String, now: Int64, on connection: any DatabaseConnection) throws -> Bool {
        let id = UUID().uuidString.lowercased()
        let kept = try connection.queryFirst("""
            INSERT INTO personal_record_jobs (id, user_id, state, run_after, created_at) VALUES ($1, $2, 'pending', $3, $4)
            ON CONFLICT (user_id) WHERE state = 'pending' DO UPDATE SET run_after = CASE
                WHEN excluded.run_after < personal_record_jobs.created_at + $5 THEN excluded.run_after
                ELSE personal_record_jobs.created_at + $5 END
            RETURNING id
            """, id, userID, now + debounceSeconds, now, maxWaitSeconds)
        return try kept?.decode(String.self, "id") == id
    }

    /// Claims the oldest runnable job: pending and past its `run_after`, or running for longer
    /// than `abandonedAfter` seconds (its process died). Nil when there is none.
    ///
    /// One user's jobs never run side by side: a job is not claimed while another job of the
    /// same user is running and fresh, or an older detection finishing last could replace newer
    /// records. A stale running job of the user is marked failed by the claim, so its worker, if
    /// it is only slow, finds its claim gone and writes nothing (`finish`).
    static func claimNext(now: Int64, abandonedAfter: Int64, database: Database) async throws -> Job? {
        let stale = now - abandonedAfter
        return try await database.write { connection in
            let candidates = try connection.query("""
                SELECT id, user_id FROM personal_record_jobs j
                WHERE ((state = 'pending' AND run_after <= $2) OR (state = 'running' AND claimed_at < $1))
                    AND NOT EXISTS (SELECT 1 FROM personal_record_jobs r WHERE r.user_id = j.user_id AND r.id <> j.id
                                    AND r.state = 'running' AND r.claimed_at >= $1)
                ORDER BY created_at LIMIT 10
                """, stale, now)
            for candidate in candidates {
                let id: String = try candidate.decode("id"), userID: String = try candidate.decode("user_id")
                try connection.execute("""
                    UPDATE personal_record_jobs SET state = 'failed', finished_at = $3, last_error = 'abandoned: claim expired'
                    WHERE user_id = $1 AND id <> $2 AND state = 'running' AND claimed_at < $4
                    """, userID, id, now, stale)
                let claimed = try connection.execute("""
                    UPDATE personal_record_jobs SET state = 'running', claimed_at = $2, attempts = attempts + 1
                    WHERE id = $1 AND (state = 'pending' OR (state = 'running' AND claimed_at < $3))
                        AND NOT EXISTS (SELECT 1 FROM personal_record_jobs r WHERE r.user_id = $4 AND r.id <> $1
                                        AND r.state = 'running')
                    """, id, now, stale, userID)
                if claimed == 1 { return Job(id: id, userID: userID, claimedAt: now) }
            }
            return nil
        }
    }

    /// Marks `job` done if this worker still owns it; false when its claim was taken over (or
    /// the job marked abandoned), in which case the caller must write nothing.
    static func finish(_ job: Job, now: Int64, on connection: any DatabaseConnection) throws -> Bool {
        try connection.execute("""
            UPDATE personal_record_jobs SET state = 'done', finished_at = $3 WHERE id = $1 AND claimed_at = $2 AND state = 'running'
            """, job.id, job.claimedAt, now) == 1
    }

    /// A failed detection is not retried in place: the next stored batch enqueues a fresh job.
    static func fail(_ job: Job, error: String, now: Int64, database: Database) async throws {
        try await database.write { connection in
            try connection.execute("""
                UPDATE personal_record_jobs SET state = 'failed', finished_at = $3, last_error = $4
                WHERE id = $1 AND claimed_at = $2 AND state = 'running'
                """, job.id, job.claimedAt, now, String(error.prefix(500)))
        }
    }

    /// Whether detection is still to run for `userID` (queued or running).
    static func isPending(userID: String, on connection: any DatabaseConnection) throws -> Bool {
        try connection.queryFirst("""
            SELECT 1 AS pending FROM personal_record_jobs WHERE user_id = $1 AND state IN ('pending', 'running') LIMIT 1
            """, userID) != nil
    }

    /// Deletes finished jobs older than `before`.
    static func prune(before: Int64, database: Database) async throws {
        try await database.write { connection in
            try connection.execute("DELETE FROM personal_record_jobs WHERE state IN ('done', 'failed') AND finished_at < $1", before)
        }
    }
}

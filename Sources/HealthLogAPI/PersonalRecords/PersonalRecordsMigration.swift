import Storage

extension HealthLogMigrations {
    /// Durable detection jobs and their results. At most one `pending` job per user (the partial
    /// unique index), runnable from `run_after`: a burst of batches coalesces into one
    /// recomputation. A worker owns a job once its conditional `UPDATE … WHERE state = 'pending'`
    /// changed the row, so several server processes never run the same job. `personal_records`
    /// holds one row per record kind.
    static let personalRecords = Migration(version: 11, name: "create_personal_records", sql: """
        CREATE TABLE personal_record_jobs (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            state TEXT NOT NULL CHECK (state IN ('pending', 'running', 'done', 'failed')),
            attempts INTEGER NOT NULL DEFAULT 0,
            run_after BIGINT NOT NULL,
            claimed_at BIGINT,
            last_error TEXT,
            created_at BIGINT NOT NULL,
            finished_at BIGINT
        );
        CREATE UNIQUE INDEX personal_record_jobs_one_pending ON personal_record_jobs (user_id) WHERE state = 'pending';
        CREATE INDEX personal_record_jobs_state ON personal_record_jobs (state, created_at);
        CREATE TABLE personal_records (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            record TEXT NOT NULL,
            value DOUBLE PRECISION NOT NULL,
            unit TEXT NOT NULL,
            achieved_at BIGINT NOT NULL,
            day TEXT,
            detected_at BIGINT NOT NULL,
            PRIMARY KEY (user_id, record)
        );
        """)
}

import HTTPServer
import ServiceRuntime
import Storage

/// Runs personal-record detection in the background (a service background task): polls the job
/// table every `pollInterval` — jobs may come from any server process sharing the database —
/// and runs every job it manages to claim. A job's records are replaced and the job finished in
/// one transaction, so readers see either the old records or the new ones; a job whose claim
/// was taken over meanwhile writes nothing.
struct PersonalRecordWorker: Sendable {
    let database: Database
    let logger: Logger
    var pollInterval: Duration = .milliseconds(500)
    /// A running job older than this is taken to belong to a dead process and claimed again.
    var abandonedAfterSeconds: Int64 = 300
    /// Finished jobs are kept this long (for diagnosis), then pruned.
    var finishedRetentionSeconds: Int64 = 7 * 24 * 3600

    func run() async {
        var lastPrune: Int64 = 0
        await repeatUntilCancelled(every: pollInterval, logger: logger, failure: "personal-record polling failed") {
            try await runPendingJobs()
            let now = Clock.now()
            if now - lastPrune >= 3600 {
                try await PersonalRecordJobs.prune(before: now - finishedRetentionSeconds, database: database)
                lastPrune = now
            }
        }
    }

    /// Runs jobs until none is left to claim.
    func runPendingJobs() async throws {
        while let job = try await PersonalRecordJobs.claimNext(now: Clock.now(), abandonedAfter: abandonedAfterSeconds,
                                                               database: database) {
            do {
                // Computed on a reader, so the writer (SQLite's only one) stays free for ingest;
                // rows stored meanwhile enqueued a new job, which will see them.
                let now = Clock.now()
                let records = try await database.read { connection in
                    try PersonalRecordDetector.detect(userID: job.userID, now: now, on: connection)
                }
                try await database.transaction { connection in
                    // Finished first: it locks the job row, so a takeover cannot slip in before the records are written.
                    guard try PersonalRecordJobs.finish(job, now: now, on: connection) else { throw ClaimLost() }
                    try PersonalRecord.replace(userID: job.userID, with: records, on: connection)
                }
            } catch is ClaimLost {
                logger.info("personal-record job was taken over; its result is dropped", ["job": .string(job.id)])
            } catch {
                logger.error("personal-record detection failed", ["job": .string(job.id), "error": .string(String(describing: error))])
                try await PersonalRecordJobs.fail(job, error: String(describing: error), now: Clock.now(), database: database)
            }
        }
    }

    /// Rolls back a job's writes when another worker owns it now.
    private struct ClaimLost: Error {}
}

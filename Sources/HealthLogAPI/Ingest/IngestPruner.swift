import HTTPServer
import ServiceRuntime
import Storage

/// Hourly clean-up of ingest bookkeeping (a service background task): Idempotency-Keys past
/// their 24 h replay window and batch rate-limit counters whose minute is over.
struct IngestPruner: Sendable {
    let database: Database
    let logger: Logger
    var interval: Duration = .seconds(3600)

    func run() async {
        await repeatUntilCancelled(every: interval, logger: logger, failure: "ingest pruning failed") {
            try await prune(now: Clock.now())
        }
    }

    func prune(now: Int64) async throws {
        try await IdempotencyStore(database: database).prune(now: now)
        try await BatchRateLimiter(database: database).prune(now: now)
    }
}

import HTTPServer

/// The loop of a background worker: `round` now, then again every `interval`, until the task is
/// cancelled (the server's shutdown cancels its background tasks). A round that throws is logged
/// as `failure` with the error, and the next round runs on schedule, so a worker outlives a
/// database restart or a remote service that is down.
public func repeatUntilCancelled(every interval: Duration, logger: Logger, failure: String,
                                 _ round: () async throws -> Void) async {
    while !Task.isCancelled {
        do {
            try await round()
        } catch {
            logger.error(failure, ["error": .string(String(describing: error))])
        }
        try? await Task.sleep(for: interval)
    }
}

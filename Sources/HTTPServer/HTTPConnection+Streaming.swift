/// Chunked response bodies produced over time (Server-Sent Events use this). The producer runs
/// as a task; each chunk hops to the loop, and the producer waits while the client is behind.
extension HTTPConnection {
    func startStream(status: Int, chunked: Bool, keepAlive: Bool, produce: @escaping @Sendable (ResponseBodyWriter) async throws -> Void) {
        machine.streamStarted()
        flush()
        let me = LoopBound(self), loop = self.loop
        let writer = ResponseBodyWriter { bytes in
            try await withCheckedThrowingContinuation { continuation in
                loop.execute { _ in
                    guard let connection = me.object, connection.machine.phase == .responding else {
                        continuation.resume(throwing: CancellationError())
                        return
                    }
                    connection.writeChunk(bytes, chunked: chunked, continuation: continuation)
                }
            }
        }
        streamTask = Task(executorPreference: loop) {
            do {
                try await produce(writer)
                loop.execute { _ in me.object?.endStream(status: status, chunked: chunked, keepAlive: keepAlive) }
            } catch {
                // The body is cut short: close without the final chunk so the client sees it incomplete.
                loop.execute { _ in me.object?.close() }
            }
        }
    }

    private func writeChunk(_ bytes: [UInt8], chunked: Bool, continuation: CheckedContinuation<Void, any Error>) {
        guard !bytes.isEmpty else { continuation.resume(); return }
        if chunked { machine.outbound.append(String(bytes.count, radix: 16) + "\r\n") }
        machine.outbound.append(bytes)
        if chunked { machine.outbound.append("\r\n") }
        waitForDrainIfNeeded(continuation)
    }

    /// Flushes, then resumes `continuation` now, or once the unsent bytes fall under the mark.
    func waitForDrainIfNeeded(_ continuation: CheckedContinuation<Void, any Error>) {
        flush()
        if machine.phase == .closed {
            continuation.resume(throwing: CancellationError())
        } else if machine.outboundOverHighWater {
            drainWaiters.append(continuation)
        } else {
            continuation.resume()
        }
    }

    private func endStream(status: Int, chunked: Bool, keepAlive: Bool) {
        guard machine.phase == .responding else { return }
        streamTask = nil
        if chunked { machine.outbound.append("0\r\n\r\n") }
        finishResponse(status: status, bytes: 0, keepAlive: keepAlive, at: loop.clock.now())
    }
}

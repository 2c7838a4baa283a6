import Synchronization

/// Messages received but not yet taken by the handler. When too many (or too many bytes)
/// wait, the connection stops reading from the socket (TCP then slows the client); it reads
/// again once the handler has caught up. So a handler that falls behind never makes memory
/// grow without bound. One consumer at a time: `messages` is not for concurrent iteration.
final class WebSocketInbox: Sendable {
    static let pauseAtCount = 64
    static let pauseAtBytes = 1 << 20
    static let resumeAtCount = 16
    static let resumeAtBytes = 256 * 1024

    private struct State {
        var messages: [WebSocketMessage] = []
        var head = 0
        var bytes = 0
        var finished = false
        var readingPaused = false
        var waiter: CheckedContinuation<WebSocketMessage?, Never>?
        var count: Int { messages.count - head }
    }
    private let state = Mutex(State())
    private let resumeReading: @Sendable () -> Void

    init(resumeReading: @escaping @Sendable () -> Void) {
        self.resumeReading = resumeReading
    }

    /// Returns true when the reader should pause.
    func push(_ message: WebSocketMessage) -> Bool {
        state.withLock { state -> Bool in
            guard !state.finished else { return false }
            if let waiter = state.waiter {
                state.waiter = nil
                waiter.resume(returning: message)
                return false
            }
            state.messages.append(message)
            state.bytes += message.byteCount
            if state.count >= Self.pauseAtCount || state.bytes >= Self.pauseAtBytes { state.readingPaused = true }
            return state.readingPaused
        }
    }

    func finish() {
        state.withLock { state in
            state.finished = true
            state.waiter?.resume(returning: nil)
            state.waiter = nil
        }
    }

    func next() async -> WebSocketMessage? {
        await withCheckedContinuation { continuation in
            let resume = state.withLock { state -> Bool in
                if state.count > 0 {
                    let message = state.messages[state.head]
                    state.head += 1
                    state.bytes -= message.byteCount
                    if state.head == state.messages.count { state.messages.removeAll(keepingCapacity: true); state.head = 0 }
                    continuation.resume(returning: message)
                    if state.readingPaused && state.count <= Self.resumeAtCount && state.bytes <= Self.resumeAtBytes {
                        state.readingPaused = false
                        return true
                    }
                } else if state.finished {
                    continuation.resume(returning: nil)
                } else {
                    precondition(state.waiter == nil, "a WebSocket's messages were iterated by two tasks at once")
                    state.waiter = continuation
                }
                return false
            }
            if resume { resumeReading() }
        }
    }
}

extension WebSocketMessage {
    var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let bytes): bytes.count
        }
    }
}

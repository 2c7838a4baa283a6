@_exported import WebSocketCodec

/// An open WebSocket as a handler sees it. Read with `for await message in socket.messages`;
/// write with `send` (waits while the client is behind) or `trySend` (never waits: a client
/// too far behind is dropped, which is what a broadcast to many clients wants).
public final class WebSocket: Sendable {
    private let session: LoopBound<WebSocketSession>
    private let loop: EventLoop
    private let inbox: WebSocketInbox

    init(session: WebSocketSession, loop: EventLoop, inbox: WebSocketInbox) {
        self.session = LoopBound(session)
        self.loop = loop
        self.inbox = inbox
    }

    public var messages: Messages { Messages(inbox: inbox) }

    public func send(_ text: String) async throws { try await send(.text(text)) }

    public func send(_ message: WebSocketMessage) async throws {
        let session = self.session
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            loop.execute { _ in
                guard let session = session.object else { continuation.resume(throwing: CancellationError()); return }
                session.send(message, continuation: continuation)
            }
        }
    }

    public func trySend(_ text: String) { trySend(.text(text)) }

    public func trySend(_ message: WebSocketMessage) {
        let session = self.session
        loop.execute { _ in session.object?.send(message, continuation: nil) }
    }

    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") {
        let session = self.session
        loop.execute { _ in session.object?.close(code: code, reason: reason) }
    }

    public struct Messages: AsyncSequence, Sendable {
        let inbox: WebSocketInbox
        public func makeAsyncIterator() -> Iterator { Iterator(inbox: inbox) }
        public struct Iterator: AsyncIteratorProtocol {
            let inbox: WebSocketInbox
            public mutating func next() async -> WebSocketMessage? { await inbox.next() }
        }
    }
}

import Synchronization

/// In-process publish/subscribe for live updates: the poller publishes, WebSocket sessions
/// subscribe. A subscriber that falls behind loses its oldest events rather than growing
/// memory (the app refetches on `story.created` anyway).
final class EventBus: Sendable {
    static let bufferPerSubscriber = 256
    private let subscribers = Mutex<[Int: AsyncStream<NumberedEvent>.Continuation]>([:])
    private let nextID = Atomic<Int>(0)

    func publish(_ event: NumberedEvent) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    func subscribe() -> AsyncStream<NumberedEvent> {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream<NumberedEvent>.makeStream(bufferingPolicy: .bufferingNewest(Self.bufferPerSubscriber))
        continuation.onTermination = { [weak self] _ in self?.subscribers.withLock { _ = $0.removeValue(forKey: id) } }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }
}

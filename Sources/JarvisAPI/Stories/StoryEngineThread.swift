import Dispatch
import StoryEngine

/// The story engine, driven on a thread of its own.
///
/// A round of 200 articles costs the engine about a CPU-second. Run inline, that second would
/// occupy one of the few threads of Swift's cooperative pool (two on a two-core machine), which
/// every HTTP handler and WebSocket shares; on a serial dispatch queue it only competes for a
/// core, and requests keep being answered while a backlog is clustered.
///
/// `@unchecked Sendable`: the engine is not thread-safe and is touched only by jobs on `queue`,
/// which is serial, so one job runs at a time and each sees the previous job's writes.
final class StoryEngineThread: @unchecked Sendable {
    private let queue = DispatchQueue(label: "jarvis.story-engine", qos: .utility)
    private let engine: StoryEngine

    /// Builds the engine on its thread (loading the bundled models takes a moment too).
    static func start(_ make: @escaping @Sendable () throws -> StoryEngine) async throws -> StoryEngineThread {
        let thread = try await StoryEngineThread.onQueue(DispatchQueue(label: "jarvis.story-engine.start")) {
            StoryEngineThread(engine: try make())
        }
        return thread
    }

    private init(engine: StoryEngine) {
        self.engine = engine
    }

    var configuration: StoryEngine.Configuration { engine.configuration }

    /// Runs `job` with the engine on the engine's thread; the caller's task waits without
    /// holding a cooperative thread.
    func run<T: Sendable>(_ job: @escaping @Sendable (StoryEngine) throws -> T) async throws -> T {
        try await Self.onQueue(queue) { try job(self.engine) }
    }

    private static func onQueue<T: Sendable>(_ queue: DispatchQueue, _ job: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try job() }) }
        }
    }
}

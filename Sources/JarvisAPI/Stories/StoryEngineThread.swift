import Dispatch
import HTTPServer
import StoryEngine

/// The story engine, driven on a thread of its own.
///
/// A round of 200 new articles costs the engine several CPU-seconds (most of them the sentence
/// encoder's). Run inline, those seconds would occupy one of the few threads of Swift's cooperative pool (two on a two-core machine), which
/// the feed poller, the live-event relay and every other task share; on a serial dispatch queue
/// it only competes for a core, and the rest keeps moving while a backlog is clustered.
///
/// `@unchecked Sendable`: the engine is not thread-safe. After it is built (on a global queue,
/// handed over through the continuation, which orders the two) it is touched only by jobs on
/// `queue`, which is serial, so one job runs at a time and each sees the previous job's writes;
/// `configuration` is a `let` of the engine, safe to read from anywhere.
final class StoryEngineThread: @unchecked Sendable {
    private let queue = DispatchQueue(label: "jarvis.story-engine", qos: .utility)
    private let engine: StoryEngine

    /// Builds the engine off the cooperative pool too (loading the bundled models takes a moment).
    static func start(_ make: @escaping @Sendable () throws -> StoryEngine) async throws -> StoryEngineThread {
        try await offload { StoryEngineThread(engine: try make()) }
    }

    private init(engine: StoryEngine) {
        self.engine = engine
    }

    var configuration: StoryEngine.Configuration { engine.configuration }

    /// Runs `job` with the engine on the engine's thread; the caller's task waits without
    /// holding a cooperative thread.
    func run<T: Sendable>(_ job: @escaping @Sendable (StoryEngine) throws -> T) async throws -> T {
        try await offload(on: queue) { try job(self.engine) }
    }
}

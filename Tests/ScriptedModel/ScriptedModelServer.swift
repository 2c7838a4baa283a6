import Foundation
import HTTPServer
import Synchronization

/// A language-model server on loopback that speaks the OpenAI-compatible chat-completions
/// stream (`POST /v1/chat/completions`, `stream: true`), answering what the test scripts: a
/// reply in pieces, HTTP errors before it, a stall, a stream that breaks off. Tests of the
/// Coach point `COACH_MODEL_URL` at it to prove the gates hold whatever the model says, and
/// read back the requests it received (what reached the prompt).
public final class ScriptedModelServer: Sendable {
    public enum Step: Sendable {
        /// Answer this status with an error body, for one request.
        case status(Int)
        /// Stream these pieces (a delay between them), then `[DONE]`.
        case reply([String], pieceDelay: TimeInterval = 0)
        /// Send the first pieces, then close without `[DONE]`.
        case breakOff([String])
        /// Accept the request and send nothing for this long.
        case stall(TimeInterval)
    }

    private struct State {
        var steps: [Step] = []
        var fallback: Step = .reply(["Hello."])
        var requests: [Data] = []
        var openStreams = 0
    }

    /// The shared state, in a class so route closures can hold it.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    private let server: HTTPServer
    public var url: String { "http://127.0.0.1:\(server.port)/v1" }

    public init() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.eventLoops = 1
        var router = Router()
        let shared = self.shared
        router.post("/v1/chat/completions") { request in
            let body = Data(request.body)
            let step = shared.state.withLock { state -> Step in
                state.requests.append(body)
                return state.steps.isEmpty ? state.fallback : state.steps.removeFirst()
            }
            return Self.respond(step, shared: shared)
        }
        server = try HTTPServer(configuration: configuration, router: router, logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
        try server.start()
    }

    /// The steps for the next requests, in order; after them every request gets `fallback`.
    public func script(_ steps: [Step], fallback: Step = .reply(["Hello."])) {
        shared.state.withLock { state in
            state.steps = steps
            state.fallback = fallback
        }
    }

    /// The JSON bodies received so far.
    public var requests: [[String: Any]] {
        shared.state.withLock { $0.requests }.map { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] ?? [:] }
    }
    /// Streams started and not yet finished (a cancelled client's stream ends).
    public var openStreams: Int { shared.state.withLock { $0.openStreams } }

    public func stop() async { await server.shutdown() }

    private static func respond(_ step: Step, shared: Shared) -> Response {
        switch step {
        case .status(let status):
            return .json(Array(#"{"error":{"message":"scripted failure"}}"#.utf8), status: status)
        case .reply(let pieces, let delay):
            return stream(pieces, delay: delay, done: true, shared: shared)
        case .breakOff(let pieces):
            return stream(pieces, delay: 0, done: false, shared: shared)
        case .stall(let seconds):
            return .eventStream { events in
                shared.state.withLock { $0.openStreams += 1 }
                defer { shared.state.withLock { $0.openStreams -= 1 } }
                try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                try await events.send(data: "[DONE]")
            }
        }
    }

    private static func stream(_ pieces: [String], delay: TimeInterval, done: Bool, shared: Shared) -> Response {
        .eventStream { events in
            shared.state.withLock { $0.openStreams += 1 }
            defer { shared.state.withLock { $0.openStreams -= 1 } }
            for piece in pieces {
                if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1e9)) }
                let chunk: [String: Any] = ["choices": [["index": 0, "delta": ["content": piece], "finish_reason": NSNull()]]]
                let data = try JSONSerialization.data(withJSONObject: chunk)
                try await events.send(data: String(decoding: data, as: UTF8.self))
            }
            if done { try await events.send(data: "[DONE]") }
        }
    }
}

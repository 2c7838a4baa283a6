import APIToolkit
import Foundation
import HTTPServer
import ServiceRuntime
import Storage
import Synchronization

/// `GET /health` → `ServerHealth`; the app's onboarding connect check decodes every field.
struct ServerHealth: Encodable, Sendable {
    let status: String
    let version: String
    let storiesCount: Int
    let feedsCount: Int
    /// Whole seconds since this process started.
    let uptime: Int

    static let schema: Schema = .object("ServerHealth") {
        Property("status", .string(oneOf: ["ok"]))
        Property("version", .string())
        Property("storiesCount", .integer(min: 0), description: "listed live stories")
        Property("feedsCount", .integer(min: 0))
        Property("uptime", .integer(min: 0), description: "whole seconds since the process started")
    }
}

enum HealthRoute {
    /// Open without the API token: the app's connect check runs before it has one. Answered on
    /// the event loop without a task while the counts are fresh (nearly always: they are renewed
    /// in the background before they age out); after this process's own write, or when no
    /// request came for `ServedCounts.maxAge`, in a task that waits for them.
    static let endpoint = JarvisEndpoint(
        .get, "/health", operationId: "getHealth", summary: "Connect check: version and counts", tags: ["health"], access: .open,
        success: OpenAPIResponse(200, "The server is up", schema: ServerHealth.schema)
    ) { context in
        let last = LastAnswer()
        @Sendable func answer(_ counts: ServedCounts.Counts) throws -> Response {
            let uptime = max(0, Int(context.clock().timeIntervalSince(context.startedAt)))
            if let response = last.response(counts: counts, uptime: uptime) { return response }
            let response = try context.responses.raw(ServerHealth(status: "ok", version: context.version, storiesCount: counts.listedStories,
                                                                  feedsCount: counts.feeds, uptime: uptime)).prepared()
            last.keep(response, counts: counts, uptime: uptime)
            return response
        }
        return (now: { _ in try context.counts.currentWithoutWaiting().map(answer) },
                otherwise: { _ in try answer(try await context.counts.current()) })
    }

    /// The body changes once a second (`uptime`) or when a count moves, so the last one encoded is
    /// answered again until then: a connect check polled by many clients costs no encoding.
    private final class LastAnswer: Sendable {
        private let state = Mutex<(counts: ServedCounts.Counts, uptime: Int, response: Response)?>(nil)

        func response(counts: ServedCounts.Counts, uptime: Int) -> Response? {
            state.withLock { last in last.flatMap { $0.counts == counts && $0.uptime == uptime ? $0.response : nil } }
        }

        func keep(_ response: Response, counts: ServedCounts.Counts, uptime: Int) {
            state.withLock { $0 = (counts, uptime, response) }
        }
    }
}

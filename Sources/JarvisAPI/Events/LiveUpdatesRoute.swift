import APIToolkit
import Foundation
import HTTPServer
import ServiceRuntime

/// `GET /ws`: live updates for the app. Every event on the bus goes out as one JSON text
/// message carrying its number as `id`; a `{"type":"ping"}` goes out every `pingSeconds` (the
/// app answers `{"type":"pong"}`, which is read and otherwise ignored). Live sends never wait:
/// a client that falls behind is dropped by the server rather than buffered for.
///
/// Resume: a client that reconnects with the last `id` it saw (`?lastEventId=N`, or a
/// `Last-Event-ID: N` header) is first sent every event after it, then the live ones, none
/// twice. When `N` is older than what is kept (or not a number of this server) it is sent
/// `{"type":"resync"}` instead — refetch, then carry on live. When the missed events cannot be
/// read (the database is down) the socket is closed with 1013 "try again later".
enum LiveUpdatesRoute {
    static let ping = #"{"type":"ping"}"#
    static let resync = #"{"type":"resync"}"#

    static let endpoint = JarvisEndpoint(
        webSocket: "/ws", operationId: "liveUpdates", summary: "Live updates over a WebSocket", tags: ["live"],
        requirements: .token,
        queryParameters: [.query("lastEventId", .string(), description: "resume after this event id (wins over Last-Event-ID)")],
        success: OpenAPIResponse(101, "Switching Protocols. Text messages, one JSON object each: story.created, story.updated "
                                 + "(storyId, signalScore, sourceCount), story.stale (storyId) and feed.health (feedId, health, "
                                 + "failureCount), each with its id; {\"type\":\"ping\"} every \(Int(contractPingSeconds)) s (answer {\"type\":\"pong\"}); "
                                 + "{\"type\":\"resync\"} when the events after lastEventId are no longer kept; close code 1013 "
                                 + "when they cannot be read")
    ) { context in
        handler(events: context.events, pingSeconds: context.pingSeconds)
    }.withHeaderParameters([.header("Last-Event-ID", description: "resume after this event id")])

    static func handler(events: LiveEvents, pingSeconds: Double) -> WebSocketHandler {
        let encoder = APIEncoder()
        return { request, socket in
            // Subscribed before the missed events are read: an event raised meanwhile is in
            // one or both, and `replayed` keeps it from going out twice.
            let subscription = events.bus.subscribe()
            var replayed = Set<Int64>()
            if let resume = Resume(request) {
                do {
                    replayed = try await sendMissed(events: events, resume, to: socket, encoder)
                } catch {
                    socket.close(code: .tryAgainLater, reason: "missed events unavailable; reconnect shortly")
                    return
                }
            }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { [replayed] in
                    for await numbered in subscription {
                        if let id = numbered.id, replayed.contains(id) { continue }
                        guard let message = try? numbered.message(encoder) else { continue }
                        socket.trySend(message)
                    }
                }
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(nanoseconds: UInt64(pingSeconds * 1e9))
                        if !Task.isCancelled { socket.trySend(ping) }
                    }
                }
                for await _ in socket.messages {}  // pongs; the loop ends when the client leaves
                group.cancelAll()
            }
        }
    }

    /// What a reconnecting client asked for; the query wins over the header.
    enum Resume: Equatable {
        case after(Int64)
        /// Not a non-negative number: treated like a number that is no longer kept (resync).
        case unreadable

        /// Nil for a first connection (no number given).
        init?(_ request: Request) {
            guard let raw = request.query["lastEventId"] ?? request.headers["Last-Event-ID"] else { return nil }
            if let id = Int64(raw.trimmingCharacters(in: .whitespaces)), id >= 0 { self = .after(id) } else { self = .unreadable }
        }
    }

    /// Sends what the client missed, waiting for each send (a long gap must not overflow the
    /// live buffer); returns the numbers sent.
    private static func sendMissed(events: LiveEvents, _ resume: Resume, to socket: WebSocket,
                                   _ encoder: APIEncoder) async throws -> Set<Int64> {
        guard case .after(let id) = resume, case .events(let missed) = try await events.missed(after: id) else {
            try await socket.send(resync)
            return []
        }
        for numbered in missed { try await socket.send(try numbered.message(encoder)) }
        return Set(missed.compactMap(\.id))
    }
}

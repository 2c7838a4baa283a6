import APIToolkit
import Foundation
import HTTPServer

/// `GET /ws`: live updates for the app. Every event on the bus goes out as one JSON text
/// message; a `{"type":"ping"}` goes out every `pingSeconds` (the app answers `{"type":"pong"}`,
/// which is read and otherwise ignored). Sends never wait: a client that falls behind is
/// dropped by the server rather than buffered for.
enum LiveUpdatesRoute {
    static let ping = #"{"type":"ping"}"#

    static func install(into router: inout Router, events: EventBus, pingSeconds: Double) {
        let encoder = APIEncoder()
        router.webSocket("/ws") { _, socket in
            let subscription = events.subscribe()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in subscription {
                        guard let bytes = try? encoder.encodeToBytes(event) else { continue }
                        socket.trySend(String(decoding: bytes, as: UTF8.self))
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
}

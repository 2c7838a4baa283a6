import APIToolkit
import Foundation
import HTTPServer
import Storage

/// Where live events are raised. With SQLite (one process) they go straight to this process's
/// `EventBus`. With PostgreSQL, several processes may serve WebSocket clients, so every event
/// goes out as a `NOTIFY` on `channel` and each process's listener (this one's included) puts
/// it on its own bus: a story clustered by one process reaches the clients of all of them.
final class LiveEvents: Sendable {
    static let channel = "jarvis_events"
    let bus = EventBus()
    private let outbox: AsyncStream<JarvisEvent>.Continuation?
    private let pending: AsyncStream<JarvisEvent>?
    private let database: Database
    private let logger: Logger

    init(database: Database, logger: Logger) {
        self.database = database
        self.logger = logger
        if database.dialect == .postgres {
            let (stream, continuation) = AsyncStream<JarvisEvent>.makeStream(bufferingPolicy: .bufferingNewest(4096))
            (pending, outbox) = (stream, continuation)
        } else {
            (pending, outbox) = (nil, nil)
        }
    }

    /// Never waits: NOTIFYs are sent in order by `runRelay()`.
    func publish(_ event: JarvisEvent) {
        if let outbox { outbox.yield(event) } else { bus.publish(event) }
    }

    /// With PostgreSQL: listens on `channel` (delivering to this process's bus) and sends the
    /// events published here, until cancelled. Returns at once with SQLite.
    func runRelay(databaseURL: String) async {
        guard let pending else { return }
        let bus = self.bus, logger = self.logger
        let listener: PostgresNotificationListener
        do {
            listener = try PostgresNotificationListener(url: databaseURL, channel: Self.channel) { payload in
                do {
                    bus.publish(try JSONDecoder.liveEvents.decode(JarvisEvent.self, from: Data(payload.utf8)))
                } catch {
                    logger.error("undecodable live event", ["error": .string(String(describing: error))])
                }
            }
        } catch {
            logger.error("live events cannot listen; WebSocket clients get no events",
                         ["error": .string(String(describing: error))])
            return
        }
        defer { listener.stop() }
        let encoder = APIEncoder()
        for await event in pending {
            do {
                let payload = String(decoding: try encoder.encodeToBytes(event), as: UTF8.self)
                try await database.notify(channel: Self.channel, payload: payload)
            } catch {
                logger.error("live event not sent", ["error": .string(String(describing: error))])
            }
            if Task.isCancelled { break }
        }
    }
}

extension JSONDecoder {
    /// Reads events as `APIEncoder` wrote them (whole-second `…Z` dates).
    static var liveEvents: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

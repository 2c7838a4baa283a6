import APIToolkit
import Foundation
import HTTPServer
import Storage

/// Where live events are raised. With SQLite (one process) they go straight to this process's
/// `EventBus`. With PostgreSQL, several processes may serve WebSocket clients, so every event
/// goes out as a `NOTIFY` on `channel` and each process's listener (this one's included) puts
/// it on its own bus: a story clustered by one process reaches the clients of all of them.
/// Events are journaled (`LiveEventJournal`), so a listener that reconnects delivers those
/// raised while it was away. Every event reaches the bus numbered (`NumberedEvent`), and
/// `missed(after:)` gives a reconnecting WebSocket client what it missed.
final class LiveEvents: Sendable {
    static let channel = "jarvis_events"
    /// How often the relay tries again to send an event while the database is unreachable.
    static let resendSeconds = 0.5
    let bus = EventBus()
    /// The numbering and memory of events on SQLite (PostgreSQL's journal does both there).
    private let recent = RecentEvents()
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
        if let outbox { outbox.yield(event) } else { bus.publish(recent.number(event)) }
    }

    /// The events after number `id`, for a WebSocket client that reconnects.
    /// - Throws: when the journal cannot be read (the database is unreachable).
    func missed(after id: Int64) async throws -> MissedEvents {
        guard database.dialect == .postgres else { return recent.missed(after: id) }
        return try await database.read { try LiveEventJournal.missed(after: id, $0) }
    }

    /// With PostgreSQL: listens on `channel` (delivering to this process's bus) and sends the
    /// events published here, until cancelled. Returns at once with SQLite.
    func runRelay(databaseURL: String) async {
        guard let pending else { return }
        guard let listener = await listen(databaseURL: databaseURL) else { return }
        defer { listener.stop() }
        for await event in pending {
            await send(event)
            if Task.isCancelled { break }
        }
    }

    /// Journals and NOTIFYs one event. While the database is unreachable (a restart, a
    /// failover) it tries again every `resendSeconds`, holding back the events queued after it
    /// so they keep their order; any other failure loses this event only, and is logged.
    private func send(_ event: JarvisEvent) async {
        var waitingForDatabase = false
        while true {
            do {
                _ = try await database.transaction { try self.notify([event], at: Date(), in: $0) }
                if waitingForDatabase { logger.info("live events flowing again", [:]) }
                return
            } catch let error as DatabaseError where error.kind == .connectionFailed && !Task.isCancelled {
                if !waitingForDatabase {
                    logger.error("live events held until the database is back",
                                 ["error": .string(String(describing: error))])
                    waitingForDatabase = true
                }
                try? await Task.sleep(nanoseconds: UInt64(Self.resendSeconds * 1e9))
            } catch {
                logger.error("live event not sent", ["error": .string(String(describing: error))])
                return
            }
        }
    }

    /// With PostgreSQL, sends `events` as NOTIFYs of the transaction `connection` is in:
    /// PostgreSQL delivers them to every process when, and only if, it commits, in order — a
    /// crash or shutdown right after the commit cannot lose them. Returns false with SQLite,
    /// where the caller publishes after committing. `now` stamps the journal rows (pruned by age).
    func notify(_ events: [JarvisEvent], at now: Date, in connection: any DatabaseConnection) throws -> Bool {
        guard connection.dialect == .postgres else { return false }
        for event in events {
            try LiveEventJournal.record(try Self.payload(event), at: now, notifying: Self.channel, in: connection)
        }
        return true
    }

    private static func payload(_ event: JarvisEvent) throws -> String {
        String(decoding: try APIEncoder().encodeToBytes(event), as: UTF8.self)
    }

    /// Forgets journaled events past their retention (PostgreSQL; nothing is journaled on SQLite).
    func pruneJournal(now: Date) async throws {
        guard database.dialect == .postgres else { return }
        try await database.write { try LiveEventJournal.prune(now: now, $0) }
    }

    /// The listener putting this channel's events on this process's bus; retried every second
    /// until it connects (a full server at start-up must not leave this process deaf for good).
    private func listen(databaseURL: String) async -> PostgresNotificationListener? {
        let bus = self.bus, logger = self.logger
        let receiver = LiveEventReceiver(logger: logger) { seq, json in
            do {
                bus.publish(NumberedEvent(id: seq, event: try JSONDecoder.liveEvents.decode(JarvisEvent.self, from: Data(json.utf8))))
            } catch {
                logger.error("undecodable live event", ["error": .string(String(describing: error))])
            }
        }
        var reported = false
        while !Task.isCancelled {
            do {
                return try PostgresNotificationListener(url: databaseURL, channel: Self.channel,
                                                        onListening: receiver.listening, onNotification: receiver.notified)
            } catch {
                if !reported {
                    logger.error("live events cannot listen yet; retrying every second",
                                 ["error": .string(String(describing: error))])
                    reported = true
                }
                try? await Task.sleep(nanoseconds: 1_000_000_000)
            }
        }
        return nil
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

import Foundation
import HTTPServer
import Storage
import Synchronization

/// The durable record of live events on PostgreSQL, so a process whose listener was away — a
/// dropped connection, a failover, a half-open socket found by keepalive — still gives its
/// WebSocket clients every event raised meanwhile (PostgreSQL keeps no notification for a
/// listener that was not there).
///
/// Each event is inserted into `live_events` by the transaction that raises it, and its
/// NOTIFY carries the row's `seq` ahead of the JSON (`"<seq> <json>"`). `LiveEventReceiver`
/// delivers each `seq` once and, whenever its listener is (back) on the channel, reads the
/// rows it has not delivered. The same rows give a WebSocket client that reconnects, to any
/// process, the events it missed (`missed(after:)`). Rows are kept for `retentionSeconds`: a
/// listener or client away for longer misses the rest, and the app recovers at its next
/// refetch. SQLite serves one process, whose events never leave it, so there the table stays
/// empty (`RecentEvents` keeps them in memory instead).
enum LiveEventJournal {
    static let retentionSeconds: Double = 3600

    /// Records an event (encoded as `json`) and NOTIFYs `channel` of it as `"<seq> <json>"`, in
    /// one statement (one round trip per event of a commit), inside the caller's transaction.
    static func record(_ json: String, at time: Date, notifying channel: String, in connection: any DatabaseConnection) throws {
        _ = try connection.query("""
            WITH recorded AS (INSERT INTO live_events (payload, recorded_at) VALUES ($1, $2) RETURNING seq, payload)
            SELECT pg_notify($3, seq || ' ' || payload) FROM recorded
            """, [.text(json), time.sqlValue, .text(channel)])
    }

    /// Forgets events older than the retention period, except the newest, which keeps the
    /// latest number known to `missed(after:)` through a quiet hour.
    static func prune(now: Date, _ connection: any DatabaseConnection) throws {
        try connection.execute("""
            DELETE FROM live_events WHERE recorded_at < $1 AND seq < (SELECT MAX(seq) FROM live_events)
            """, [now.addingTimeInterval(-retentionSeconds).sqlValue])
    }

    /// The events recorded after `seq`, in order; a resync when rows after it were pruned
    /// already, or when `seq` is beyond the newest recorded (the numbers of another database).
    /// A gap of rolled-back numbers just after `seq` at the pruning edge reads as pruned: a
    /// needless resync, never a missed event.
    static func missed(after seq: Int64, _ connection: any DatabaseConnection) throws -> MissedEvents {
        let bounds = try connection.query("SELECT MIN(seq) AS oldest, MAX(seq) AS newest FROM live_events", [])
        let oldest = try bounds.first?.decode(Int64?.self, "oldest") ?? nil
        let newest = try bounds.first?.decode(Int64?.self, "newest") ?? nil
        guard let oldest, let newest else { return seq == 0 ? .events([]) : .resync }
        guard seq >= oldest - 1, seq <= newest else { return .resync }
        let rows = try connection.query("SELECT seq, payload FROM live_events WHERE seq > $1 ORDER BY seq", [.integer(seq)])
        return .events(try rows.map { row in
            NumberedEvent(id: try row.decode(Int64.self, "seq"),
                          event: try JSONDecoder.liveEvents.decode(JarvisEvent.self, from: Data(try row.decode(String.self, "payload").utf8)))
        })
    }

    /// Splits a NOTIFY payload into its journal `seq` and the event's JSON.
    static func parse(_ notification: String) -> (seq: Int64, json: Substring)? {
        guard let space = notification.firstIndex(of: " "), let seq = Int64(notification[..<space]) else { return nil }
        return (seq, notification[notification.index(after: space)...])
    }
}

/// Delivers each journaled event exactly once per process: as its NOTIFY arrives, or read
/// from the journal when the listener comes (back) onto the channel.
///
/// It remembers the last `rememberedLimit` seqs it delivered; `floor` is the highest seq it
/// no longer needs to look at (where it started, or the last one forgotten). A replay reads
/// the rows above `floor` and skips the remembered ones — so nothing is delivered twice, and
/// a transaction that took its seq early but committed late is still caught, as long as fewer
/// than `rememberedLimit` events were delivered meanwhile.
final class LiveEventReceiver: Sendable {
    static let rememberedLimit = 4096

    private struct State {
        var floor: Int64?
        var remembered = Set<Int64>()
        /// The remembered seqs in delivery order, as a ring: once full, `oldest` is the slot
        /// the next delivery overwrites.
        var order: [Int64] = []
        var oldest = 0
    }

    private let state = Mutex(State())
    private let deliver: @Sendable (_ seq: Int64?, _ json: Substring) -> Void
    private let logger: Logger

    init(logger: Logger, deliver: @escaping @Sendable (_ seq: Int64?, _ json: Substring) -> Void) {
        self.logger = logger
        self.deliver = deliver
    }

    /// A NOTIFY arrived.
    func notified(_ payload: String) {
        guard let (seq, json) = LiveEventJournal.parse(payload) else {
            // A process of the previous release, during a rolling upgrade, sends bare JSON.
            if payload.hasPrefix("{") { deliver(nil, Substring(payload)) } else { logger.error("unreadable live event", [:]) }
            return
        }
        if firstDelivery(of: seq) { deliver(seq, json) }
    }

    /// The listener is on the channel: the first time, start after everything already
    /// recorded; after a reconnection, deliver what was recorded while it was away. False when
    /// the journal could not be read (the listener then resubscribes and this runs again).
    func listening(_ connection: any DatabaseConnection) -> Bool {
        do {
            let latestRow = try connection.query("SELECT COALESCE(MAX(seq), 0) AS seq FROM live_events", [])
            let latest = try latestRow.first?.decode(Int64.self, "seq") ?? 0
            guard let floor = replayFloor(latest: latest) else { return true }
            let missed = try connection.query("SELECT seq, payload FROM live_events WHERE seq > $1 ORDER BY seq",
                                              [.integer(floor)])
            for row in missed {
                let seq = try row.decode(Int64.self, "seq")
                if firstDelivery(of: seq) { deliver(seq, Substring(try row.decode(String.self, "payload"))) }
            }
            if !missed.isEmpty { logger.info("live events replayed after reconnecting", ["rows": .int(missed.count)]) }
            return true
        } catch {
            logger.error("live event journal not read", ["error": .string(String(describing: error))])
            return false
        }
    }

    /// Where a replay starts, or nil when there is nothing to replay: the first time on the
    /// channel (start after `latest`), or when the journal is behind what was delivered — a
    /// failover to a replica that had not received the last rows, whose numbers will be handed
    /// out again — where this receiver starts afresh rather than drop new events as duplicates.
    private func replayFloor(latest: Int64) -> Int64? {
        state.withLock { state in
            let seen = max(state.floor ?? 0, state.remembered.max() ?? 0)
            if latest < seen {
                state = State(floor: latest)
                return nil
            }
            if let floor = state.floor { return floor }
            // The first read failed but notifications were delivered since: replay from them.
            if let lowest = state.remembered.min() {
                state.floor = lowest - 1
                return lowest - 1
            }
            state.floor = latest
            return nil
        }
    }

    /// Marks `seq` delivered; false when it already was.
    private func firstDelivery(of seq: Int64) -> Bool {
        state.withLock { state in
            guard state.remembered.insert(seq).inserted else { return false }
            guard state.order.count == Self.rememberedLimit else {
                state.order.append(seq)
                return true
            }
            let forgotten = state.order[state.oldest]
            state.order[state.oldest] = seq
            state.oldest = (state.oldest + 1) % Self.rememberedLimit
            state.remembered.remove(forgotten)
            state.floor = max(state.floor ?? forgotten, forgotten)
            return true
        }
    }
}

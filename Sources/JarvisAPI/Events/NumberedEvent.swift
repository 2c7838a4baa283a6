import APIToolkit

/// An event with the number a WebSocket client hands back when it reconnects, to be sent what
/// it missed (`LiveUpdatesRoute`): the journal's `seq` on PostgreSQL, shared by every process;
/// this process's own counter on SQLite (`RecentEvents`). Nil only for an event from a process
/// of the previous release, during a rolling upgrade, which sent it unnumbered.
struct NumberedEvent: Sendable, Equatable {
    let id: Int64?
    let event: JarvisEvent

    /// The WebSocket message: the event's fields, then `id` (added last, so the app's decoder,
    /// which ignores unknown keys, reads every event as before).
    func message(_ encoder: APIEncoder) throws -> String {
        var json = try encoder.encode(event)
        if let id, case .object(var fields) = json {
            _ = fields.set(.integer(id), forKey: "id")
            json = .object(fields)
        }
        return String(decoding: try JSONSerializer.serialize(json), as: UTF8.self)
    }
}

/// What a reconnecting client is owed: the events after the number it last saw, or — when that
/// number is older than what is kept, or unknown here (a database reset) — a resync (refetch).
enum MissedEvents: Sendable, Equatable {
    case events([NumberedEvent])
    case resync
}


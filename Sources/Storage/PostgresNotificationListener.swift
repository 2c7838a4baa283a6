import CPostgres
import Foundation
import Synchronization

/// Receives PostgreSQL notifications (`LISTEN`/`NOTIFY`) on a connection of its own, so an
/// event raised by one server process reaches every process sharing the database.
///
/// A dedicated thread waits on the connection's socket (with a short timeout, to notice
/// `stop()`), reads what arrived and hands each payload to `onNotification` on that thread.
/// A dropped connection is re-established and `LISTEN` reissued. PostgreSQL does not keep
/// notifications for a listener that was away, so a sender that must not lose any also
/// records them durably and the owner replays the gap in `onListening` (Jarvis: `LiveEventJournal`).
///
/// `@unchecked Sendable`: `connection` is used only by the listener thread (and by `init`
/// before that thread starts); the other stored properties are immutable or atomic.
public final class PostgresNotificationListener: @unchecked Sendable {
    /// How long one wait on the socket lasts: the worst-case delay before `stop()` is noticed.
    static let pollMilliseconds: Int32 = 200
    /// A listener only reads, so a connection left half-open (failover, a network partition)
    /// would look idle forever; TCP keepalive probes find it dead within about a minute and
    /// the loop reconnects.
    static let keepalive = [("keepalives", "1"), ("keepalives_idle", "30"), ("keepalives_interval", "10"),
                            ("keepalives_count", "3")]
    private let connection: PostgresConnection
    private let channel: String
    private let deliver: @Sendable (String) -> Void
    private let listening: (@Sendable (any DatabaseConnection) -> Bool)?
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Connects, subscribes to `channel` and starts delivering. Throws when the first
    /// connection fails, so a wrong URL fails start-up rather than silently losing events.
    ///
    /// `onListening` runs on the listener's thread with its connection each time `LISTEN` has
    /// taken effect — at start and after every reconnection — before any notification that
    /// follows is delivered: whatever was committed before that moment can be read there, and
    /// whatever commits after it arrives as a notification. It returns whether it caught up;
    /// false (a failed read) counts as not listening, so the connection is reset and both
    /// `LISTEN` and `onListening` are tried again a second later. The connection's session
    /// shows as `application_name` "listen <channel>" in `pg_stat_activity`.
    public init(url: String, channel: String, onListening: (@Sendable (any DatabaseConnection) -> Bool)? = nil,
                onNotification: @escaping @Sendable (String) -> Void) throws {
        try NotificationChannel.validate(channel)
        connection = try PostgresConnection(url: url, defaults: Self.keepalive + [("application_name", "listen \(channel)")])
        self.channel = channel
        deliver = onNotification
        listening = onListening
        do {
            try connection.executeScript("LISTEN \(channel)")
        } catch {
            connection.close()
            throw error
        }
        let thread = Thread { [self] in run() }
        thread.name = "pg-listen"
        thread.start()
    }

    /// Stops listening and closes the connection; returns once the thread has finished.
    public func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        finished.wait()
    }

    private func run() {
        defer {
            connection.close()
            finished.signal()
        }
        // Only this thread reads or writes it: false until LISTEN and `onListening` both succeeded
        // on the current connection, so a reset that came back without them is retried.
        var subscribed = listening?(connection) ?? true
        while !stopping.load(ordering: .acquiring) {
            guard subscribed, PQstatus(connection.connection) == CONNECTION_OK else {
                subscribed = resubscribe()
                continue
            }
            var descriptor = pollfd(fd: PQsocket(connection.connection), events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Self.pollMilliseconds) > 0 else { continue }
            if PQconsumeInput(connection.connection) == 0 { continue }  // the status check above resubscribes
            while let notification = PQnotifies(connection.connection) {
                let payload = String(cString: notification.pointee.extra)
                PQfreemem(notification)
                deliver(payload)
            }
        }
    }

    /// Resets the connection, reissues `LISTEN` and lets the owner catch up; true when all
    /// three worked. Otherwise waits a second (or until `stop()`), so attempts come once a second.
    private func resubscribe() -> Bool {
        PQreset(connection.connection)
        if PQstatus(connection.connection) == CONNECTION_OK,
           (try? connection.executeScript("SET TimeZone = 'UTC'; LISTEN \(channel)")) != nil,
           listening?(connection) ?? true {
            return true
        }
        for _ in 0..<5 where !stopping.load(ordering: .acquiring) {
            usleep(UInt32(Self.pollMilliseconds) * 1000)
        }
        return false
    }
}

/// Channel names are spliced into `LISTEN` (it takes no parameters), so only plain lowercase
/// identifiers are accepted.
enum NotificationChannel {
    static func validate(_ channel: String) throws {
        let valid = !channel.isEmpty && channel.count <= 63 && channel.utf8.allSatisfy {
            ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F
        } && !(channel.utf8.first.map { $0 >= 0x30 && $0 <= 0x39 } ?? true)
        guard valid else { throw DatabaseError(.misuse, "notification channel must be a lowercase identifier, got \(channel)") }
    }
}

extension Database {
    /// Sends `payload` to every `PostgresNotificationListener` on `channel`, in every process,
    /// once the current statement commits. PostgreSQL only (payloads up to 8,000 bytes): SQLite
    /// serves one process, whose callers deliver in-process instead.
    public func notify(channel: String, payload: String) async throws {
        try NotificationChannel.validate(channel)
        guard dialect == .postgres else { throw DatabaseError(.misuse, "NOTIFY needs PostgreSQL") }
        _ = try await write { connection in
            try connection.query("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)])
        }
    }
}

import Foundation
import Synchronization

/// On SQLite (one process): numbers this process's events and keeps the last `capacity` of
/// them, so a reconnecting client is sent what it missed as on PostgreSQL. Numbers count on
/// from the process's start time in microseconds, so a restarted process's numbers are above
/// any the previous run gave (fewer than one event per microsecond): a client's number from
/// before the restart is older than what is kept, and it resyncs.
final class RecentEvents: Sendable {
    static let capacity = 1024
    private struct State {
        var latest: Int64
        var kept: [NumberedEvent] = []
    }
    private let state: Mutex<State>

    /// The first event is numbered `latest + 1`.
    init(startingAfter latest: Int64 = Int64(Date().timeIntervalSince1970 * 1_000_000)) {
        state = Mutex(State(latest: latest))
    }

    /// Gives `event` the next number and keeps it.
    func number(_ event: JarvisEvent) -> NumberedEvent {
        state.withLock { state in
            state.latest += 1
            let numbered = NumberedEvent(id: state.latest, event: event)
            state.kept.append(numbered)
            if state.kept.count > Self.capacity { state.kept.removeFirst(state.kept.count - Self.capacity) }
            return numbered
        }
    }

    func missed(after id: Int64) -> MissedEvents {
        state.withLock { state in
            let oldestKept = state.kept.first?.id ?? state.latest + 1
            guard id <= state.latest, id >= oldestKept - 1 else { return .resync }
            return .events(state.kept.filter { ($0.id ?? 0) > id })
        }
    }
}

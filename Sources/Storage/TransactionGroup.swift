import Synchronization

/// Group commit for SQLite's single writer: the grouped transactions that queue up while the
/// writer is busy run together in one transaction, each inside its own `SAVEPOINT`, and commit
/// once (`Database.groupedTransaction`).
///
/// A commit writes every page the transaction dirtied to the WAL. Transactions that each insert
/// a few hundred rows with random keys dirty mostly the same index pages, so committing them one
/// by one writes those pages once per transaction; a group writes them once per group.
///
/// A member whose body throws is rolled back to its savepoint and gets its own error; the others
/// stay in the group. Every member is answered only after the shared `COMMIT` returned, so no
/// caller sees a result that a failed commit could still take back. If a member's failure took
/// the whole transaction with it (SQLite rolls back on some errors, such as a full disk), the
/// members that had already run are run again in a fresh transaction, without it.
///
/// No member waits for company: a group is whatever is waiting when the writer gets to it, so
/// an idle writer commits a lone transaction at once.
final class TransactionGroup: Sendable {
    /// One grouped transaction: its body, and how to answer its caller.
    struct Member: Sendable {
        /// Runs the body on the writer's connection and returns how to answer the caller with
        /// its result, called once the group's commit has returned.
        let run: @Sendable (any DatabaseConnection) throws -> @Sendable () -> Void
        /// Answers the caller with an error: its own body's, or the group's begin or commit.
        let fail: @Sendable (any Error) -> Void
    }

    private struct State {
        var waiting: [Member] = []
        /// True while a job that will take `waiting` is queued on the writer.
        var isScheduled = false
        /// Groups committed so far, however many members each held.
        var commits = 0
    }

    private let writer: ConnectionPool
    private let state = Mutex(State())

    init(writer: ConnectionPool) {
        self.writer = writer
    }

    /// The members waiting for the writer, not yet taken into a group.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// The groups committed so far.
    var commitCount: Int { state.withLock { $0.commits } }

    /// Adds `member` to the next group, queueing a job on the writer if none is queued yet.
    func add(_ member: Member) {
        let schedule = state.withLock { state in
            state.waiting.append(member)
            defer { state.isScheduled = true }
            return !state.isScheduled
        }
        guard schedule else { return }
        do {
            try writer.submit({ [self] connection in commitWaiting(on: connection) }, completion: { [self] outcome in
                // The job did not run (the connection could not be made ready): nor did its members.
                if case .failure(let error) = outcome { takeWaiting().forEach { $0.fail(error) } }
            })
        } catch {
            takeWaiting().forEach { $0.fail(error) }
        }
    }

    private func takeWaiting() -> [Member] {
        state.withLock { state in
            defer {
                state.waiting = []
                state.isScheduled = false
            }
            return state.waiting
        }
    }

    /// Runs on the writer: commits every member waiting now. Members arriving meanwhile queue
    /// a job of their own, which runs after this one.
    private func commitWaiting(on connection: any PooledConnection) {
        var members = takeWaiting()
        while !members.isEmpty {
            members = commit(members, on: connection)
        }
    }

    /// Runs `members` in one transaction and commits it. Returns the members to run again in a
    /// new transaction: those that had run before a failure rolled the whole transaction back.
    private func commit(_ members: [Member], on connection: any PooledConnection) -> [Member] {
        do {
            try connection.beginTransaction()
        } catch {
            members.forEach { $0.fail(error) }
            return []
        }
        var done: [(member: Member, answer: @Sendable () -> Void)] = []
        for (position, member) in members.enumerated() {
            do {
                try connection.execute("SAVEPOINT grouped_transaction", [])
                let answer = try member.run(connection)
                try connection.execute("RELEASE grouped_transaction", [])
                done.append((member, answer))
            } catch {
                member.fail(error)
                do {
                    try connection.execute("ROLLBACK TO grouped_transaction", [])
                    try connection.execute("RELEASE grouped_transaction", [])
                } catch {
                    // The transaction is gone (or unusable): nothing of the group is stored.
                    _ = try? connection.execute("ROLLBACK", [])
                    return done.map(\.member) + members[(position + 1)...]
                }
            }
        }
        do {
            try connection.execute("COMMIT", [])
        } catch {
            _ = try? connection.execute("ROLLBACK", [])
            done.forEach { $0.member.fail(error) }
            return []
        }
        state.withLock { $0.commits += 1 }
        done.forEach { $0.answer() }
        return []
    }
}

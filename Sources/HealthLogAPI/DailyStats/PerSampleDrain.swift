import Foundation
import Storage

/// Contract §12's drain: collapses the per-sample rows Apple Health clients posted for the
/// cumulative types before the daily-stats cutover into one `stats:` row per (user, type, day),
/// the day counted in the user's time zone, so every day has the shape new clients post.
///
/// Scope: APPLE_HEALTH rows whose `hk_identifier` is a cumulative type and whose external id is
/// not a `stats:` id, soft-deleted rows excepted. A day's value is the sum of one device type's
/// samples (by their start): the device the user's source priority prefers for the metric,
/// else the one with the largest sum, because watch and phone record overlapping steps and
/// HealthKit's own statistics count them once. When the day already has a `stats:` row the
/// larger value stays, because a daily total only ever grows and either side may have seen
/// samples the other did not. A
/// soft-deleted `stats:` row stays deleted (the user removed that day). The per-sample rows are
/// then deleted. Each user is one transaction; a second run finds nothing and changes nothing.
struct PerSampleDrain: Sendable {
    struct Counts: Encodable, Sendable, Equatable {
        var users = 0
        var samplesRemoved = 0
        var daysCreated = 0
        /// Days whose existing `stats:` row was lower than the samples' sum and was raised.
        var daysRaised = 0
        /// Days whose existing `stats:` row was kept (as large or larger, or soft-deleted).
        var daysKept = 0

        mutating func add(_ other: Counts) {
            users += other.users
            samplesRemoved += other.samplesRemoved
            daysCreated += other.daysCreated
            daysRaised += other.daysRaised
            daysKept += other.daysKept
        }
    }

    /// After each user: position, total, the user's id and what was done for them.
    typealias Progress = @Sendable (_ index: Int, _ total: Int, _ userID: String, _ counts: Counts) -> Void

    let database: Database

    static let hkIdentifiers = DailyStats.cumulativeHKTypes.sorted()
    /// `hk_identifier IN (…)` with the identifiers as parameters from `$first` on.
    static func identifierList(from first: Int) -> String {
        "(" + placeholderList(count: hkIdentifiers.count, from: first) + ")"
    }
    static let pendingCondition = """
        source = 'APPLE_HEALTH' AND deleted_at IS NULL AND substr(external_id, 1, 6) <> 'stats:'
        """

    func run(progress: Progress = { _, _, _, _ in }) async throws -> Counts {
        let users = try await database.read { connection in
            try UserStore.timezones(ofUsersWithMeasurementsWhere: "\(Self.pendingCondition) AND hk_identifier IN \(Self.identifierList(from: 1))",
                                    Self.hkIdentifiers.map(SQLValue.text), on: connection)
        }
        var total = Counts()
        for (index, (userID, timezone)) in users.enumerated() {
            let counts = try await database.transaction { connection in
                let priority = try UserStore.settings(userID: userID, on: connection).priority
                return try Self.drain(userID: userID, calendar: UserCalendar(timezone: timezone), priority: priority,
                                      now: Clock.now(), on: connection)
            }
            total.add(counts)
            progress(index + 1, users.count, userID, counts)
        }
        return total
    }
}

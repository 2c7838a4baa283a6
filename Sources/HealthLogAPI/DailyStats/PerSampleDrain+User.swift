import Foundation
import Storage

extension PerSampleDrain {
    private struct Sample {
        let id: String
        let type: String
        let hkIdentifier: String
        let value: Double
        let unit: String
        let deviceType: String?
        let day: String
    }

    /// Drains one user on `connection`, inside the caller's transaction; `priority` is the
    /// user's source priority, whose device ladder picks each day's device. Every row it writes
    /// — a day inserted or raised, a sample soft-deleted — takes a value of the user's sync
    /// counter (contract §13), so a paired phone learns of each through `?since`.
    static func drain(userID: String, calendar: UserCalendar, priority: SourcePriority, now: Int64,
                      on connection: any DatabaseConnection) throws -> Counts {
        let samples = try connection.query("""
            SELECT id, type, hk_identifier, value, unit, device_type, measured_at FROM measurements
            WHERE user_id = $1 AND \(pendingCondition) AND hk_identifier IN \(identifierList(from: 2))
            ORDER BY measured_at, id
            """, [.text(userID)] + hkIdentifiers.map(SQLValue.text)).map { row in
            Sample(id: try row.decode("id"), type: try row.decode("type"), hkIdentifier: try row.decode("hk_identifier"),
                   value: try row.decode("value"), unit: try row.decode("unit"), deviceType: try row.decode("device_type"),
                   day: calendar.day(of: try row.decode("measured_at")))
        }
        guard !samples.isEmpty else { return Counts() }
        var counts = Counts(users: 1, samplesRemoved: samples.count)
        let groups = Dictionary(grouping: samples) { DailyStats.externalId(hkIdentifier: $0.hkIdentifier, day: $0.day) }
        var version = try SyncCounter.reserve(groups.count + samples.count, userID: userID, on: connection)
        let nowMs = now * 1000
        for externalID in groups.keys.sorted() {
            guard let members = groups[externalID], let first = members.first,
                  let start = calendar.start(of: first.day), let next = calendar.next(after: first.day),
                  let end = calendar.start(of: next) else { continue }
            let existed = try connection.queryFirst("""
                SELECT 1 AS found FROM measurements WHERE user_id = $1 AND type = $2 AND source = 'APPLE_HEALTH' AND external_id = $3
                """, userID, first.type, externalID) != nil
            let (device, total) = dayTotal(of: members, metric: first.type, priority: priority)
            // Inserted, or an existing live row raised to the larger total; otherwise left as it is.
            let written = try connection.execute("""
                INSERT INTO measurements (id, user_id, type, source, external_id, hk_identifier, value, unit, measured_at, end_at,
                                          device_type, sync_version, created_at, updated_at)
                VALUES ($1, $2, $3, 'APPLE_HEALTH', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
                ON CONFLICT (user_id, type, source, external_id) DO UPDATE
                    SET value = excluded.value, sync_version = excluded.sync_version, updated_at = excluded.updated_at
                    WHERE measurements.deleted_at IS NULL AND measurements.value < excluded.value
                """, UUID().uuidString.lowercased(), userID, first.type, externalID, first.hkIdentifier,
                total, first.unit, start, end, device, version, now, nowMs)
            version += 1
            if !existed { counts.daysCreated += 1 } else if written == 1 { counts.daysRaised += 1 } else { counts.daysKept += 1 }
        }
        // Soft deletes, not deletes: the rows stay, marked, each with a version of its own.
        for sample in samples {
            try connection.execute("UPDATE measurements SET deleted_at = $1, sync_version = $2, updated_at = $3 WHERE id = $4",
                                   now, version, nowMs, sample.id)
            version += 1
        }
        return counts
    }

    /// One device's total for a day, never a sum across devices: a watch and a phone both
    /// count the steps taken while carrying both, so adding them would count those twice.
    /// The device is the one `pickCanonicalSource`'s device axis prefers for the user and
    /// metric, as in the daily read; when the ladder ranks none of them above the others,
    /// candidates are offered largest total first, so the picker's tie-break keeps the largest.
    private static func dayTotal(of samples: [Sample], metric: String, priority: SourcePriority) -> (String?, Double) {
        var totals: [String?: Double] = [:]
        for sample in samples { totals[sample.deviceType, default: 0] += sample.value }
        let largestFirst = totals.sorted { ($1.value, $1.key ?? "") < ($0.value, $0.key ?? "") }
        let candidates = largestFirst.map { SourceCandidate(source: IngestSource.appleHealth, deviceType: $0.key) }
        guard let chosen = priority.pickCanonicalSource(candidates, metric: metric) else { return (nil, 0) }
        return (chosen.deviceType, totals[chosen.deviceType] ?? 0)
    }
}

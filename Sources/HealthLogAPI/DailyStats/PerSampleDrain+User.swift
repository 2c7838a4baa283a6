import Foundation
import Storage

extension PerSampleDrain {
    /// Drains one user on `connection`, inside the caller's transaction; `priority` is the
    /// user's source priority, whose device ladder picks each day's device. Every row it writes
    /// — a day inserted or raised, a sample soft-deleted — takes a value of the user's sync
    /// counter (contract §13), so a paired phone learns of each through `?since`.
    static func drain(userID: String, calendar: UserCalendar, priority: SourcePriority, now: Int64,
                      on connection: any DatabaseConnection) throws -> Counts {
        let samples = try MeasurementStore.pendingSamples(userID: userID, on: connection)
        guard !samples.isEmpty else { return Counts() }
        var counts = Counts(users: 1, samplesRemoved: samples.count)
        let groups = Dictionary(grouping: samples) {
            DailyStats.externalId(hkIdentifier: $0.hkIdentifier, day: calendar.day(of: $0.measuredAt))
        }
        var version = try SyncCounter.reserve(groups.count + samples.count, userID: userID, on: connection)
        let nowMs = now * 1000
        for externalID in groups.keys.sorted() {
            guard let members = groups[externalID], let first = members.first,
                  case let day = calendar.day(of: first.measuredAt),
                  let start = calendar.start(of: day), let next = calendar.next(after: day),
                  let end = calendar.start(of: next) else { continue }
            let existed = try MeasurementStore.hasAppleHealthRow(userID: userID, type: first.type, externalID: externalID, on: connection)
            let (device, total) = dayTotal(of: members, metric: first.type, priority: priority)
            // Inserted, or an existing live row raised to the larger total; otherwise left as it is.
            let written = try MeasurementStore.upsertDayTotal(
                id: UUID().uuidString.lowercased(), userID: userID, type: first.type, externalID: externalID,
                hkIdentifier: first.hkIdentifier, value: total, unit: first.unit, start: start, end: end, deviceType: device,
                version: version, now: now, nowMs: nowMs, on: connection)
            version += 1
            if !existed { counts.daysCreated += 1 } else if written == 1 { counts.daysRaised += 1 } else { counts.daysKept += 1 }
        }
        // Soft deletes, not deletes: the rows stay, marked, each with a version of its own.
        for sample in samples {
            try MeasurementStore.softDelete(id: sample.id, version: version, now: now, nowMs: nowMs, on: connection)
            version += 1
        }
        return counts
    }

    /// One device's total for a day, never a sum across devices: a watch and a phone both
    /// count the steps taken while carrying both, so adding them would count those twice.
    /// The device is the one `pickCanonicalSource`'s device axis prefers for the user and
    /// metric, as in the daily read; when the ladder ranks none of them above the others,
    /// candidates are offered largest total first, so the picker's tie-break keeps the largest.
    private static func dayTotal(of samples: [MeasurementStore.PendingSample], metric: String, priority: SourcePriority) -> (String?, Double) {
        var totals: [String?: Double] = [:]
        for sample in samples { totals[sample.deviceType, default: 0] += sample.value }
        let largestFirst = totals.sorted { ($1.value, $1.key ?? "") < ($0.value, $0.key ?? "") }
        let candidates = largestFirst.map { SourceCandidate(source: IngestSource.appleHealth, deviceType: $0.key) }
        guard let chosen = priority.pickCanonicalSource(candidates, metric: metric) else { return (nil, 0) }
        return (chosen.deviceType, totals[chosen.deviceType] ?? 0)
    }
}

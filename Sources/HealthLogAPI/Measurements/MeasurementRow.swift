import Foundation
import Storage

/// One measurement ready to insert (`MeasurementStore.insert`): an entry of a measurements
/// batch, mapped and converted, or a Withings reading (`WithingsMeasureMapping`).
struct MeasurementRow: BatchRow {
    /// The entry's position in its batch.
    let index: Int
    let id: String
    let type: String
    /// `IngestSource`.
    var source = IngestSource.appleHealth
    let externalId: String
    /// Nil for a reading that did not come from Apple Health.
    let hkIdentifier: String?
    let value: Double
    let unit: String
    let measuredAt: Int64
    let endAt: Int64
    let sleepStage: Int?
    let deviceType: String?
    let externalSourceVersion: String?

    /// The row for `entry`, with primary key `id`, or why it is skipped: an identifier without
    /// a mapping, or a unit, value, start or interval that cannot be a real reading. Sleep and
    /// mindful minutes store their interval (`MetricMapping.storedValue`).
    static func map(_ entry: MeasurementBatchBody.Entry, index: Int, id: String, now: Int64) -> Result<MeasurementRow, SkipReason> {
        guard let mapping = AppleHealthMapping.mapping(for: entry.hkIdentifier) else { return .failure(.unmappableIdentifier) }
        let start = Int64(entry.startDate.timeIntervalSince1970.rounded(.down))
        let end = Int64(entry.endDate.timeIntervalSince1970.rounded(.down))
        guard PlausibleTime.allows(start: start, end: end, now: now),
              let value = mapping.storedValue(entry.value, unit: entry.unit, start: start, end: end) else {
            return .failure(.valueOutOfRange)
        }
        return .success(MeasurementRow(index: index, id: id, type: mapping.type, source: IngestSource.appleHealth,
                                       externalId: entry.externalId, hkIdentifier: entry.hkIdentifier, value: value,
                                       unit: mapping.canonicalUnit, measuredAt: start, endAt: end, sleepStage: entry.sleepStage,
                                       deviceType: entry.deviceType, externalSourceVersion: entry.externalSourceVersion))
    }

    var conflictKey: ConflictKey { ConflictKey(type, externalId) }
}

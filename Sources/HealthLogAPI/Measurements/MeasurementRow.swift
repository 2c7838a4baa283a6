import Foundation
import Storage

/// One entry of a measurements batch, mapped and converted, ready to insert.
struct MeasurementRow: BatchRow {
    let index: Int
    let id: String
    let type: String
    let externalId: String
    let hkIdentifier: String
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
        return .success(MeasurementRow(index: index, id: id, type: mapping.type,
                                       externalId: entry.externalId, hkIdentifier: entry.hkIdentifier, value: value,
                                       unit: mapping.canonicalUnit, measuredAt: start, endAt: end, sleepStage: entry.sleepStage,
                                       deviceType: entry.deviceType, externalSourceVersion: entry.externalSourceVersion))
    }

    var conflictKey: [String] { [type, externalId] }

    func values(userID: String, write: RowWrite) -> [SQLValue] {
        [.text(id), .text(userID), .text(type), .text(IngestSource.appleHealth), .text(externalId), .text(hkIdentifier),
         .real(value), .text(unit), .integer(measuredAt), .integer(endAt), sleepStage.sqlValue, deviceType.sqlValue,
         externalSourceVersion.sqlValue, .integer(write.version), .integer(write.seconds), .integer(write.milliseconds)]
    }
}

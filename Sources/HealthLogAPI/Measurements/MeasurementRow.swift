import Foundation

/// One entry of a measurements batch, mapped and converted, ready to insert.
struct MeasurementRow: Sendable {
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

    /// The row for `entry`, or why it is skipped: an identifier without a mapping, or a unit,
    /// value or interval that cannot be a real reading.
    static func map(_ entry: MeasurementBatchBody.Entry, index: Int) -> Result<MeasurementRow, SkipReason> {
        guard let mapping = AppleHealthMapping.mapping(for: entry.hkIdentifier) else { return .failure(.unmappableIdentifier) }
        let start = Int64(entry.startDate.timeIntervalSince1970.rounded(.down))
        let end = Int64(entry.endDate.timeIntervalSince1970.rounded(.down))
        guard end >= start, let value = mapping.canonicalValue(entry.value, unit: entry.unit) else {
            return .failure(.valueOutOfRange)
        }
        return .success(MeasurementRow(index: index, id: UUID().uuidString.lowercased(), type: mapping.type,
                                       externalId: entry.externalId, hkIdentifier: entry.hkIdentifier, value: value,
                                       unit: mapping.canonicalUnit, measuredAt: start, endAt: end, sleepStage: entry.sleepStage,
                                       deviceType: entry.deviceType, externalSourceVersion: entry.externalSourceVersion))
    }
}

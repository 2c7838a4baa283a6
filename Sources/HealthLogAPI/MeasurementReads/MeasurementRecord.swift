import APIToolkit
import Foundation
import Storage

/// A `measurements` row as the API returns it. Times are `YYYY-MM-DDTHH:MM:SSZ`; nullable
/// fields are always present. `syncVersion`/`updatedAt` are contract §13's version pair, and
/// `deletedAt` its soft-delete mark, which §13.2 puts on every synced row (null on a live one).
struct MeasurementRecord: Encodable, Sendable {
    let id: String
    let type: String
    let source: String
    let value: Double
    let unit: String
    let measuredAt: Date
    let endAt: Date
    let sleepStage: Int64?
    let deviceType: String?
    let externalId: String
    let syncVersion: Int64
    let updatedAt: Date
    let deletedAt: Date?

    static let columns = """
        id, type, source, value, unit, measured_at, end_at, sleep_stage, device_type, external_id, sync_version, updated_at,
        deleted_at
        """

    init(row: Row) throws {
        id = try row.decode("id")
        type = try row.decode("type")
        source = try row.decode("source")
        value = try row.decode("value")
        unit = try row.decode("unit")
        measuredAt = try row.decode("measured_at")
        endAt = try row.decode("end_at")
        sleepStage = try row.decode("sleep_stage")
        deviceType = try row.decode("device_type")
        externalId = try row.decode("external_id")
        syncVersion = try row.decode("sync_version")
        updatedAt = try row.decode("updated_at")
        deletedAt = try row.decode("deleted_at")
    }

    var candidate: SourceCandidate { SourceCandidate(source: source, deviceType: deviceType) }

    static func properties() -> [Property] {
        [Property("id", .string(format: .uuid)),
         Property("type", .string()),
         Property("source", .string(oneOf: SourcePriority.sources)),
         Property("value", .number(), description: "In the type's canonical unit."),
         Property("unit", .string()),
         Property("measuredAt", .dateTimeUTC),
         Property("endAt", .dateTimeUTC),
         Property("sleepStage", .integer(min: 0, max: 20).orNull),
         Property("deviceType", .string(oneOf: DeviceType.values).orNull),
         Property("externalId", .string()),
         Property("syncVersion", .integer(min: 1)),
         Property("updatedAt", .dateTimeUTC),
         Property("deletedAt", .dateTimeUTC.orNull, description: "Contract §13.2's soft-delete mark; null on a live row.")]
    }

    static let schema: Schema = .object("Measurement") { properties() }
}

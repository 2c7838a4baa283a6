import APIToolkit
import Foundation
import Storage

/// A `measurements` row as the API returns it. Times are `YYYY-MM-DDTHH:MM:SSZ`; nullable
/// fields are always present. The sync fields (`SyncFields`) are contract §13's version pair and
/// soft-delete mark.
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
    let sync: SyncFields

    static let columns = """
        id, type, source, value, unit, measured_at, end_at, sleep_stage, device_type, external_id, \(SyncFields.columns)
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
        sync = try SyncFields(row: row)
    }

    var candidate: SourceCandidate { SourceCandidate(source: source, deviceType: deviceType) }

    enum Keys: String, CodingKey { case id, type, source, value, unit, measuredAt, endAt, sleepStage, deviceType, externalId }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(source, forKey: .source)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(measuredAt, forKey: .measuredAt)
        try container.encode(endAt, forKey: .endAt)
        try container.encodeIfPresent(sleepStage, forKey: .sleepStage)
        try container.encodeIfPresent(deviceType, forKey: .deviceType)
        try container.encode(externalId, forKey: .externalId)
        try sync.encode(to: encoder)
    }

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
         Property("externalId", .string())] + SyncFields.properties()
    }

    static let schema: Schema = .object("Measurement") { properties() }
}

import APIToolkit
import Foundation

/// `POST /api/measurements/batch`'s body, exactly contract §2.1's strict schema. The 500-entry
/// ceiling is published here but checked before validation, so it answers with its own code.
struct MeasurementBatchBody: FlatListBody {
    static let maxEntries = 500

    struct Entry: Decodable, Sendable, Equatable {
        let hkIdentifier: String
        let value: Double
        let unit: String
        let startDate: Date
        let endDate: Date
        let sleepStage: Int?
        let externalId: String
        let externalSourceVersion: String?
        let deviceType: String?
    }

    let entries: [Entry]

    init(items: [Entry]) {
        entries = items
    }

    /// Reads the members in the schema's order (see `MemberValues`).
    static func item(from item: inout MemberValues) throws(DecodingError) -> Entry {
        Entry(hkIdentifier: try item.string("hkIdentifier"), value: try item.double("value"), unit: try item.string("unit"),
              startDate: try item.date("startDate"), endDate: try item.date("endDate"), sleepStage: try item.optionalInt("sleepStage"),
              externalId: try item.string("externalId"), externalSourceVersion: try item.optionalString("externalSourceVersion"),
              deviceType: try item.optionalString("deviceType"))
    }

    static let entrySchema: Schema = .object("MeasurementBatchEntry") {
        Property("hkIdentifier", .string(minLength: 1, maxLength: 120),
                 description: "HKQuantityTypeIdentifier… or HKCategoryTypeIdentifier…; unmapped ones are skipped.")
        Property("value", .number(), description: "In `unit`; converted to the metric's canonical unit.")
        Property("unit", .string(minLength: 1, maxLength: 60), description: "HealthKit unit string, e.g. kg, lb, count/min, %.")
        Property("startDate", .dateTimeWithOffset)
        Property("endDate", .dateTimeWithOffset)
        Property("sleepStage", .integer(min: 0, max: 20), required: false,
                 description: "HKCategoryValueSleepAnalysis raw value for sleep samples.")
        Property("externalId", .string(minLength: 1, maxLength: 120),
                 description: "HKSample UUID, or stats:<identifier>:<YYYY-MM-DD> for daily totals of cumulative types.")
        Property("externalSourceVersion", .string(minLength: 1, maxLength: 120), required: false)
        Property("deviceType", DeviceType.schema, required: false)
    }

    static let schema: Schema = .object("MeasurementBatch") {
        Property("entries", .array(of: entrySchema, minItems: 1, maxItems: maxEntries),
                 description: "At most 500; more is 422 measurement.batch.too_large.")
    }
}

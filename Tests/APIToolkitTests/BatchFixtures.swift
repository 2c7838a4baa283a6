import APIToolkit
import Foundation

/// The HealthLog `POST /api/measurements/batch` body (locked contract §2.1), declared the way a
/// service will declare it. Mirrors the Zod `batchEntrySchema` line by line.
struct MeasurementBatch: RequestBody, Equatable {
    struct Entry: Decodable, Equatable {
        var hkIdentifier: String
        var value: Double
        var unit: String
        var startDate: Date
        var endDate: Date
        var sleepStage: Int?
        var externalId: String
        var externalSourceVersion: String?
        var deviceType: String?
    }

    var entries: [Entry]

    static let deviceTypes = ["watch", "phone", "scale", "ring", "other"]

    static let entrySchema: Schema = .object("BatchEntry") {
        Property("hkIdentifier", .string(minLength: 1, maxLength: 120))
        Property("value", .number())
        Property("unit", .string(minLength: 1, maxLength: 60))
        Property("startDate", .dateTimeWithOffset)
        Property("endDate", .dateTimeWithOffset)
        Property("sleepStage", .integer(min: 0, max: 20), required: false)
        Property("externalId", .string(minLength: 1, maxLength: 120))
        Property("externalSourceVersion", .string(minLength: 1, maxLength: 120), required: false)
        Property("deviceType", .string(oneOf: deviceTypes).orNull, required: false)
    }

    static let schema: Schema = .object("MeasurementBatch") {
        Property("entries", .array(of: entrySchema, minItems: 1))
    }
}

/// A valid entry as JSON text; `overrides` replace or add members (use `nil` to remove one).
func batchEntryJSON(index: Int, _ overrides: [String: String?] = [:]) -> String {
    var members: [(String, String)] = [
        ("hkIdentifier", #""HKQuantityTypeIdentifierStepCount""#),
        ("value", "\(100 + index)"),
        ("unit", #""count""#),
        ("startDate", #""2026-05-16T10:00:00+02:00""#),
        ("endDate", #""2026-05-16T10:15:00.250+02:00""#),
        ("externalId", "\"uuid-\(index)\""),
    ]
    for (key, replacement) in overrides.sorted(by: { $0.key < $1.key }) {
        members.removeAll { $0.0 == key }
        if let replacement { members.append((key, replacement)) }
    }
    return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
}

func batchJSON(_ entries: [String]) -> [UInt8] {
    Array("{\"entries\":[\(entries.joined(separator: ","))]}".utf8)
}

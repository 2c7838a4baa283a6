import APIToolkit
import Foundation
import Storage

/// A `medication_intake_logs` row as the API returns it: which medication, when, the dose in mg
/// (null when not logged), whether the dose was skipped, the injection site, a note, the app's
/// identifiers and the sync fields. Nullable keys are always present.
struct IntakeRecord: Encodable, Sendable {
    let id: String
    let medicationId: String
    let takenAt: Date
    let doseMg: Double?
    let skipped: Bool
    let site: String?
    let note: String?
    let externalId: String?
    let clientId: String?
    let sync: SyncFields

    static let columns = "id, medication_id, taken_at, dose_mg, skipped, site, note, external_id, client_id, \(SyncFields.columns)"

    init(row: Row) throws {
        id = try row.decode("id")
        medicationId = try row.decode("medication_id")
        takenAt = try row.decode("taken_at")
        doseMg = try row.decode("dose_mg")
        skipped = try row.decode(Int64.self, "skipped") != 0
        site = try row.decode("site")
        note = try row.decode("note")
        externalId = try row.decode("external_id")
        clientId = try row.decode("client_id")
        sync = try SyncFields(row: row)
    }

    enum Keys: String, CodingKey { case id, medicationId, takenAt, doseMg, skipped, site, note, externalId, clientId }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(medicationId, forKey: .medicationId)
        try container.encode(takenAt, forKey: .takenAt)
        try container.encodeIfPresent(doseMg, forKey: .doseMg)
        try container.encode(skipped, forKey: .skipped)
        try container.encodeIfPresent(site, forKey: .site)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(externalId, forKey: .externalId)
        try container.encodeIfPresent(clientId, forKey: .clientId)
        try sync.encode(to: encoder)
    }

    /// Where an injection went, the sites pen instructions name; oral doses leave it null.
    static let sites = ["abdomen_left", "abdomen_right", "thigh_left", "thigh_right", "upper_arm_left", "upper_arm_right"]

    static let schema: Schema = .object("MedicationIntake") {
        Property("id", .string(format: .uuid))
        Property("medicationId", .string(format: .uuid))
        Property("takenAt", .dateTimeUTC)
        Property("doseMg", .number(min: 0).orNull)
        Property("skipped", .boolean)
        Property("site", .string(oneOf: sites).orNull)
        Property("note", .string().orNull)
        Property("externalId", .string().orNull)
        Property("clientId", .string().orNull)
        SyncFields.properties()
    }
}

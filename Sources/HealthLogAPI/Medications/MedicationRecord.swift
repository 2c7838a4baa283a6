import APIToolkit
import Foundation
import Storage

/// The fields a user writes: what `POST /api/medications` takes and what a row carries besides
/// its id, GLP-1 details and times.
struct MedicationDetails: Codable, Sendable {
    let name: String
    let kind: String
    let doseUnit: String
    let schedule: String
    let startDate: String?
    let stopDate: String?
}

/// A `medications` row as the API returns it. `glp1` is null until `POST /api/medications/{id}/glp1`
/// sets the GLP-1 details, which are stored and returned together. Nullable keys are always present.
struct MedicationRecord: Encodable, Sendable {
    struct GLP1: Encodable, Sendable {
        let drug: String
        let brand: String
        let doseMg: Double
        let intervalDays: Int64
        let since: String
    }

    let id: String
    let details: MedicationDetails
    let glp1: GLP1?
    let createdAt: Date
    let updatedAt: Date

    static let columns = """
        id, name, kind, dose_unit, schedule, start_date, stop_date, glp1_drug, glp1_brand, glp1_dose_mg, \
        glp1_interval_days, glp1_since, created_at, updated_at
        """

    init(row: Row) throws {
        id = try row.decode("id")
        details = MedicationDetails(name: try row.decode("name"), kind: try row.decode("kind"), doseUnit: try row.decode("dose_unit"),
                                    schedule: try row.decode("schedule"), startDate: try row.decode("start_date"),
                                    stopDate: try row.decode("stop_date"))
        if let drug = try row.decode(String?.self, "glp1_drug") {
            glp1 = GLP1(drug: drug, brand: try row.decode("glp1_brand"), doseMg: try row.decode("glp1_dose_mg"),
                        intervalDays: try row.decode("glp1_interval_days"), since: try row.decode("glp1_since"))
        } else {
            glp1 = nil
        }
        createdAt = try row.decode("created_at")
        updatedAt = try row.decode("updated_at")
    }

    enum Keys: String, CodingKey { case id, glp1, createdAt, updatedAt }

    /// One flat object: the id, the details' keys, then the GLP-1 details and the times.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try details.encode(to: encoder)
        try container.encodeIfPresent(glp1, forKey: .glp1)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }

    static let notFound = APIError.notFound("No such medication", code: "medication.not_found")

    static let glp1Schema: Schema = .object("MedicationGLP1") {
        Property("drug", .string(oneOf: GLP1Catalog.generics))
        Property("brand", .string(oneOf: GLP1Catalog.brandNames))
        Property("doseMg", .number(min: 0, max: 100))
        Property("intervalDays", .integer(min: 1, max: 31), description: "Days between dosing days (see the catalog's dosesPerDay).")
        Property("since", .string(minLength: 10, maxLength: 10), description: "YYYY-MM-DD: on this dose since.")
    }

    static let schema: Schema = .object("Medication") {
        Property("id", .string(format: .uuid))
        Property("name", .string())
        Property("kind", MedicationFields.kind)
        Property("doseUnit", MedicationFields.doseUnit)
        Property("schedule", MedicationFields.schedule)
        Property("startDate", MedicationFields.civilDate.orNull, description: "YYYY-MM-DD or null.")
        Property("stopDate", MedicationFields.civilDate.orNull, description: "YYYY-MM-DD or null; never before startDate.")
        Property("glp1", glp1Schema.orNull, description: "Set by POST /api/medications/{id}/glp1; null until then.")
        Property("createdAt", .dateTimeUTC)
        Property("updatedAt", .dateTimeUTC)
    }
}

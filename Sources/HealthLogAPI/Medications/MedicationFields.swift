import APIToolkit

/// The words and schemas of a medication's fields, shared by the create body, the PATCH body,
/// the GLP-1 body and the row the API returns.
enum MedicationFields {
    /// The kind of a GLP-1 receptor agonist (set with its details by `POST /api/medications/{id}/glp1`).
    static let glp1Kind = "glp1"
    static let kinds = [glp1Kind, "other"]
    static let doseUnits = ["mg", "mcg", "g", "ml", "IU", "units", "tablet", "capsule", "puff", "drop"]
    static let schedules = ["daily", "twice_daily", "weekly", "every_other_week", "monthly", "as_needed"]

    static let name: Schema = .string(minLength: 1, maxLength: 120)
    static let kind: Schema = .string(oneOf: kinds)
    static let doseUnit: Schema = .string(oneOf: doseUnits)
    static let schedule: Schema = .string(oneOf: schedules)
    /// `YYYY-MM-DD` naming a real date (`format: date`, checked by the schema).
    static let civilDate: Schema = .date

    static let nameDescription = "1-120 characters, one line, no control or invisible characters, nothing that reads as an instruction to an assistant (422 otherwise)."
    static let civilDateDescription = "YYYY-MM-DD, a real calendar date."

    /// 422 on `stopDate` when both days are set and the stop comes before the start.
    static func checkOrder(startDate: String?, stopDate: String?) throws {
        guard let startDate, let stopDate, stopDate < startDate else { return }
        throw APIError.invalidValue(at: "stopDate", "must not be before startDate")
    }
}

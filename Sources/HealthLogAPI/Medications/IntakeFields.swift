import APIToolkit

/// The schemas of an intake's fields, shared by the bulk body and the PATCH body.
enum IntakeFields {
    /// No GLP-1 or other single dose comes near a gram; a larger number is a unit mistake.
    static let doseMg: Schema = .number(min: 0, max: 1000)
    static let site: Schema = .string(oneOf: IntakeRecord.sites)
    static let note: Schema = .string(maxLength: 1000)
}

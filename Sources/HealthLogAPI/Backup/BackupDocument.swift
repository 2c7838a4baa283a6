import APIToolkit

/// The backup document (`docs/healthlog/backup.md`): one JSON object naming its format and
/// version, when it was made, the account's profile, then one array per `BackupTables` entry.
/// The same schema describes the export's answer and validates the import's body. Unknown keys
/// are accepted at the root and in every row (forward-compatible additions); the profile, its
/// Research Mode state and a medication's GLP-1 details are strict.
enum BackupDocument {
    static let format = "healthlog-backup"
    /// Raised whenever a change means an older server could not restore the document correctly.
    static let version: Int64 = 1

    static let schema: Schema = .object(ObjectSchema(
        name: "HealthLogBackup",
        description: """
            Everything an account holds (GDPR Art. 20 data portability): profile, live measurements, workouts, \
            medications, intakes and mood entries. Unknown keys are accepted and ignored here and in every row; \
            the profile, its researchMode and a medication's glp1 are strict.
            """,
        properties: [Property("format", .string(oneOf: [format])),
                     Property("version", .integer(min: 1), description: "\(version); any other is 422 backup.unsupported_version."),
                     Property("exportedAt", .dateTimeUTC),
                     Property("profile", BackupProfile.schema)]
            + BackupTables.all.map { Property($0.key, .array(of: $0.schema)) },
        allowsUnknownKeys: true))
}

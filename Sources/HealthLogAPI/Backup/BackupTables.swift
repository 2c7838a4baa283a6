import APIToolkit

/// The five arrays of the backup document, in document order. Every row holds the user's own
/// values and its `createdAt`; the server's bookkeeping (ids, sync versions, `updatedAt`,
/// `deletedAt`) is not exported, and soft-deleted rows are not exported at all.
enum BackupTables {
    static let all = [measurements, workouts, medications, intakes, moodEntries]

    static let createdAt = BackupField("createdAt", "created_at", .dateTime, .dateTimeUTC,
                                       description: "When the server first stored the row; restored as it is.")
    /// The app's identifiers of a synced row (contract §13.1's dedup keys).
    static let appIdentifiers = [BackupField("externalId", "external_id", .text, SyncIdentifiers.schema.orNull),
                                 BackupField("clientId", "client_id", .text, SyncIdentifiers.schema.orNull)]
    /// Identifiers and short labels as the ingest routes store them, with room to spare.
    static let label: Schema = .string(minLength: 1, maxLength: 255)

    static let measurements = BackupTable(
        key: "measurements", table: "measurements", schemaName: "BackupMeasurement",
        description: "A live measurement, value in the type's canonical unit.",
        fields: [BackupField("type", "type", .text, label, description: "Internal metric name (steps, weight, …)."),
                 BackupField("source", "source", .text, .string(oneOf: SourcePriority.sources)),
                 BackupField("externalId", "external_id", .text, label),
                 BackupField("hkIdentifier", "hk_identifier", .text, label.orNull),
                 BackupField("value", "value", .number, .number()),
                 BackupField("unit", "unit", .text, label),
                 BackupField("measuredAt", "measured_at", .dateTime, .dateTimeUTC),
                 BackupField("endAt", "end_at", .dateTime, .dateTimeUTC),
                 BackupField("sleepStage", "sleep_stage", .integer, .integer(min: 0, max: 20).orNull),
                 BackupField("deviceType", "device_type", .text, DeviceType.schema),
                 BackupField("externalSourceVersion", "external_source_version", .text, label.orNull),
                 createdAt],
        pageKey: ["type", "source", "external_id"], uniqueKeys: [["type", "source", "externalId"]], synced: true)

    static let workouts = BackupTable(
        key: "workouts", table: "workouts", schemaName: "BackupWorkout", description: "A live workout.",
        fields: [BackupField("source", "source", .text, .string(oneOf: SourcePriority.sources)),
                 BackupField("externalId", "external_id", .text, label),
                 BackupField("activityType", "activity_type", .integer, .integer(min: 1, max: 3000),
                             description: "HKWorkoutActivityType raw value."),
                 BackupField("activityName", "activity_name", .text, label),
                 BackupField("startedAt", "started_at", .dateTime, .dateTimeUTC),
                 BackupField("endedAt", "ended_at", .dateTime, .dateTimeUTC),
                 BackupField("durationSeconds", "duration_seconds", .number, .number(min: 0)),
                 BackupField("totalEnergyKcal", "total_energy_kcal", .number, .number(min: 0).orNull),
                 BackupField("totalDistanceM", "total_distance_m", .number, .number(min: 0).orNull),
                 BackupField("sourceName", "source_name", .text, label.orNull),
                 BackupField("deviceType", "device_type", .text, DeviceType.schema),
                 createdAt],
        pageKey: ["source", "external_id"], uniqueKeys: [["source", "externalId"]])

    static let medications = BackupTable(
        key: "medications", table: "medications", schemaName: "BackupMedication",
        description: "A prescription; intakes link to it by id.", hasDocumentID: true,
        fields: [BackupField("name", "name", .text, MedicationFields.name, description: MedicationFields.nameDescription),
                 BackupField("kind", "kind", .text, MedicationFields.kind),
                 BackupField("doseUnit", "dose_unit", .text, MedicationFields.doseUnit),
                 BackupField("schedule", "schedule", .text, MedicationFields.schedule),
                 BackupField("startDate", "start_date", .text, MedicationFields.civilDate.orNull, description: MedicationFields.civilDateDescription),
                 BackupField("stopDate", "stop_date", .text, MedicationFields.civilDate.orNull, description: MedicationFields.civilDateDescription),
                 createdAt],
        groups: [BackupGroup(name: "glp1", schemaName: "BackupGlp1Details",
                             description: "The GLP-1 details, or null when none are set. Strict: unknown keys are 422.",
                             fields: [BackupField("drug", "glp1_drug", .text, label.orNull),
                                      BackupField("brand", "glp1_brand", .text, label.orNull),
                                      BackupField("doseMg", "glp1_dose_mg", .number, IntakeFields.doseMg.orNull),
                                      BackupField("intervalDays", "glp1_interval_days", .integer, .integer(min: 1, max: 31).orNull),
                                      BackupField("since", "glp1_since", .text, MedicationFields.civilDate.orNull,
                                                  description: MedicationFields.civilDateDescription)])],
        pageKey: ["created_at", "id"], softDeletes: false)

    static let intakes = BackupTable(
        key: "intakes", table: "medication_intake_logs", schemaName: "BackupIntake", description: "A live intake log.",
        reference: BackupField("medicationId", "medication_id", .text, BackupTable.documentIDSchema,
                               description: "The id of a medication of this document."),
        fields: [BackupField("takenAt", "taken_at", .dateTime, .dateTimeUTC),
                 BackupField("doseMg", "dose_mg", .number, IntakeFields.doseMg.orNull),
                 BackupField("skipped", "skipped", .boolean, .boolean),
                 BackupField("site", "site", .text, IntakeFields.site.orNull),
                 BackupField("note", "note", .text, IntakeFields.note.orNull)] + appIdentifiers + [createdAt],
        pageKey: ["created_at", "id"], uniqueKeys: [["externalId"], ["clientId"]], synced: true)

    static let moodEntries = BackupTable(
        key: "moodEntries", table: "mood_entries", schemaName: "BackupMoodEntry", description: "A live mood entry.",
        fields: [BackupField("recordedAt", "recorded_at", .dateTime, .dateTimeUTC),
                 BackupField("mood", "mood", .integer, MoodEntryFields.mood),
                 BackupField("energy", "energy", .integer, MoodEntryFields.energy.orNull),
                 BackupField("tags", "tags", .stringList, MoodEntryFields.tags.orNull),
                 BackupField("note", "note", .text, MoodEntryFields.note.orNull)] + appIdentifiers + [createdAt],
        pageKey: ["created_at", "id"], uniqueKeys: [["externalId"], ["clientId"]], synced: true)
}

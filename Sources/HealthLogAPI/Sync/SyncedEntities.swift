import APIToolkit
import Storage

/// The three synced entities of contract §13.
extension SyncedEntity {
    static let measurement = SyncedEntity(
        name: "Measurement", table: "measurements", path: "/api/measurements", tag: "measurements", codePrefix: "measurement",
        columns: MeasurementRecord.columns, schema: MeasurementRecord.schema,
        encode: { try APIEncoder().encode(try MeasurementRecord(row: $0)) },
        fields: [.number("value", "value", .number())],
        validate: { changes, stored in
            guard let value = changes["value"]?.doubleValue else { return }
            try MeasurementPlausibility.check(value, stored: stored)
        },
        afterWrite: { userID, connection in
            // A corrected or deleted daily total can change the best day.
            try PersonalRecordJobs.enqueue(userID: userID, now: Clock.now(), on: connection)
        })

    static let moodEntry = SyncedEntity(
        name: "MoodEntry", table: "mood_entries", path: "/api/mood-entries", tag: "mood", codePrefix: "mood_entry",
        columns: MoodEntryRecord.columns, schema: MoodEntryRecord.schema,
        encode: { try APIEncoder().encode(try MoodEntryRecord(row: $0)) },
        fields: [.dateTime("recordedAt", "recorded_at"),
                 .integer("mood", "mood", MoodEntryFields.mood),
                 .integer("energy", "energy", MoodEntryFields.energy.orNull),
                 .stringList("tags", "tags", MoodEntryFields.tags),
                 .text("note", "note", MoodEntryFields.note.orNull)])

    static let medicationIntake = SyncedEntity(
        name: "MedicationIntakeLog", table: "medication_intake_logs", path: "/api/medications/intake", tag: "medications",
        codePrefix: "medication_intake", columns: IntakeRecord.columns, schema: IntakeRecord.schema,
        encode: { try APIEncoder().encode(try IntakeRecord(row: $0)) },
        fields: [.dateTime("takenAt", "taken_at"),
                 .number("doseMg", "dose_mg", IntakeFields.doseMg.orNull),
                 .boolean("skipped", "skipped"),
                 .text("site", "site", IntakeFields.site.orNull),
                 .text("note", "note", IntakeFields.note.orNull)])
}

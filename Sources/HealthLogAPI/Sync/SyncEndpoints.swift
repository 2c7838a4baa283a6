/// Every route of contract §13, in the order the document lists them: per entity its bulk
/// backfill (where §13.1 names one), change feed, PATCH and the refused DELETE, then the
/// handshake. The measurements feed is the measurements list (`MeasurementReadEndpoints`).
enum SyncEndpoints {
    static let endpoints: [Endpoint] = [
        SyncedPatch.endpoint(.measurement), SyncedPatch.hardDelete(.measurement),
        MoodEntryBulkEndpoint.endpoint,
        SyncedReads.endpoint(.moodEntry, timeColumn: "recorded_at", summary: "The user's mood entries, or the changes since a checkpoint"),
        SyncedPatch.endpoint(.moodEntry), SyncedPatch.hardDelete(.moodEntry),
        IntakeBulkEndpoint.endpoint,
        SyncedReads.endpoint(.medicationIntake, timeColumn: "taken_at", summary: "The user's intake logs, or the changes since a checkpoint"),
        SyncedPatch.endpoint(.medicationIntake), SyncedPatch.hardDelete(.medicationIntake),
        SyncStateEndpoint.endpoint,
    ]
}

import APIToolkit

/// The schemas of a mood entry's fields, shared by the bulk body and the PATCH body.
enum MoodEntryFields {
    static let mood: Schema = .integer(min: 1, max: 5)
    static let energy: Schema = .integer(min: 1, max: 5)
    static let maxTags = 10
    static let tags: Schema = .array(of: .string(minLength: 1, maxLength: 40), maxItems: maxTags)
    static let note: Schema = .string(maxLength: 1000)
}

/// The app's identifiers of a synced row (contract §13.1's dedup keys), 1–120 characters each.
enum SyncIdentifiers {
    static let schema: Schema = .string(minLength: 1, maxLength: 120)

    static func properties() -> [Property] {
        [Property("externalId", schema.orNull, required: false, description: "The app's stable id (e.g. a HealthKit UUID); the first dedup key."),
         Property("clientId", schema.orNull, required: false, description: "The app's local id; the dedup key when there is no externalId.")]
    }
}

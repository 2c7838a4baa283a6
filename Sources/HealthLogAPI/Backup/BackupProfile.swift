import APIToolkit
import Storage

/// The `profile` of a backup: read from the exporting account, and restored onto the importing
/// one — time zone, source priority and Research Mode state; never the e-mail address, which
/// identifies the account rather than being its data.
enum BackupProfile {
    static let email = BackupField("email", "email", .text, .string(maxLength: 320),
                                   description: "The exporting account's address; never restored.")
    static let timezone = BackupField("timezone", "timezone", .text, .string(minLength: 1, maxLength: 64),
                                      description: "IANA zone, e.g. Europe/Berlin.")
    static let sourcePriorityKey = "sourcePriority"
    static let researchModeKey = "researchMode"
    static let acknowledgedVersion = BackupField("acknowledgedVersion", "research_mode_acknowledged_version", .text,
                                                 .string(maxLength: 256).orNull,
                                                 description: "The disclaimer version acknowledged, byte for byte, or null.")
    static let acknowledgedAt = BackupField("acknowledgedAt", "research_mode_acknowledged_at", .dateTime, .dateTimeUTC.orNull)

    static let schema: Schema = .object("BackupProfile", description: """
        The account's settings, restored onto the importing account except the e-mail address. Strict: unknown keys are 422.
        """) {
        email.property
        timezone.property
        Property(sourcePriorityKey, .any, description: """
            The stored source-priority object (contract §4), or null. Must be an object or null; restored in the \
            two-axis shape PUT /api/auth/me/source-priority stores, entries the server does not know dropped.
            """)
        Property(researchModeKey, .object("BackupResearchMode", description: "Strict: unknown keys are 422.") {
            acknowledgedVersion.property
            acknowledgedAt.property
        })
    }

    /// The account's profile as the document writes it; nil when the account is gone.
    static func json(userID: String, on connection: any DatabaseConnection) throws -> JSONObject? {
        guard let row = try UserStore.profile(userID: userID, on: connection) else { return nil }
        let priority: String? = try row.decode("source_priority_json")
        return [email.name: try email.json(row[email.column] ?? .null),
                timezone.name: try timezone.json(row[timezone.column] ?? .null),
                sourcePriorityKey: try priority.map { try JSONParser.parse(Array($0.utf8)) } ?? .null,
                researchModeKey: [acknowledgedVersion.name: try acknowledgedVersion.json(row[acknowledgedVersion.column] ?? .null),
                                  acknowledgedAt.name: try acknowledgedAt.json(row[acknowledgedAt.column] ?? .null)]]
    }

    /// What a validated profile restores: the column values of `UserStore.restoreProfile`.
    struct Restored: Sendable {
        let timezone: String
        let sourcePriority: SQLValue
        let acknowledgedVersion: SQLValue
        let acknowledgedAt: SQLValue
    }

    /// The values `profile` restores; 422 for a zone the server does not know or a source
    /// priority that is not an object.
    static func restored(from profile: JSONObject) throws -> Restored {
        let path = "profile."
        let zone = profile[timezone.name]?.stringValue ?? ""
        guard UserAccounts.isKnownTimezone(zone) else {
            throw APIError.invalidValue(at: path + timezone.name, "is not an IANA time zone such as Europe/Berlin")
        }
        var priority = SQLValue.null
        switch profile[sourcePriorityKey] {
        case .object?:
            let stored = try JSONSerializer.serialize(SourcePriority(stored: profile[sourcePriorityKey]).json)
            priority = .text(String(decoding: stored, as: UTF8.self))
        case .null?, nil: break
        default: throw APIError.invalidValue(at: path + sourcePriorityKey, "must be an object or null")
        }
        let research = profile[researchModeKey]?.objectValue ?? JSONObject()
        return Restored(timezone: zone, sourcePriority: priority,
                        acknowledgedVersion: acknowledgedVersion.sql(research[acknowledgedVersion.name] ?? .null),
                        acknowledgedAt: acknowledgedAt.sql(research[acknowledgedAt.name] ?? .null))
    }
}

import APIToolkit
import Foundation
import Storage

/// A `users` row as the API exposes it (`GET /api/auth/me`, the login response). Field names
/// are the contract's; nullable fields are always present, as `null` when unset.
struct UserRecord: Encodable, Sendable {
    let id: String
    let email: String
    let timezone: String
    let role: String
    /// Free-form JSON (contract §4), returned as the object it is, not as a string.
    let sourcePriorityJson: JSONValue
    let researchModeAcknowledgedVersion: String?
    let lastSyncedAt: Date?
    let createdAt: Date

    static let columns = """
        id, email, timezone, role, source_priority_json, research_mode_acknowledged_version, last_synced_at, created_at
        """

    init(row: Row) throws {
        id = try row.decode("id")
        email = try row.decode("email")
        timezone = try row.decode("timezone")
        role = try row.decode("role")
        let priority: String? = try row.decode("source_priority_json")
        sourcePriorityJson = try priority.map { try JSONParser.parse($0) } ?? .null
        researchModeAcknowledgedVersion = try row.decode("research_mode_acknowledged_version")
        lastSyncedAt = try row.decode("last_synced_at")
        createdAt = try row.decode("created_at")
    }

    static let schema: Schema = .object("User") {
        Property("id", .string(format: .uuid))
        Property("email", .string())
        Property("timezone", .string(), description: "IANA zone, e.g. Europe/Berlin.")
        Property("role", .string(oneOf: ["user", "admin"]))
        Property("sourcePriorityJson", .any, description: "Source-priority ladder (contract §4), or null.")
        Property("researchModeAcknowledgedVersion", .string().orNull)
        Property("lastSyncedAt", .dateTimeUTC.orNull)
        Property("createdAt", .dateTimeUTC)
    }
}

import APIToolkit
import Foundation
import Storage

/// Every statement on `users` (schema: `Migrations.users`). Each runs on the caller's
/// connection, so it joins whatever the caller opened (`read`, `write` or `transaction`) and
/// commits with the rest of that work. Deleting the row is the last of `AccountDeletion.steps`,
/// the one list of what deleting an account touches. `StoreOwnershipTests` fails when SQL on
/// `users` appears anywhere else but the migrations.
enum UserStore {
    // MARK: Accounts

    /// Inserts an account whose `created_at` and `updated_at` are `now`. Throws a
    /// `DatabaseError` with `isUniqueViolation` when `email` is taken.
    static func insert(id: String, email: String, passwordHash: String, role: UserRole, timezone: String, now: Int64,
                       on connection: any DatabaseConnection) throws {
        try connection.execute("""
            INSERT INTO users (id, email, password_hash, role, timezone, created_at, updated_at)
            VALUES ($1, $2, $3, $4, $5, $6, $6)
            """, id, email, passwordHash, role.rawValue, timezone, now)
    }

    /// The id of the account whose stored (normalised) e-mail is `email`; nil when there is none.
    static func id(email: String, on connection: any DatabaseConnection) throws -> String? {
        try connection.queryFirst("SELECT id FROM users WHERE email = $1", email)?.decode(String.self, "id")
    }

    /// The account `id` as the API shows it; nil when there is none.
    static func record(id: String, on connection: any DatabaseConnection) throws -> UserRecord? {
        try connection.queryFirst("SELECT \(UserRecord.columns) FROM users WHERE id = $1", id).map(UserRecord.init(row:))
    }

    // MARK: Passwords

    /// What a password check needs: the account, its stored e-mail and its password hash.
    struct Credentials: Sendable {
        let id: String
        let email: String
        let passwordHash: String
    }

    /// The credentials of the account whose stored e-mail is `email`; nil when there is none.
    static func credentials(email: String, on connection: any DatabaseConnection) throws -> Credentials? {
        try connection.queryFirst("SELECT id, email, password_hash FROM users WHERE email = $1", email).map(Credentials.init(row:))
    }

    /// The credentials of the account `id`; nil when there is none.
    static func credentials(id: String, on connection: any DatabaseConnection) throws -> Credentials? {
        try connection.queryFirst("SELECT id, email, password_hash FROM users WHERE id = $1", id).map(Credentials.init(row:))
    }

    /// A new password: stores `newHash` and stamps `updated_at` only while the stored hash is
    /// still `expected` (the one just verified), so a concurrent change wins. True when stored.
    static func changePassword(id: String, from expected: String, to newHash: String, now: Int64,
                               on connection: any DatabaseConnection) throws -> Bool {
        try connection.execute("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3 AND password_hash = $4",
                               newHash, now, id, expected) == 1
    }

    /// The same password hashed with other costs: replaces `expected` by `newHash` unless the
    /// hash changed meanwhile; `updated_at` stays, as the account's data did not change. True
    /// when replaced.
    @discardableResult
    static func rehashPassword(id: String, from expected: String, to newHash: String,
                               on connection: any DatabaseConnection) throws -> Bool {
        try connection.execute("UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3",
                               newHash, id, expected) == 1
    }

    // MARK: Bearer tokens

    /// An access token with its holder's role and its family's revocation.
    struct AccessToken: Sendable {
        let userID: String
        /// `.user` for a role this build does not know.
        let role: UserRole
        let tokenID: String
        let familyID: String?
        let expiresAt: Int64
        let revokedAt: Int64?
        let familyRevokedAt: Int64?
    }

    /// The access token of `kind` whose `token_hash` is `digest`, joined with its holder and its
    /// family (if any); nil when there is none. Says nothing about whether it is live.
    static func accessToken(digest: String, kind: String, on connection: any DatabaseConnection) throws -> AccessToken? {
        guard let row = try connection.queryFirst("""
            SELECT u.id AS user_id, u.role AS role, t.id, t.family_id, t.expires_at, t.revoked_at,
                   f.revoked_at AS family_revoked_at
            FROM access_tokens t JOIN users u ON u.id = t.user_id LEFT JOIN token_families f ON f.id = t.family_id
            WHERE t.token_hash = $1 AND t.kind = $2
            """, digest, kind) else { return nil }
        return AccessToken(userID: try row.decode("user_id"), role: UserRole(rawValue: try row.decode("role")) ?? .user,
                           tokenID: try row.decode("id"), familyID: try row.decode("family_id"),
                           expiresAt: try row.decode("expires_at"), revokedAt: try row.decode("revoked_at"),
                           familyRevokedAt: try row.decode("family_revoked_at"))
    }

    // MARK: Settings

    /// The account's time zone and source priority (a stored value that does not parse reads as
    /// none). Throws `AuthErrors.unauthorized` when the account is gone: every caller reads the
    /// settings of the signed-in user, deleted while the request ran.
    static func settings(userID: String, on connection: any DatabaseConnection) throws -> (timezone: String, priority: SourcePriority) {
        guard let row = try connection.queryFirst("SELECT timezone, source_priority_json FROM users WHERE id = $1", userID) else {
            throw AuthErrors.unauthorized
        }
        let stored: String? = try row.decode("source_priority_json")
        return (try row.decode("timezone"), SourcePriority(stored: stored.flatMap { try? JSONParser.parse($0) }))
    }

    /// Stores `json`, the serialised source priority, and stamps `updated_at`.
    static func setSourcePriority(userID: String, json: String, now: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("UPDATE users SET source_priority_json = $1, updated_at = $2 WHERE id = $3", json, now, userID)
    }

    // MARK: Research Mode

    /// The disclaimer version the account acknowledged, byte for byte, and when; both nil before
    /// the first acknowledgement.
    struct ResearchModeAcknowledgement: Sendable {
        let version: String?
        let at: Date?
    }

    /// The account's acknowledgement; nil when there is no account `userID`.
    static func researchMode(userID: String, on connection: any DatabaseConnection) throws -> ResearchModeAcknowledgement? {
        guard let row = try connection.queryFirst("""
            SELECT research_mode_acknowledged_version, research_mode_acknowledged_at FROM users WHERE id = $1
            """, userID) else { return nil }
        return ResearchModeAcknowledgement(version: try row.decode("research_mode_acknowledged_version"),
                                           at: try row.decode("research_mode_acknowledged_at"))
    }

    /// Records that the account acknowledged `version` at `now` (also its `updated_at`).
    static func acknowledgeResearchMode(userID: String, version: String, now: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("""
            UPDATE users SET research_mode_acknowledged_version = $1, research_mode_acknowledged_at = $2, updated_at = $2
            WHERE id = $3
            """, version, now, userID)
    }

    // MARK: Sync

    /// The account's sync checkpoint: `lastSyncedAt` is nil before the first `GET /api/sync/state`.
    struct SyncCheckpoint: Sendable {
        let lastSyncedAt: Date?
    }

    /// The checkpoint; nil when there is no account `userID`.
    static func syncCheckpoint(userID: String, on connection: any DatabaseConnection) throws -> SyncCheckpoint? {
        try connection.queryFirst("SELECT last_synced_at FROM users WHERE id = $1", userID)
            .map { SyncCheckpoint(lastSyncedAt: try $0.decode("last_synced_at")) }
    }

    /// Moves the checkpoint to `now`; `updated_at` stays, as the account's data did not change.
    static func markSynced(userID: String, now: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("UPDATE users SET last_synced_at = $1 WHERE id = $2", now, userID)
    }

    // MARK: Backup

    /// The row a backup's profile is read from, with the columns `email`, `timezone`,
    /// `source_priority_json`, `research_mode_acknowledged_version` and
    /// `research_mode_acknowledged_at` (`BackupProfile` converts each); nil when there is no account.
    static func profile(userID: String, on connection: any DatabaseConnection) throws -> Row? {
        try connection.queryFirst("""
            SELECT email, timezone, source_priority_json, research_mode_acknowledged_version, research_mode_acknowledged_at
            FROM users WHERE id = $1
            """, userID)
    }

    /// Restores an imported profile onto the account (never its e-mail) and stamps `updated_at`.
    static func restoreProfile(_ restored: BackupProfile.Restored, userID: String, now: Int64,
                               on connection: any DatabaseConnection) throws {
        try connection.execute("""
            UPDATE users SET timezone = $1, source_priority_json = $2, research_mode_acknowledged_version = $3,
                research_mode_acknowledged_at = $4, updated_at = $5
            WHERE id = $6
            """, [.text(restored.timezone), restored.sourcePriority, restored.acknowledgedVersion, restored.acknowledgedAt,
                  .integer(now), .text(userID)])
    }

    // MARK: Conditions other statements embed

    /// The accounts with at least one `measurements` row matching `condition` (SQL over that
    /// table's columns, its parameters `values` from `$1`), with their time zones, by id.
    static func timezones(ofUsersWithMeasurementsWhere condition: String, _ values: [SQLValue],
                          on connection: any DatabaseConnection) throws -> [(id: String, timezone: String)] {
        try connection.query("""
            SELECT id, timezone FROM users WHERE id IN (SELECT user_id FROM measurements WHERE \(condition))
            ORDER BY id
            """, values)
        .map { (try $0.decode(String.self, "id"), try $0.decode(String.self, "timezone")) }
    }

    /// An SQL condition true when an account's id is `parameter` (e.g. `$1`), for a statement on
    /// another table that must not name a deleted account.
    static func exists(idParameter parameter: String) -> String {
        "EXISTS (SELECT 1 FROM users WHERE id = \(parameter))"
    }
}

extension UserStore.Credentials {
    init(row: Row) throws {
        id = try row.decode("id")
        email = try row.decode("email")
        passwordHash = try row.decode("password_hash")
    }
}

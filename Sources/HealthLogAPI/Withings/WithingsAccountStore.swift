import Storage

/// Every statement on `withings_accounts` and `withings_link_states` (schema:
/// `HealthLogMigrations.withingsLink`) but the account deletion's, which `AccountDeletion.steps`
/// lists with the rest of what deleting an account touches: a linked account's sealed tokens,
/// refresh lease and status, and the one-time OAuth states of links under way. Each runs on the
/// caller's connection, so it joins whatever the caller opened (`read`, `write` or `transaction`).
/// `StoreOwnershipTests` fails when SQL on either table appears anywhere else but the migrations
/// and `WithingsNotificationQueue`'s resolution of a notification's user.
enum WithingsAccountStore {
    // MARK: Link states

    /// Deletes the states expired at `now` and stores a new one.
    static func addState(hash: String, userID: String, expiresAt: Int64, now: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("DELETE FROM withings_link_states WHERE expires_at <= $1", now)
        try connection.execute("INSERT INTO withings_link_states (state_hash, user_id, expires_at) VALUES ($1, $2, $3)",
                               hash, userID, expiresAt)
    }

    /// Deletes the state `hash` unless expired at `now` and returns its user; nil when there was none.
    static func redeemState(hash: String, now: Int64, on connection: any DatabaseConnection) throws -> String? {
        try connection.queryFirst("DELETE FROM withings_link_states WHERE state_hash = $1 AND expires_at > $2 RETURNING user_id",
                                  hash, now).map { try $0.decode(String.self, "user_id") }
    }

    // MARK: Accounts

    /// Stores a fresh link, replacing any earlier link of the user or of the Withings account.
    static func replaceLink(withingsUserID: Int64, userID: String, linkedAt: Int64, accessSealed: String, refreshSealed: String,
                            expiresAt: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("DELETE FROM withings_accounts WHERE user_id = $1 OR withings_user_id = $2", userID, withingsUserID)
        try connection.execute("""
            INSERT INTO withings_accounts (withings_user_id, user_id, linked_at, access_token_sealed, refresh_token_sealed,
                                           token_expires_at, link_status)
            VALUES ($1, $2, $3, $4, $5, $6, 'linked')
            """, withingsUserID, userID, linkedAt, accessSealed, refreshSealed, expiresAt)
    }

    /// Forgets the user's link.
    static func unlink(userID: String, on connection: any DatabaseConnection) throws {
        try connection.execute("DELETE FROM withings_accounts WHERE user_id = $1", userID)
    }

    /// A link's tokens as stored (sealed) and its state.
    struct Tokens: Sendable {
        let accessSealed: String
        let refreshSealed: String
        let expiresAt: Int64
        let linkStatus: String
        let brokenReason: String?
    }

    /// The user's stored tokens; nil when not linked.
    static func tokens(userID: String, on connection: any DatabaseConnection) throws -> Tokens? {
        try connection.queryFirst("""
            SELECT access_token_sealed, refresh_token_sealed, token_expires_at, link_status, broken_reason, refresh_lease_until
            FROM withings_accounts WHERE user_id = $1
            """, userID).map { row in
            Tokens(accessSealed: try row.decode("access_token_sealed"), refreshSealed: try row.decode("refresh_token_sealed"),
                   expiresAt: try row.decode("token_expires_at"), linkStatus: try row.decode("link_status"),
                   brokenReason: try row.decode("broken_reason"))
        }
    }

    /// Takes the refresh lease until `leaseUntil` if the link is live, no lease runs at `now` and
    /// the access token is still `sealedAccess`; true when taken.
    static func claimRefresh(userID: String, sealedAccess: String, now: Int64, leaseUntil: Int64,
                             on connection: any DatabaseConnection) throws -> Bool {
        try connection.execute("""
            UPDATE withings_accounts SET refresh_lease_until = $1
            WHERE user_id = $2 AND link_status = 'linked' AND refresh_lease_until <= $3 AND access_token_sealed = $4
            """, leaseUntil, userID, now, sealedAccess) == 1
    }

    /// Extends the refresh lease its holder keeps while Withings has not answered.
    static func renewRefreshLease(userID: String, leaseUntil: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("UPDATE withings_accounts SET refresh_lease_until = $1 WHERE user_id = $2", leaseUntil, userID)
    }

    /// Stores a refreshed token pair and releases the lease.
    static func storeRefreshed(userID: String, accessSealed: String, refreshSealed: String, expiresAt: Int64,
                               on connection: any DatabaseConnection) throws {
        try connection.execute("""
            UPDATE withings_accounts SET access_token_sealed = $1, refresh_token_sealed = $2, token_expires_at = $3,
                                         refresh_lease_until = 0
            WHERE user_id = $4
            """, accessSealed, refreshSealed, expiresAt, userID)
    }

    /// Releases the lease and, with a `brokenReason`, marks the link broken.
    static func releaseLease(userID: String, brokenReason: String?, on connection: any DatabaseConnection) throws {
        if let brokenReason {
            try connection.execute("""
                UPDATE withings_accounts SET refresh_lease_until = 0, link_status = 'broken', broken_reason = $1
                WHERE user_id = $2
                """, brokenReason, userID)
        } else {
            try connection.execute("UPDATE withings_accounts SET refresh_lease_until = 0 WHERE user_id = $1", userID)
        }
    }

    /// Records that the user's readings last arrived at `now`.
    static func markDataArrived(userID: String, now: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("UPDATE withings_accounts SET last_data_at = $1 WHERE user_id = $2", now, userID)
    }

    /// What `GET /api/withings/link` shows of a link.
    struct Status: Sendable {
        let linkStatus: String
        let linkedAt: Int64?
        let lastDataAt: Int64?
        let brokenReason: String?
    }

    /// The user's link status; nil when not linked.
    static func status(userID: String, on connection: any DatabaseConnection) throws -> Status? {
        try connection.queryFirst("SELECT link_status, linked_at, last_data_at, broken_reason FROM withings_accounts WHERE user_id = $1",
                                  userID).map { row in
            Status(linkStatus: try row.decode("link_status"), linkedAt: try row.decode("linked_at"),
                   lastDataAt: try row.decode("last_data_at"), brokenReason: try row.decode("broken_reason"))
        }
    }
}

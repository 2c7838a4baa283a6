import Storage

/// Deleting an account and everything it owns (GDPR Art. 17, App Store rule 5.1.1(v)): one
/// function for `DELETE /api/auth/me` and `healthlog user delete`, run in the caller's
/// transaction. `steps` is the one list of what happens to each table holding a user's rows;
/// `AccountDeletionTests` fails when the schema has a table in neither this list nor the
/// test's short list of tables without personal data.
enum AccountDeletion {
    /// Who asked: the account holder, or an operator on the command line.
    enum Requester: String, Sendable {
        case user
        case `operator`
    }

    /// One statement over `$1`, the user id; for `login_throttle`, over `$1`, the throttle key of
    /// the account's e-mail address, and `$2`, the LIKE pattern of its (e-mail, address) keys.
    struct Step: Sendable {
        let table: String
        let sql: String
        var bindsThrottleKeys = false
    }

    static func owned(_ table: String) -> Step {
        Step(table: table, sql: "DELETE FROM \(table) WHERE user_id = $1")
    }

    /// In an order the foreign keys allow: rows before what they reference, the user last.
    static let steps: [Step] = [
        // Kept for the security record, no longer anyone's: no account, address, client or details.
        Step(table: "audit_log", sql: "UPDATE audit_log SET user_id = NULL, ip = NULL, user_agent = NULL, details = NULL WHERE user_id = $1"),
        // Notifications for the linked Withings account too, also those not yet resolved to the user.
        Step(table: "withings_notifications", sql: """
            DELETE FROM withings_notifications WHERE user_id = $1
                OR withings_user_id IN (SELECT withings_user_id FROM withings_accounts WHERE user_id = $1)
            """),
        owned("withings_accounts"), owned("withings_link_states"),
        owned("medication_intake_logs"), owned("mood_entries"), owned("medications"), owned("measurements"), owned("workouts"),
        owned("personal_records"), owned("personal_record_jobs"), owned("sync_counters"), owned("coach_messages"),
        owned("idempotency_keys"), owned("batch_rate_limit_seconds"), owned("batch_rate_limit"),
        owned("access_tokens"), owned("refresh_tokens"), owned("token_families"),
        Step(table: "login_throttle", sql: "DELETE FROM login_throttle WHERE key = $1 OR key LIKE $2", bindsThrottleKeys: true),
        Step(table: "users", sql: "DELETE FROM users WHERE id = $1"),
    ]

    static let auditAction = "auth.account.deleted"

    /// Deletes the account `userID`, whose stored e-mail is `email`, with everything it owns, and
    /// records that an account was deleted (no id, address or e-mail: only who asked).
    static func delete(userID: String, email: String, requestedBy requester: Requester, now: Int64,
                       on connection: any DatabaseConnection) throws {
        // A hex digest holds no LIKE wildcard.
        let throttleKeys: [SQLValue] = [.text(LoginThrottle.emailKey(email)),
                                        .text(LoginThrottle.pairKeyPrefix(emailDigest: LoginThrottle.emailDigest(email)) + "%")]
        for step in steps {
            _ = try connection.execute(step.sql, step.bindsThrottleKeys ? throttleKeys : [.text(userID)])
        }
        try AuditEntry(anonymous: auditAction, details: ["requestedBy": .string(requester.rawValue)], at: now).insert(on: connection)
    }
}

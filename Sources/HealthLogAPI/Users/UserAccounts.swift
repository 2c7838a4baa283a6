import APIToolkit
import Foundation
import Secrets
import Storage

/// Creating accounts. There is no public sign-up route: the operator runs `healthlog user create`.
enum UserAccounts {
    struct NewAccount: Sendable {
        var email: String
        var password: String
        var role: UserRole
        var timezone: String
    }

    enum CreationError: Error, Equatable, CustomStringConvertible {
        case invalidEmail(String)
        case invalidTimezone(String)
        case passwordTooShort(minimum: Int)
        case duplicateEmail(String)

        var description: String {
            switch self {
            case .invalidEmail(let email): "not an e-mail address: \(email)"
            case .invalidTimezone(let zone): "unknown time zone \(zone) (expected an IANA name such as Europe/Berlin)"
            case .passwordTooShort(let minimum): "the password must have at least \(minimum) characters"
            case .duplicateEmail(let email): "an account with the e-mail \(email) already exists"
            }
        }
    }

    static let minimumPasswordLength = 8

    /// The rules every new password meets, when an account is created and when its password changes.
    static func checkStrength(ofPassword password: String) throws {
        guard password.count >= minimumPasswordLength else { throw CreationError.passwordTooShort(minimum: minimumPasswordLength) }
    }

    /// E-mail addresses are compared case-insensitively: stored lower-cased.
    static func normalizedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// An IANA zone name (`Europe/Berlin`, or `UTC`); abbreviations such as `CET` are refused.
    static func isKnownTimezone(_ zone: String) -> Bool {
        TimeZone(identifier: zone) != nil && (zone.contains("/") || zone == "UTC")
    }

    /// Checks the account, hashes the password and inserts the row; returns the new id.
    static func create(_ account: NewAccount, hasher: PasswordHasher, database: Database) throws -> String {
        let email = normalizedEmail(account.email)
        guard email.count <= 254, SchemaValidator.validate(.string(email), against: .string(format: .email)).isEmpty else {
            throw CreationError.invalidEmail(account.email)
        }
        guard isKnownTimezone(account.timezone) else {
            throw CreationError.invalidTimezone(account.timezone)
        }
        try checkStrength(ofPassword: account.password)
        let hash = try hasher.hash(account.password)
        let id = UUID().uuidString.lowercased(), now = Clock.now()
        do {
            try database.writeBlocking { connection in
                try UserStore.insert(id: id, email: email, passwordHash: hash, role: account.role, timezone: account.timezone, now: now,
                                     on: connection)
            }
        } catch let error as DatabaseError where error.isUniqueViolation {
            throw CreationError.duplicateEmail(email)
        }
        return id
    }
}

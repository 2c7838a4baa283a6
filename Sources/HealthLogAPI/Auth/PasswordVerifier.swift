import HTTPServer
import Secrets
import Storage

/// Verifies passwords off the event loop, spending the same work whether or not the account
/// exists, so response time does not reveal which e-mail addresses are registered.
struct PasswordVerifier: Sendable {
    let hasher: PasswordHasher
    /// A hash of a random password, verified against when the e-mail is unknown.
    private let decoyHash: String

    init(hasher: PasswordHasher) throws {
        self.hasher = hasher
        decoyHash = try hasher.hash(RandomToken.generate())
    }

    func verify(_ password: String, against stored: String?) async throws -> Bool {
        let hasher = hasher, decoy = decoyHash
        return try await offload { hasher.verify(password, against: stored ?? decoy) && stored != nil }
    }

    /// A new password's stored form, hashed off the event loop with this process's costs.
    func hash(_ password: String) async throws -> String {
        let hasher = hasher
        return try await offload { try hasher.hash(password) }
    }

    /// After a successful login, rehashes a password stored with other costs than this
    /// process uses, so raising the costs reaches every active account without a reset.
    func upgradeIfNeeded(_ password: String, stored: String, userID: String, database: Database) async throws {
        guard hasher.needsRehash(stored) else { return }
        let upgraded = try await hash(password)
        try await database.write { try UserStore.rehashPassword(id: userID, from: stored, to: upgraded, on: $0) }
    }
}

import CSodium

/// Argon2id password hashing (libsodium's `crypto_pwhash_str`): salt, algorithm and cost are
/// encoded in the stored string, so costs can rise later without breaking old hashes.
public struct PasswordHasher: Sendable {
    public let opsLimit: UInt64
    public let memLimit: Int

    /// libsodium's "interactive" costs: about 64 MiB and well under a second per hash.
    public static let interactive = PasswordHasher(opsLimit: UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE),
                                                   memLimit: Int(crypto_pwhash_MEMLIMIT_INTERACTIVE))
    /// The minimum costs libsodium allows: for tests only, where hashing speed matters.
    public static let minimal = PasswordHasher(opsLimit: UInt64(crypto_pwhash_OPSLIMIT_MIN),
                                               memLimit: Int(crypto_pwhash_MEMLIMIT_MIN))

    public init(opsLimit: UInt64, memLimit: Int) {
        self.opsLimit = opsLimit
        self.memLimit = memLimit
    }

    public struct HashingFailed: Error {}

    public func hash(_ password: String) throws -> String {
        Sodium.ready()
        var out = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let status = password.withCString {
            crypto_pwhash_str(&out, $0, UInt64(password.utf8.count), opsLimit, memLimit)
        }
        guard status == 0 else { throw HashingFailed() }
        return String(nulTerminated: out)
    }

    /// Constant-time with respect to the password; false for a malformed stored hash.
    public func verify(_ password: String, against stored: String) -> Bool {
        Sodium.ready()
        return password.withCString {
            crypto_pwhash_str_verify(stored, $0, UInt64(password.utf8.count)) == 0
        }
    }

    /// True when `stored` was made with other costs than this hasher's: rehash at next login.
    public func needsRehash(_ stored: String) -> Bool {
        Sodium.ready()
        return crypto_pwhash_str_needs_rehash(stored, opsLimit, memLimit) != 0
    }
}

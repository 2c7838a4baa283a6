import Secrets

/// Which Argon2id costs this process uses. Production always uses libsodium's interactive
/// costs; `HEALTHLOG_PASSWORD_HASH_COST=minimal` selects the minimum costs so test suites that
/// create many accounts stay fast. Any other value is refused rather than silently ignored.
enum PasswordCost {
    static let environmentName = "HEALTHLOG_PASSWORD_HASH_COST"

    struct InvalidCost: Error, CustomStringConvertible {
        let value: String
        var description: String { "\(PasswordCost.environmentName) must be interactive or minimal, got \(value)" }
    }

    static func hasher(environment: [String: String]) throws -> PasswordHasher {
        switch environment[environmentName] {
        case nil, "", "interactive": .interactive
        case "minimal": .minimal
        case let other?: throw InvalidCost(value: other)
        }
    }
}

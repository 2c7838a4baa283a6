import Secrets
import Storage

/// Limits password guessing by counting every attempt BEFORE the password is checked, in one
/// transaction that increments the attempt's counters and reads the new counts back, so parallel
/// requests cannot all pass a check that runs before the slow Argon2id verification. Counters
/// live in the database, so every server process on it shares them. The throttle answers the same
/// whether or not the account exists.
///
/// Three counters per login attempt, so that an attacker slows guessing without locking the
/// owner out:
/// - the (e-mail, client address) pair, strict: `perPair` attempts per fixed window;
/// - the client address alone: `perAddress` attempts per window, whatever the e-mail;
/// - the e-mail alone, loose and growing: after `perEmail` attempts in a window that passed the
///   two strict counters, each further attempt must wait twice as long as the one before
///   (1 s, 2 s, 4 s … up to the window's end). Attempts refused by a strict counter never reach
///   it, so one address adds at most `2 × perPair` to a window (the end of one pair window and
///   the start of the next), fewer than `perEmail`: a single attacker address cannot slow the
///   owner signing in from elsewhere.
///
/// A successful login gives back only what its own pair spent: the pair's counter is cleared,
/// the e-mail counter gives back that pair's attempts, and the address counter the one unit of
/// the success. Other pairs' failures on the e-mail stay counted.
struct LoginThrottle: Sendable {
    let database: Database
    var perPair = 5
    var perAddress = 20
    var perEmail = 20
    /// Refresh presentations per client address; legitimate apps refresh rarely (single-flight).
    var refreshPerAddress = 30
    var windowSeconds: Int64 = 15 * 60

    /// One fixed-window counter and the number of attempts it allows per window.
    struct Limit: Sendable {
        let key: String
        let limit: Int
    }

    /// The counters of one login attempt.
    struct LoginKeys: Sendable {
        let pair: Limit
        let address: Limit
        let email: Limit
    }

    /// The e-mail is stored only as a digest: the table is not a list of guessed addresses.
    static func emailDigest(_ email: String) -> String { Digest.sha256Hex(email) }
    static func emailKey(_ email: String) -> String { "email:" + emailDigest(email) }
    /// Every pair key of an e-mail starts with this, so deleting an account finds them all.
    static func pairKeyPrefix(emailDigest: String) -> String { "pair:" + emailDigest + ":" }

    func loginLimits(email: String, address: ClientAddress) -> LoginKeys {
        LoginKeys(pair: Limit(key: Self.pairKeyPrefix(emailDigest: Self.emailDigest(email)) + address.throttleKey, limit: perPair),
                  address: Limit(key: "ip:" + address.throttleKey, limit: perAddress),
                  email: Limit(key: Self.emailKey(email), limit: perEmail))
    }

    func refreshLimits(address: ClientAddress) -> [Limit] {
        [Limit(key: "refresh-ip:" + address.throttleKey, limit: refreshPerAddress)]
    }

    /// Counts one login attempt; throws 429 `auth.throttled` (with `Retry-After`) when the pair or
    /// the address is over its limit, or the e-mail's back-off has not yet run out.
    func attempt(_ keys: LoginKeys) async throws {
        let now = Clock.now()
        let wait = try await database.transaction { connection in
            let strict = try [keys.pair, keys.address].map { try count($0, now: now, on: connection) }.max() ?? 0
            if strict > 0 { return strict }
            let wait = try backOff(keys.email, now: now, on: connection)
            // Refused before any password check: the pair has not spent this attempt.
            if wait > 0 { try giveBack(keys.pair.key, units: 1, on: connection) }
            return wait
        }
        if wait > 0 { throw AuthErrors.throttled(retryAfter: Int(wait)) }
    }

    /// Counts one attempt on every key (the refresh throttle); throws 429 when any is over.
    func attempt(_ limits: [Limit]) async throws {
        let now = Clock.now()
        let wait = try await database.transaction { connection in
            try limits.map { try count($0, now: now, on: connection) }.max() ?? 0
        }
        if wait > 0 { throw AuthErrors.throttled(retryAfter: Int(wait)) }
    }

    /// A successful login: the pair's counter is cleared and its attempts given back on the
    /// e-mail counter; the address counter gets the success's unit back.
    func loginSucceeded(_ keys: LoginKeys) async throws {
        try await database.transaction { connection in
            let spent = try LoginThrottleStore.clear(key: keys.pair.key, on: connection)
            // Rows in the order `attempt` locks them (pair, address, e-mail), so the two cannot deadlock.
            try giveBack(keys.address.key, units: 1, on: connection)
            try giveBack(keys.email.key, units: spent, on: connection)
        }
    }

    /// A successful refresh gives its unit back.
    func refreshSucceeded(_ limits: [Limit]) async throws {
        try await database.transaction { connection in
            for limit in limits { try giveBack(limit.key, units: 1, on: connection) }
        }
    }

    /// Counts one attempt in `limit`'s fixed window (a window over restarts at 1); returns the
    /// seconds to the window's end when the count is now over the limit, else 0.
    private func count(_ limit: Limit, now: Int64, on connection: any DatabaseConnection) throws -> Int64 {
        guard let counter = try LoginThrottleStore.count(key: limit.key, now: now, windowOver: now - windowSeconds,
                                                         on: connection) else { return 0 }
        return counter.failures > limit.limit ? max(counter.windowStartedAt + windowSeconds - now, 1) : 0
    }

    /// The e-mail counter: an attempt inside the back-off is refused and not counted (returns the
    /// seconds left); otherwise it is counted, and past `limit` the next attempt is held back for
    /// 2^(count − limit − 1) s, never past the window's end. The upsert locks the row, so a
    /// concurrent attempt waits for this one's back-off before it reads the row.
    private func backOff(_ limit: Limit, now: Int64, on connection: any DatabaseConnection) throws -> Int64 {
        guard let counter = try LoginThrottleStore.countUnlessBlocked(key: limit.key, now: now, windowOver: now - windowSeconds,
                                                                      on: connection) else { return 0 }
        if counter.blockedUntil > now { return counter.blockedUntil - now }
        if counter.failures > limit.limit {
            let step = Int64(1) << Int64(min(counter.failures - limit.limit - 1, 20))
            try LoginThrottleStore.block(key: limit.key, until: min(now + step, counter.windowStartedAt + windowSeconds), on: connection)
        }
        return 0
    }

    /// Takes back up to `units` counted attempts of `key` (never below zero).
    private func giveBack(_ key: String, units: Int, on connection: any DatabaseConnection) throws {
        guard units > 0 else { return }
        try LoginThrottleStore.giveBack(key: key, units: units, on: connection)
    }
}

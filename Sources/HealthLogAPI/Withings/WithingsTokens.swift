import Foundation
import Secrets
import Storage

/// A linked user's Withings tokens: stored sealed, opened on use, refreshed before they expire
/// or when Withings refuses the access token, by one process at a time per user.
///
/// The refresh is serialised by a lease on the account row: a conditional UPDATE moves
/// `refresh_lease_until` into the future only if no lease runs and the access token is still
/// the stale one, so exactly one caller (in any process, on SQLite or PostgreSQL) wins and
/// spends the refresh token, renewing the lease until Withings answers; the others wait for
/// the new token to appear. Withings rotates the refresh token on every refresh, so two
/// refreshes with one token would break the link.
struct WithingsTokens: Sendable {
    struct Broken: Error, CustomStringConvertible {
        let reason: String
        var description: String { "the Withings link is broken: \(reason)" }
    }

    struct NotLinked: Error {}

    let client: WithingsAPIClient
    let database: Database
    /// Refresh this long before Withings' expiry, so a call never starts with a dying token.
    var refreshMargin: Int64 = 300
    /// How long the lease of a refresh lasts unless renewed: its holder renews it every third
    /// of this while Withings has not answered, so only a dead holder lets another process try.
    /// At least 2, since the lease is kept in whole seconds.
    var leaseSeconds: Int64 = 30

    private var box: SecretBox { client.settings.box }

    /// Stores a fresh link for `userID`, replacing any earlier link of the user or of the
    /// Withings account, in one transaction. Notifications that arrived for the Withings account
    /// while nobody had linked it (`unlinked`) become this user's to fetch.
    func storeLink(_ tokens: WithingsAPIClient.Tokens, userID: String, now: Int64) async throws {
        let access = box.seal(tokens.accessToken), refresh = box.seal(tokens.refreshToken)
        try await database.transaction { connection in
            try WithingsAccountStore.replaceLink(withingsUserID: tokens.withingsUserID, userID: userID, linkedAt: now,
                                                 accessSealed: access, refreshSealed: refresh, expiresAt: tokens.expiresAt, on: connection)
            try WithingsNotificationQueue.adoptUnlinked(withingsUserID: tokens.withingsUserID, userID: userID, now: now, on: connection)
        }
    }

    /// Asks Withings to stop notifying us about `userID`'s account. Best effort: a broken,
    /// missing or unreachable link is left as it is; the caller forgets the link regardless.
    func revokeSubscriptions(userID: String) async {
        guard let token = try? await accessToken(userID: userID) else { return }
        for appli in WithingsLinkSettings.subscribedApplis {
            try? await client.revoke(accessToken: token, appli: appli)
        }
    }

    /// An access token for `userID` good for a while; `refused` is one Withings just refused
    /// (status 401), which forces a refresh unless another caller already replaced it.
    func accessToken(userID: String, refused: String? = nil) async throws -> String {
        let deadline = Date().addingTimeInterval(Double(leaseSeconds) + 5)
        while true {
            let now = Clock.now()
            guard let stored = try await database.read({ try WithingsAccountStore.tokens(userID: userID, on: $0) }) else {
                throw NotLinked()
            }
            if stored.linkStatus == "broken" { throw Broken(reason: stored.brokenReason ?? "refused") }
            let access = try box.open(stored.accessSealed)
            if access != refused, stored.expiresAt - refreshMargin > now { return access }
            if try await claimRefresh(userID: userID, sealedAccess: stored.accessSealed, now: now) {
                return try await refresh(userID: userID, refreshToken: try box.open(stored.refreshSealed))
            }
            // Another caller holds the lease: wait for its new token (or for the lease to lapse).
            guard Date() < deadline else { throw WithingsAPIError.transient("a token refresh of another process did not finish") }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    private func claimRefresh(userID: String, sealedAccess: String, now: Int64) async throws -> Bool {
        let lease = leaseSeconds
        return try await database.write { connection in
            try WithingsAccountStore.claimRefresh(userID: userID, sealedAccess: sealedAccess, now: now, leaseUntil: now + lease,
                                                  on: connection)
        }
    }

    /// Runs `call` while renewing `userID`'s refresh lease: Withings rotates the refresh token
    /// when it receives the call, so a slow answer must not let the lease lapse and another
    /// process spend the old token. The renewal has stopped when this returns.
    private func holdingLease<T: Sendable>(userID: String, _ call: @Sendable () async throws -> T) async throws -> T {
        let lease = leaseSeconds, database = database
        let renewal = Task {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(lease) * 1_000_000_000 / 3)
                guard !Task.isCancelled else { return }
                _ = try? await database.write { connection in
                    try WithingsAccountStore.renewRefreshLease(userID: userID, leaseUntil: Clock.now() + lease, on: connection)
                }
            }
        }
        let result: Result<T, any Error>
        do { result = .success(try await call()) } catch { result = .failure(error) }
        renewal.cancel()
        await renewal.value
        return try result.get()
    }

    /// Spends the refresh token (we hold the lease) and stores the new pair, or marks the link
    /// broken when Withings refuses it; a transient failure releases the lease for a later try.
    private func refresh(userID: String, refreshToken: String) async throws -> String {
        let now = Clock.now()
        do {
            let tokens = try await holdingLease(userID: userID) { try await client.refresh(refreshToken, now: now) }
            let access = box.seal(tokens.accessToken), refresh = box.seal(tokens.refreshToken)
            try await database.write { connection in
                try WithingsAccountStore.storeRefreshed(userID: userID, accessSealed: access, refreshSealed: refresh,
                                                        expiresAt: tokens.expiresAt, on: connection)
            }
            return tokens.accessToken
        } catch let error as WithingsAPIError {
            let reason: String? = switch error {
            case .transient: nil
            case .invalidAccessToken, .refused: "Withings refused the refresh token (\(error.description))"
            }
            try await database.write { try WithingsAccountStore.releaseLease(userID: userID, brokenReason: reason, on: $0) }
            if let reason { throw Broken(reason: reason) }
            throw error
        }
    }
}

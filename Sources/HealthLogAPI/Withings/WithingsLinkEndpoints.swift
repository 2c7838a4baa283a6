import APIToolkit
import Foundation
import HTTPServer
import Secrets
import Storage

/// Linking a Withings account (OAuth 2.0 authorization code): `GET /api/withings/connect` hands
/// the signed-in user the authorization URL with a one-time `state`; Withings sends the browser
/// to `GET /api/withings/callback?code&state`, where the code becomes sealed tokens and the
/// Notify subscriptions; `GET`/`DELETE /api/withings/link` read and undo the link. Without
/// `WITHINGS_CLIENT_ID` every route answers 503 `withings.not_configured`.
enum WithingsLinkEndpoints {
    static let endpoints = [connect, callback, status, unlink]

    /// How long a `state` handed out by `connect` can be redeemed.
    static let stateLifetime: Int64 = 600

    static let invalidState = APIError(status: 400, code: "withings.invalid_state",
                                       message: "The link request is unknown, expired or already used; start again")
    static let unavailable = OpenAPIResponse(502, "withings.unavailable: Withings did not complete the request")
    static let notConfigured = OpenAPIResponse(503, "withings.not_configured: no WITHINGS_CLIENT_ID on this server")

    struct Authorization: Encodable, Sendable {
        let authorizationURL: String
        let expiresAt: Date
    }

    struct LinkStatus: Encodable, Sendable {
        let status: String
        let linkedAt: Date?
        let lastDataAt: Date?
        let brokenReason: String?
        /// Windows Withings notified since the link that could not be fetched after every retry.
        let failedFetches: Int
        let lastFailedFetch: FailedFetch?

        static let notLinked = LinkStatus(status: "not_linked", linkedAt: nil, lastDataAt: nil, brokenReason: nil,
                                          failedFetches: 0, lastFailedFetch: nil)
    }

    struct FailedFetch: Encodable, Sendable {
        let failedAt: Date
        let reason: String
    }

    static let linkStatusSchema: Schema = .object("WithingsLinkStatus") {
        Property("status", .string(oneOf: ["linked", "broken", "not_linked"]),
                 description: "broken: Withings refused our refresh token; link again.")
        Property("linkedAt", .dateTimeUTC.orNull)
        Property("lastDataAt", .dateTimeUTC.orNull, description: "When Withings readings were last stored.")
        Property("brokenReason", Schema.string().orNull)
        Property("failedFetches", .integer(min: 0),
                 description: "Windows Withings notified since the link whose readings could not be fetched after every retry.")
        Property("lastFailedFetch", Schema.object("WithingsFailedFetch") {
            Property("failedAt", .dateTimeUTC)
            Property("reason", .string())
        }.orNull, description: "The latest of those windows: when it was given up and why.")
    }

    static let connect = Endpoint(
        .get, "/api/withings/connect", operationId: "withingsConnect", summary: "Start linking a Withings account",
        tags: ["withings"], access: .user,
        success: OpenAPIResponse(200, "Open authorizationURL in a browser", schema: .object("WithingsAuthorization") {
            Property("authorizationURL", .string(), description: "Withings' consent page; carries a one-time state.")
            Property("expiresAt", .dateTimeUTC, description: "The state must come back before this.")
        }), failures: [notConfigured]
    ) { context in
        { call in
            let link = try configured(context)
            let userID = try call.user().userID
            let state = RandomToken.generate(), now = Clock.now(), lifetime = stateLifetime
            try await context.database.transaction { connection in
                try WithingsAccountStore.addState(hash: Digest.sha256Hex(state), userID: userID, expiresAt: now + lifetime, now: now,
                                                  on: connection)
            }
            return try context.responses.ok(Authorization(authorizationURL: link.client.settings.authorizationURL(state: state),
                                                          expiresAt: Date(timeIntervalSince1970: TimeInterval(now + lifetime))))
        }
    }

    static let callback = Endpoint(
        .get, "/api/withings/callback", operationId: "withingsCallback", summary: "Withings' OAuth redirect: finish linking",
        tags: ["withings"], access: .anyone,
        queryParameters: [.query("code", .string(minLength: 1), required: true, description: "Authorization code from Withings."),
                          .query("state", .string(minLength: 1), required: true, description: "The state from /api/withings/connect.")],
        success: OpenAPIResponse(200, "Linked", schema: linkStatusSchema),
        failures: [OpenAPIResponse(400, "withings.invalid_state: unknown, expired or already used state; nothing stored"), unavailable, notConfigured]
    ) { context in
        { call in
            let link = try configured(context)
            guard let code = call.query["code"]?.stringValue, let state = call.query["state"]?.stringValue else { throw invalidState }
            let now = Clock.now()
            // Redeeming deletes the state, so a second use finds nothing.
            let redeemed = try await context.database.write { connection in
                try WithingsAccountStore.redeemState(hash: Digest.sha256Hex(state), now: now, on: connection)
            }
            guard let userID = redeemed else { throw invalidState }
            try await withingsCall {
                let tokens = try await link.client.exchange(code: code, now: now)
                for appli in WithingsLinkSettings.subscribedApplis {
                    try await link.client.subscribe(accessToken: tokens.accessToken, appli: appli)
                }
                try await link.storeLink(tokens, userID: userID, now: now)
            }
            return try context.responses.ok(try await linkStatus(userID: userID, database: context.database))
        }
    }

    static let status = Endpoint(
        .get, "/api/withings/link", operationId: "withingsLinkStatus", summary: "Whether a Withings account is linked",
        tags: ["withings"], access: .user, success: OpenAPIResponse(200, "The link", schema: linkStatusSchema),
        failures: [notConfigured]
    ) { context in
        { call in
            _ = try configured(context)
            return try context.responses.ok(try await linkStatus(userID: try call.user().userID, database: context.database))
        }
    }

    static let unlink = Endpoint(
        .delete, "/api/withings/link", operationId: "withingsUnlink", summary: "Revoke the Notify subscriptions and forget the tokens",
        tags: ["withings"], access: .user, success: OpenAPIResponse(200, "Not linked any more", schema: linkStatusSchema),
        failures: [notConfigured]
    ) { context in
        { call in
            let link = try configured(context)
            let userID = try call.user().userID
            await link.revokeSubscriptions(userID: userID)
            try await context.database.write { try WithingsAccountStore.unlink(userID: userID, on: $0) }
            return try context.responses.ok(try await linkStatus(userID: userID, database: context.database))
        }
    }

    private static func configured(_ context: HealthLogContext) throws -> WithingsTokens {
        guard let link = context.withingsLink else { throw WithingsLinkSettings.notConfigured }
        return link
    }

    /// Runs Withings calls, answering 502 `withings.unavailable` when Withings fails them.
    private static func withingsCall(_ work: () async throws -> Void) async throws {
        do {
            try await work()
        } catch let error as WithingsAPIError {
            throw APIError(status: 502, code: "withings.unavailable", message: error.description)
        }
    }

    static func linkStatus(userID: String, database: Database) async throws -> LinkStatus {
        let read = try await database.read { connection in
            try WithingsAccountStore.status(userID: userID, on: connection).map { stored in
                (stored, try WithingsNotificationQueue.failures(userID: userID, since: stored.linkedAt ?? 0, on: connection))
            }
        }
        guard let (stored, failures) = read else { return .notLinked }
        func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
        return LinkStatus(status: stored.linkStatus, linkedAt: stored.linkedAt.map(date), lastDataAt: stored.lastDataAt.map(date),
                          brokenReason: stored.brokenReason, failedFetches: failures.count,
                          lastFailedFetch: failures.latest.map { FailedFetch(failedAt: date($0.at), reason: $0.reason ?? "unknown") })
    }
}

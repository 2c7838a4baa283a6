import APIToolkit
import HTTPServer

/// `POST /api/auth/refresh` `{ "refreshToken", "revoke"?: true }`: rotation, or the end of the
/// token's family. Failures are 401 `auth.token.refresh.failed` with `meta.reason`.
enum RefreshEndpoint {
    struct Body: RequestBody {
        let refreshToken: String
        let revoke: Bool?
        static let schema: Schema = .object("RefreshRequest") {
            Property("refreshToken", .string(minLength: 1, maxLength: 512))
            Property("revoke", .boolean, required: false, description: "true ends the whole token family (logout).")
        }
    }

    /// A new pair after rotation; after `revoke: true`, `revoked` is true and the tokens null.
    struct Result: Encodable, Sendable {
        let accessToken: String?
        let refreshToken: String?
        let tokenType: String?
        let expiresIn: Int64?
        let revoked: Bool
    }

    static let resultSchema: Schema = .object("RefreshResult") {
        Property("accessToken", .string().orNull)
        Property("refreshToken", .string().orNull, description: "The successor; the presented token is now consumed.")
        Property("tokenType", .string(oneOf: ["Bearer"]).orNull)
        Property("expiresIn", .integer(min: 1).orNull)
        Property("revoked", .boolean)
    }

    static let endpoint = Endpoint(
        .post, "/api/auth/refresh", operationId: "refreshTokens", summary: "Rotate a refresh token, or revoke its family",
        tags: ["auth"], access: .anyone, body: Body.self,
        success: OpenAPIResponse(200, "Rotated or revoked", schema: resultSchema),
        failures: [OpenAPIResponse(401, "auth.token.refresh.failed; meta.reason is reuse, unknown, expired or revoked"),
                   OpenAPIResponse(429, "auth.throttled: too many refresh attempts from this address, with Retry-After")]
    ) { context in
        { call, body in
            let policy = context.policy, request = call.request
            // Counted before the lookup like logins; a successful refresh gives its unit back,
            // so only failures (guessing, replaying) use up the address's budget.
            let limits = context.throttle.refreshLimits(address: ClientAddress(request: request, trustedProxies: context.trustedProxies))
            try await context.throttle.attempt(limits)
            let outcome = try await context.database.transaction { connection in
                try RefreshRotation.run(token: body.refreshToken, revoke: body.revoke == true, policy: policy,
                                        request: request, on: connection)
            }
            if case .failed = outcome {} else { try await context.throttle.refreshSucceeded(limits) }
            var response: Response
            switch outcome {
            case .rotated(let pair):
                response = try context.responses.ok(Result(accessToken: pair.accessToken, refreshToken: pair.refreshToken,
                                                           tokenType: pair.tokenType, expiresIn: pair.expiresIn, revoked: false))
            case .revoked:
                response = try context.responses.ok(Result(accessToken: nil, refreshToken: nil, tokenType: nil,
                                                           expiresIn: nil, revoked: true))
            case .failed(let reason):
                throw AuthErrors.refreshFailed(reason)
            }
            response.headers.add("Cache-Control", "no-store")
            return response
        }
    }
}

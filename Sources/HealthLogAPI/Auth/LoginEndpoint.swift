import APIToolkit
import HTTPServer
import Storage

/// `POST /api/auth/login`: e-mail and password in, tokens (native apps) or a session cookie
/// (browsers) out. Unknown e-mail and wrong password give the same 401, after the same work.
enum LoginEndpoint {
    struct Body: RequestBody {
        let email: String
        let password: String
        static let schema: Schema = .object("LoginRequest") {
            Property("email", .string(minLength: 1, maxLength: 320))
            Property("password", .string(minLength: 1, maxLength: 1024))
        }
    }

    /// Native clients get every field; browsers get `user` and nulls, the session in a cookie.
    struct Result: Encodable, Sendable {
        let user: UserRecord
        let accessToken: String?
        let refreshToken: String?
        let tokenType: String?
        let expiresIn: Int64?
    }

    static let resultSchema: Schema = .object("LoginResult") {
        Property("user", UserRecord.schema)
        Property("accessToken", .string().orNull, description: "Native clients only; null for browsers.")
        Property("refreshToken", .string().orNull, description: "Native clients only; null for browsers.")
        Property("tokenType", .string(oneOf: ["Bearer"]).orNull)
        Property("expiresIn", .integer(min: 1).orNull, description: "Access-token lifetime in seconds.")
    }

    /// The 429 of every route whose password check the login throttle counts.
    static let throttled = OpenAPIResponse(429, """
        auth.throttled: over 5 attempts in 15 minutes for the e-mail from this client address, or 20 from the address; \
        or inside the e-mail's back-off (after 20 attempts for it in 15 minutes from anywhere: 1 s, 2 s, 4 s …); Retry-After
        """)

    static let endpoint = Endpoint(
        .post, "/api/auth/login", operationId: "login", summary: "Sign in with e-mail and password",
        tags: ["auth"], access: .anyone, body: Body.self,
        success: OpenAPIResponse(200, "Signed in", schema: resultSchema),
        failures: [OpenAPIResponse(401, "auth.invalid_credentials (one answer for unknown e-mail and wrong password)"),
                   throttled]
    ) { context in
        { call, body in try await login(body, request: call.request, context: context) }
    }

    static func login(_ body: Body, request: Request, context: HealthLogContext) async throws -> Response {
        let email = UserAccounts.normalizedEmail(body.email)
        // Counted before the password is checked, so parallel guesses cannot outrun the limit.
        let address = ClientAddress(request: request, trustedProxies: context.trustedProxies)
        let limits = context.throttle.loginLimits(email: email, address: address)
        try await context.throttle.attempt(limits)
        // (A NUL in the address, which the databases refuse, never gets here: the schema refuses it.)
        let account = try await context.database.read { try UserStore.credentials(email: email, on: $0) }
        let userID = account?.id, storedHash = account?.passwordHash
        guard try await context.passwords.verify(body.password, against: storedHash), let userID, let storedHash else {
            try await context.database.write { connection in
                try AuditEntry(AuditAction.loginFailed, userID: userID, request: request).insert(on: connection)
            }
            throw AuthErrors.invalidCredentials
        }
        try await context.throttle.loginSucceeded(limits)
        try await context.passwords.upgradeIfNeeded(body.password, stored: storedHash, userID: userID, database: context.database)
        let client = ClientKind(request: request), policy = context.policy
        let (user, credential) = try await context.database.transaction { connection in
            let now = Clock.now()
            guard let user = try UserStore.record(id: userID, on: connection) else { throw AuthErrors.invalidCredentials }
            try AuditEntry(AuditAction.loginPassword, userID: userID, request: request,
                           details: ["client": .string(client.rawValue)], at: now).insert(on: connection)
            switch client {
            case .native:
                let pair = try TokenStore.issuePair(userID: userID, familyID: try TokenStore.startFamily(userID: userID, now: now, on: connection),
                                                   parentID: nil,
                                                   policy: policy, now: now, on: connection)
                try AuditEntry(AuditAction.autoIssueNative, userID: userID, request: request, at: now).insert(on: connection)
                return (user, Credential.pair(pair))
            case .browser:
                return (user, Credential.session(try TokenStore.issueSession(userID: userID, policy: policy, now: now, on: connection)))
            }
        }
        var response: Response
        switch credential {
        case .pair(let pair):
            response = try context.responses.ok(Result(user: user, accessToken: pair.accessToken, refreshToken: pair.refreshToken,
                                                       tokenType: pair.tokenType, expiresIn: pair.expiresIn))
        case .session(let token):
            response = try context.responses.ok(Result(user: user, accessToken: nil, refreshToken: nil, tokenType: nil, expiresIn: nil))
            response.headers.add("Set-Cookie", SessionCookie.setHeader(token: token, maxAge: policy.sessionSeconds))
        }
        // Credentials must never sit in a shared or browser cache.
        response.headers.add("Cache-Control", "no-store")
        return response
    }

    private enum Credential: Sendable {
        case pair(TokenStore.IssuedPair)
        case session(String)
    }
}

import APIToolkit

/// `GET /api/auth/me`: the signed-in account.
enum MeEndpoint {
    static let endpoint = Endpoint(
        .get, "/api/auth/me", operationId: "getMe", summary: "The signed-in account",
        tags: ["auth"], access: .user, success: OpenAPIResponse(200, "The account", schema: UserRecord.schema)
    ) { context in
        { call in
            let userID = try call.user().userID
            guard let user = try await context.database.read({ try UserStore.record(id: userID, on: $0) }) else {
                throw AuthErrors.unauthorized
            }
            return try context.responses.ok(user)
        }
    }
}

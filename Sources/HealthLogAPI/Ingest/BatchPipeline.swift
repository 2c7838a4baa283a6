import APIToolkit
import HTTPServer
import ServiceRuntime

/// The request flow both batch endpoints share, in order: the Idempotency-Key (a replay answers
/// at once, without counting against the rate limit), the rate limit, then the endpoint's own
/// work, whose answer — success or validation error alike — is stored for replays. A 429 or a
/// server error releases the key instead: nothing was executed, so a retry must run. The claim is
/// renewed while the work runs, and its owner token goes with every later call on the key
/// (`IdempotencyStore`).
struct BatchPipeline: Sendable {
    let idempotency: IdempotencyStore
    let rateLimiter: BatchRateLimiter
    let renderer: EnvelopeErrorRenderer

    typealias Work = @Sendable (Principal) async throws -> Response

    func run(_ call: EndpointCall, route: String, work: Work) async throws -> Response {
        let user = try call.user()
        guard let key = try IdempotencyKeyHeader.key(in: call.request) else {
            try await rateLimiter.admit(userID: user.userID)
            return try await rendered { try await work(user) }
        }
        let scope = IdempotencyStore.Scope(userID: user.userID, method: call.request.method.rawValue, route: route, key: key)
        let owner: String
        switch try await idempotency.claim(scope, fingerprint: IdempotencyKeyHeader.fingerprint(call.request.body)) {
        case .replay(let status, let body):
            var replay = Response.json(body, status: status)
            replay.headers.add(IdempotencyKeyHeader.replayMarker, "true")
            return replay
        case .claimed(let claimOwner):
            owner = claimOwner
        }
        let renewal = Task { await idempotency.keepRenewing(scope, owner: owner) }
        defer { renewal.cancel() }
        let response: Response
        do {
            try await rateLimiter.admit(userID: user.userID)
            response = try await rendered { try await work(user) }
        } catch {
            try? await idempotency.release(scope, owner: owner)
            throw error
        }
        guard case .bytes(let body) = response.body, response.status < 500 else {
            try? await idempotency.release(scope, owner: owner)
            return response
        }
        do {
            try await idempotency.complete(scope, owner: owner, status: response.status, body: body)
        } catch {
            // The batch is committed: its answer stands. Without a stored answer the key is
            // released, so a retry runs again and finds every entry a duplicate.
            try? await idempotency.release(scope, owner: owner)
        }
        return response
    }

    /// The work's response, with the client errors it throws rendered here (not by the
    /// middleware later) so their exact bytes can be stored.
    private func rendered(_ work: () async throws -> Response) async throws -> Response {
        do {
            return try await work()
        } catch let error as APIError where error.status < 500 {
            return renderer.render(error)
        } catch let error as RequestDecodingError {
            return renderer.render(error.apiError)
        }
    }
}

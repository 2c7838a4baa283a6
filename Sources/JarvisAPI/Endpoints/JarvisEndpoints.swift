import APIToolkit
import FeedFetching
import Foundation
import HTTPServer
import ServiceRuntime
import Storage

/// Jarvis's endpoints: the shared declaration (`APIEndpoint`) with Jarvis's requirements.
typealias JarvisEndpoint = APIEndpoint<JarvisEndpoints>

/// Jarvis's part of every endpoint declaration. The only credential is the operator's optional
/// `JARVIS_API_TOKEN`, checked for every route by `APITokenAuthentication` (the WebSocket
/// upgrade and unknown paths included); an endpoint declares whether it is open without it.
/// Handlers read their query themselves (`StoryFilter`, whose refusals are 400s with codes of
/// their own) and accept a body whatever its `Content-Type`, as the iOS contract was built on.
enum JarvisEndpoints: EndpointFamily {
    enum Requirements: Sendable {
        /// Served to anyone, token or not (the app's connect check).
        case open
        /// Needs `Authorization: Bearer <JARVIS_API_TOKEN>` when the operator set one.
        case token
    }

    static let enforcesDeclaredInput = false

    /// Everyone the middleware let through: the token is checked there, for every route alike.
    static func admit(_ request: Request, to endpoint: JarvisEndpoint, in context: JarvisContext) async throws -> Void? { nil }

    static func admitNow(_ request: Request, to endpoint: JarvisEndpoint, in context: JarvisContext) throws -> Admission<Void> {
        .admitted(nil)
    }

    static func headCheck(for endpoint: JarvisEndpoint, bodyLimit: Int, in context: JarvisContext) -> HeadCheck? { nil }

    static func finish(_ response: inout Response, of endpoint: JarvisEndpoint) {}

    static func impliedResponses(of endpoint: JarvisEndpoint) -> [OpenAPIResponse] {
        guard case .token = endpoint.requirements else { return [] }
        return [OpenAPIResponse(401, "auth.unauthorized: the server has JARVIS_API_TOKEN set and the request lacks it as a bearer token")]
    }

    static func security(of endpoint: JarvisEndpoint) -> [String]? { nil }
}

/// What Jarvis's handlers are built from.
struct JarvisContext: EndpointContext {
    let responses: APIResponses
    let database: Database
    let feeds: FeedStore
    /// What `GET /health` counts.
    let counts: ServedCounts
    /// What a new subscription's host must pass.
    let destinations: DestinationCheck
    let stories: StoryReads
    /// The first page of each `GET /stories` listing, kept until the stories change.
    let firstPages = StoryFirstPageCache()
    let version: String
    let startedAt: Date
    let clock: @Sendable () -> Date
    /// Wakes the poller: a new or refreshed feed is fetched at once.
    let pollNow: @Sendable () -> Void
    /// What `/ws` sends, and how often it pings.
    let events: LiveEvents
    let pingSeconds: Double
}

extension APIEndpoint where Family == JarvisEndpoints {
    /// A Jarvis endpoint without a request body.
    init(_ method: OpenAPIOperation.Method, _ path: String, operationId: String, summary: String, tags: [String],
         access: JarvisEndpoints.Requirements = .token, queryParameters: [OpenAPIParameter] = [],
         success: OpenAPIResponse, failures: [OpenAPIResponse] = [], handler: @escaping HandlerFactory) {
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags, requirements: access,
                  queryParameters: queryParameters, requestBody: nil, success: success, failures: failures, makeHandler: handler)
    }

    /// A Jarvis endpoint without a request body, answered on the event loop without a task
    /// whenever `handlers`' `now` has its answer at hand.
    init(_ method: OpenAPIOperation.Method, _ path: String, operationId: String, summary: String, tags: [String],
         access: JarvisEndpoints.Requirements = .token, success: OpenAPIResponse, answeringNow handlers: @escaping AnsweringNowFactory) {
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags, requirements: access,
                  queryParameters: [], success: success, failures: [], answeringNow: handlers)
    }
}

import APIToolkit
import HTTPServer

/// What one service adds to the shared endpoint declaration: who may call an endpoint, checked
/// before anything else of the request is read and published in the document, and what its
/// handlers are built from. `APIEndpoint` holds the rest, the same for every service.
public protocol EndpointFamily: Sendable {
    /// What one endpoint declares about its callers (HealthLog: the role and the feature gate).
    associatedtype Requirements: Sendable
    /// Who a call comes from once admitted (HealthLog: the signed-in account).
    associatedtype Caller: Sendable
    /// What handlers are built from when the routes are installed.
    associatedtype Context: EndpointContext

    /// Whether the table refuses, before the handler runs, a body without the declared media
    /// type (415) and a query with undeclared, repeated or invalid parameters (422). A service
    /// that says no reads its query in the handler and accepts any `Content-Type`; its
    /// parameters are still published.
    static var enforcesDeclaredInput: Bool { get }
    /// Checks `request` against `endpoint`'s requirements and says who is calling; throws the
    /// refusal (401, 403…). Runs first, before the media type, the query and the body.
    static func admit(_ request: Request, to endpoint: APIEndpoint<Self>, in context: Context) async throws -> Caller?
    /// `admit`'s verdict when it needs no waiting, for endpoints that answer at once when they
    /// can (`APIEndpoint.Serving.httpAnsweringNow`); `.wait` hands the request to `admit`, in a
    /// task. The default always waits.
    static func admitNow(_ request: Request, to endpoint: APIEndpoint<Self>, in context: Context) throws -> Admission<Caller>
    /// The same check from the request head, for an endpoint whose body limit (`bodyLimit`) is
    /// over `ServiceSetup.bodyBytesReadBeforeAuthentication`; nil when the body may be read first.
    static func headCheck(for endpoint: APIEndpoint<Self>, bodyLimit: Int, in context: Context) -> HeadCheck?
    /// Last touch on every response of `endpoint` (HealthLog: `no-store` on per-user answers).
    static func finish(_ response: inout Response, of endpoint: APIEndpoint<Self>)
    /// The responses `endpoint`'s requirements imply (401, and 403 with each reason).
    static func impliedResponses(of endpoint: APIEndpoint<Self>) -> [OpenAPIResponse]
    /// The operation's `security`: nil for the document's default, `[]` for a public operation.
    static func security(of endpoint: APIEndpoint<Self>) -> [String]?
}

/// What `EndpointFamily.admitNow` decided without waiting.
public enum Admission<Caller: Sendable>: Sendable {
    /// Admitted, coming from `Caller` (nil: anyone).
    case admitted(Caller?)
    /// Deciding needs waiting (a database read): `admit` decides.
    case wait
}

extension EndpointFamily {
    public static func admitNow(_ request: Request, to endpoint: APIEndpoint<Self>, in context: Context) throws -> Admission<Caller> { .wait }
}

/// What every family's handler context offers the shared declaration: the service's
/// responses, which decode typed bodies in its envelope.
public protocol EndpointContext: Sendable {
    var responses: APIResponses { get }
}

/// Names every service's endpoints share.
public enum APIEndpoints {
    public static let jsonMediaType = "application/json"
    public static let formMediaType = "application/x-www-form-urlencoded"
}

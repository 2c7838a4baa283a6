import APIToolkit
import HTTPServer
import Storage

/// Renders every error — the core's own (404, 413, 431…) and the handlers' — in the API's one
/// envelope, so a client never has to parse two error shapes.
public struct EnvelopeErrorRenderer: ErrorRenderer {
    public let style: any EnvelopeStyle

    public init(style: any EnvelopeStyle) { self.style = style }

    public func render(_ error: HTTPError) -> Response {
        var apiError = APIError(status: error.status, code: error.code, message: error.message)
        apiError.headers = error.headers.map { APIError.Header(name: $0.name, value: $0.value) }
        return render(apiError)
    }

    public func render(_ error: APIError) -> Response {
        let body = (try? JSONSerializer.serialize(style.failure(error)))
            ?? Array("{\"error\":\"internal error\"}".utf8)
        var response = Response.json(body, status: error.status)
        for header in error.headers { response.headers.add(header.name, header.value) }
        return response
    }

    /// How long a client is told to wait while the database is unreachable: the pool
    /// reconnects at the first request after the database is back.
    static let databaseRetrySeconds = 2

    /// The envelope answer to what a handler or a head check threw: `APIError` as it is,
    /// request-decoding failures as 400/422 with the offending path, an unreachable database (a
    /// restart, a failover) as 503 with `Retry-After`, so clients retry rather than report a
    /// server bug. Nil for anything else, which the core answers as 500.
    public func response(to error: any Error) -> Response? {
        switch error {
        case let error as APIError:
            return render(error)
        case let error as RequestDecodingError:
            return render(error.apiError)
        case let error as DatabaseError where error.kind == .connectionFailed:
            return render(.serviceUnavailable("The database is unreachable; try again shortly", code: "database.unavailable",
                                              retryAfter: Self.databaseRetrySeconds))
        default:
            return nil
        }
    }
}

/// Answers what handlers throw in the envelope (`EnvelopeErrorRenderer.response(to:)`); anything
/// else falls through to the core (500).
public struct APIErrorMiddleware: RequestFilter {
    let renderer: EnvelopeErrorRenderer

    public init(style: any EnvelopeStyle) { renderer = EnvelopeErrorRenderer(style: style) }

    public func response(to error: any Error) -> Response? { renderer.response(to: error) }
}

/// A decision a route takes as soon as a request's head is parsed, before any of its body is
/// read. Routes that accept large bodies attach one (authentication, say), so a client the
/// route would refuse anyway cannot make the server buffer megabytes first.
///
/// It runs for every request on the route, after routing and the `Content-Length` ceiling
/// and before `100 Continue`; reading stops while it runs. `.admit(value)` lets the request
/// go on, and `value` reaches the handler as `Request.admission` (what the check learnt,
/// e.g. the authenticated account, so the handler need not look it up again). `.refuse`
/// sends that response with `Connection: close`, and the body is never read. An error it
/// throws is answered like a handler's.
public typealias HeadCheck = @Sendable (Request) async throws -> HeadVerdict

public enum HeadVerdict: Sendable {
    case admit((any Sendable)?)
    case refuse(Response)
}

import APIToolkit
import HTTPServer

/// Cross-site request forgery defence for the session cookie. A browser attaches the cookie to
/// a form post or `fetch` another site makes it send, so a cookie-authenticated request with an
/// unsafe method (anything but GET, HEAD, OPTIONS) must show it came from our own pages: an
/// `Origin` equal to this server's origin (the scheme the request reached us by, per
/// `SessionCookie.isHTTPS`, and its `Host`, default port left out), and no `Sec-Fetch-Site` but
/// `same-origin`. Every browser sends at least one of the two on such requests, so a request with
/// neither is refused too. Bearer tokens are never attached by a browser on its own, so bearer
/// requests are not checked.
enum SameOrigin {
    static let crossOrigin = APIError.forbidden(
        "A request signed in with the session cookie must come from this site's own pages (Origin or Sec-Fetch-Site)",
        code: "auth.cross_origin")

    static let safeMethods: Set<HTTPMethod> = [.get, .head, .options]

    static func check(_ request: Request) throws {
        guard !safeMethods.contains(request.method) else { return }
        let origin = request.headers["Origin"], fetchSite = request.headers["Sec-Fetch-Site"]
        guard origin != nil || fetchSite != nil else { throw crossOrigin }
        if let fetchSite, !fetchSite.trimmingASCIISpaces().equalsIgnoringASCIICase("same-origin") { throw crossOrigin }
        if let origin, normalized(origin) != serverOrigin(of: request) { throw crossOrigin }
    }

    /// `scheme://host[:port]` as this request addressed us; nil without a `Host`.
    static func serverOrigin(of request: Request) -> String? {
        guard let host = request.headers["Host"], !host.isEmpty else { return nil }
        return normalized((SessionCookie.isHTTPS(request) ? "https://" : "http://") + host)
    }

    /// Lower-cased, without the scheme's default port; nil for `null` or anything not an origin.
    static func normalized(_ origin: String) -> String? {
        let text = origin.trimmingASCIISpaces().lowercased()
        for (scheme, defaultPort) in [("http://", ":80"), ("https://", ":443")] where text.hasPrefix(scheme) {
            let authority = text.dropFirst(scheme.count)
            guard !authority.isEmpty, !authority.contains("/") else { return nil }
            return authority.hasSuffix(defaultPort) ? String(text.dropLast(defaultPort.count)) : text
        }
        return nil
    }
}

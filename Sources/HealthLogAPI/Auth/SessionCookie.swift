import Foundation
import HTTPServer

/// The browser session cookie, named with the `__Host-` prefix: browsers keep it only when it is
/// `Secure`, has `Path=/` and no `Domain`, so no sibling subdomain can set or shadow it, and
/// send it only over HTTPS (or to `localhost`, which browsers treat as secure).
enum SessionCookie {
    static func setHeader(token: String, maxAge: Int64) -> String {
        "\(TokenPolicy.sessionCookieName)=\(token); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax; Secure"
    }

    /// The same cookie emptied and expired: the browser drops it.
    private static let expiredHeader = setHeader(token: "", maxAge: 0)

    /// 204 with the session cookie expired, whichever credential signed the request in.
    static func signedOutResponse() -> Response {
        var response = Response.empty(204)
        response.headers.add("Set-Cookie", expiredHeader)
        return response
    }

    /// Whether the request reached us over HTTPS: behind a TLS-terminating proxy, what
    /// `X-Forwarded-Proto: https` says (the server itself speaks plain HTTP).
    static func isHTTPS(_ request: Request) -> Bool {
        guard let proto = request.headers["X-Forwarded-Proto"] else { return false }
        return proto.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } == "https"
    }

    /// The session token from a `Cookie` header, if one is present.
    static func token(in request: Request) -> String? {
        for header in request.headers.values("Cookie") {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == TokenPolicy.sessionCookieName {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }
}

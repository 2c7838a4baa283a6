import Foundation
import HTTPServer

/// The browser session cookie. `Secure` is added when the request reached us over HTTPS, which
/// behind a TLS-terminating proxy is what `X-Forwarded-Proto: https` says (the flag only makes
/// the cookie stricter, so a forged header cannot weaken it).
enum SessionCookie {
    static func setHeader(token: String, maxAge: Int64, request: Request) -> String {
        var cookie = "\(TokenPolicy.sessionCookieName)=\(token); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
        if isHTTPS(request) { cookie += "; Secure" }
        return cookie
    }

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

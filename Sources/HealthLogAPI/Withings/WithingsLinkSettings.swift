import APIToolkit
import Foundation
import Secrets

/// The Withings app registration (Data API and OAuth), read once at start-up. Without
/// `WITHINGS_CLIENT_ID` there is none: the linking routes answer 503 `withings.not_configured`
/// and the webhook keeps queueing as before. With a client id, everything else the flow needs
/// must be present and well-formed, or start-up stops with a message naming the variable.
struct WithingsLinkSettings: Sendable {
    static let clientIDVariable = "WITHINGS_CLIENT_ID"
    static let clientSecretVariable = "WITHINGS_CLIENT_SECRET"
    static let callbackURLVariable = "WITHINGS_CALLBACK_URL"
    static let apiBaseVariable = "WITHINGS_API_BASE"
    static let tokenKeyVariable = "WITHINGS_TOKEN_KEY"
    static let publicAPIBase = "https://wbsapi.withings.net"
    static let authorizeURL = "https://account.withings.com/oauth2_user/authorize2"
    /// What we ask the user to grant: the body measures `getmeas` reads.
    static let scope = "user.metrics"
    /// The notification categories subscribed on linking: the ones `getmeas` answers.
    static let subscribedApplis: [Int64] = [1, 2, 4]

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static let notConfigured = APIError(status: 503, code: "withings.not_configured",
                                        message: "Withings is not configured on this server")

    let clientID: String
    let clientSecret: String
    /// Where Withings sends the browser back (`/api/withings/callback`); registered with the app.
    let callbackURL: URL
    /// The Notify callback we subscribe: the callback URL's origin plus the webhook path secret.
    let notifyURL: String
    let apiBase: URL
    let box: SecretBox

    /// nil when no client id is set; throws `Invalid` when the rest is missing or malformed.
    init?(environment: [String: String]) throws {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let clientID = value(Self.clientIDVariable) else { return nil }
        func required(_ name: String) throws -> String {
            guard let found = value(name) else { throw Invalid(description: "\(name) is required when \(Self.clientIDVariable) is set") }
            return found
        }
        self.clientID = clientID
        clientSecret = try required(Self.clientSecretVariable)
        guard let callback = URL(string: try required(Self.callbackURLVariable)), let scheme = callback.scheme,
              ["http", "https"].contains(scheme), let host = callback.host else {
            throw Invalid(description: "\(Self.callbackURLVariable) must be an absolute http(s) URL")
        }
        callbackURL = callback
        let secret = try required(WithingsWebhookSettings.secretVariable)
        let port = callback.port.map { ":\($0)" } ?? ""
        notifyURL = "\(scheme)://\(host)\(port)/api/withings/webhook/\(secret)"
        guard let base = URL(string: value(Self.apiBaseVariable) ?? Self.publicAPIBase), base.scheme != nil, base.host != nil else {
            throw Invalid(description: "\(Self.apiBaseVariable) must be an absolute URL")
        }
        apiBase = base
        do {
            box = try SecretBox(hexKey: try required(Self.tokenKeyVariable))
        } catch is SecretBox.KeyError {
            throw Invalid(description: "\(Self.tokenKeyVariable) must be 64 hexadecimal characters (32 random bytes, e.g. `openssl rand -hex 32`)")
        }
    }

    /// The page the user authorises us on, carrying the one-time `state`.
    func authorizationURL(state: String) -> String {
        var components = URLComponents(string: Self.authorizeURL)!
        components.queryItems = [
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "scope", value: Self.scope), URLQueryItem(name: "redirect_uri", value: callbackURL.absoluteString),
            URLQueryItem(name: "state", value: state),
        ]
        return components.url!.absoluteString
    }
}

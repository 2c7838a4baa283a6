import APIToolkit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What went wrong talking to Withings, sorted by what the caller should do about it.
enum WithingsAPIError: Error, CustomStringConvertible, Equatable {
    /// Try again later: no answer, an HTTP 5xx or 429, or Withings' "too many requests" (601)
    /// or "unknown error" statuses.
    case transient(String)
    /// The access token was refused (status 401): refresh it and try once more.
    case invalidAccessToken
    /// Withings refused the call for good (any other non-zero status); on the token endpoint
    /// this is a refresh token it no longer accepts.
    case refused(status: Int)

    var description: String {
        switch self {
        case .transient(let reason): "Withings unavailable: \(reason)"
        case .invalidAccessToken: "Withings refused the access token (status 401)"
        case .refused(let status): "Withings refused the request (status \(status))"
        }
    }

    /// Withings answers HTTP 200 with `{"status": N, "body": …}`; N ≠ 0 is the error. 601 is
    /// its rate limit; 500, 2554 and 2555 its internal and unknown errors.
    static func classify(status: Int) -> WithingsAPIError {
        switch status {
        case 401: .invalidAccessToken
        case 601, 500, 2554, 2555: .transient("status \(status)")
        default: .refused(status: status)
        }
    }
}

/// The Withings calls HealthLog makes: OAuth token requests, Notify subscriptions and
/// `getmeas`. Every call is a form POST; every answer is the `{status, body}` wrapper.
struct WithingsAPIClient: Sendable {
    struct Tokens: Sendable {
        let withingsUserID: Int64
        let accessToken: String
        let refreshToken: String
        /// Unix seconds.
        let expiresAt: Int64
    }

    struct MeasurePage: Sendable {
        let groups: [JSONValue]
        let more: Bool
        let offset: Int64
    }

    let settings: WithingsLinkSettings

    /// One session for the process, never released: FoundationNetworking on Linux crashes when
    /// a session goes away, or an async request is cancelled, while a request is in flight.
    /// Requests end by themselves within the timeout instead.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 20
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    init(settings: WithingsLinkSettings) {
        self.settings = settings
    }

    func exchange(code: String, now: Int64) async throws -> Tokens {
        try tokens(from: try await call("v2/oauth2", [
            "action": "requesttoken", "grant_type": "authorization_code", "client_id": settings.clientID,
            "client_secret": settings.clientSecret, "code": code, "redirect_uri": settings.callbackURL.absoluteString,
        ]), now: now)
    }

    func refresh(_ refreshToken: String, now: Int64) async throws -> Tokens {
        try tokens(from: try await call("v2/oauth2", [
            "action": "requesttoken", "grant_type": "refresh_token", "client_id": settings.clientID,
            "client_secret": settings.clientSecret, "refresh_token": refreshToken,
        ]), now: now)
    }

    func subscribe(accessToken: String, appli: Int64) async throws {
        _ = try await call("notify", ["action": "subscribe", "callbackurl": settings.notifyURL, "appli": String(appli),
                                      "comment": "HealthLog"], bearer: accessToken)
    }

    func revoke(accessToken: String, appli: Int64) async throws {
        _ = try await call("notify", ["action": "revoke", "callbackurl": settings.notifyURL, "appli": String(appli)],
                           bearer: accessToken)
    }

    /// One page of measure groups in [start, end]; `offset` from the previous page's answer.
    func measures(accessToken: String, start: Int64, end: Int64, offset: Int64) async throws -> MeasurePage {
        var fields = ["action": "getmeas", "startdate": String(start), "enddate": String(end)]
        if offset > 0 { fields["offset"] = String(offset) }
        let body = try await call("measure", fields, bearer: accessToken)
        return MeasurePage(groups: body["measuregrps"]?.arrayValue ?? [], more: (body["more"]?.integerValue ?? 0) != 0,
                           offset: body["offset"]?.integerValue ?? 0)
    }

    private func tokens(from body: JSONObject, now: Int64) throws -> Tokens {
        guard let access = body["access_token"]?.stringValue, let refresh = body["refresh_token"]?.stringValue,
              let userID = body["userid"]?.integerValue ?? body["userid"]?.stringValue.flatMap({ Int64($0) }) else {
            throw WithingsAPIError.transient("a token answer without tokens")
        }
        return Tokens(withingsUserID: userID, accessToken: access, refreshToken: refresh,
                      expiresAt: now + (body["expires_in"]?.integerValue ?? 10_800))
    }

    /// POSTs `fields` form-encoded to `path` and returns `body` of a `status: 0` answer.
    private func call(_ path: String, _ fields: [String: String], bearer: String? = nil) async throws -> JSONObject {
        var request = URLRequest(url: settings.apiBase.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        request.httpBody = Data(Self.formEncode(fields).utf8)
        let (data, httpStatus) = try await Self.send(request)
        guard httpStatus == 200 else {
            throw httpStatus == 429 || httpStatus >= 500 ? WithingsAPIError.transient("HTTP \(httpStatus)") : WithingsAPIError.refused(status: httpStatus)
        }
        guard let answer = try? JSONParser.parse(Array(data)).objectValue, let status = answer["status"]?.integerValue else {
            throw WithingsAPIError.transient("an answer that is not Withings' JSON wrapper")
        }
        guard status == 0 else { throw WithingsAPIError.classify(status: Int(status)) }
        return answer["body"]?.objectValue ?? [:]
    }

    /// The body and HTTP status of `request`, through the completion-handler API.
    private static func send(_ request: URLRequest) async throws -> (Data, Int) {
        try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: WithingsAPIError.transient("no answer (\(error.localizedDescription))"))
                } else {
                    continuation.resume(returning: (data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
                }
            }.resume()
        }
    }

    static func formEncode(_ fields: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.keys.sorted().map { key in
            "\(key)=\(fields[key]!.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
    }
}

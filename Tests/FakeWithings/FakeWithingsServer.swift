import Foundation
import HTTPServer
import Synchronization

/// Withings' Data API on loopback, speaking its real protocol: form POSTs to `/v2/oauth2`
/// (`action=requesttoken`, authorization-code and refresh grants, refresh tokens rotated on
/// use), `/notify` (`subscribe`, `revoke`) and `/measure` (`getmeas` over `startdate`/`enddate`,
/// paged with `more`/`offset`, values encoded as `value × 10^unit`). Every answer is HTTP 200
/// with `{"status": N, "body": …}`: 401 for an unknown or expired access token, 503 (invalid
/// params) for an unknown code or refresh token. Tests point `WITHINGS_API_BASE` at it, add
/// measure groups, expire tokens and script failures (a Withings status, an HTTP error, an
/// answer that never ends or one that comes late).
public final class FakeWithingsServer: Sendable {
    public struct Measure: Sendable {
        public let type: Int
        public let value: Int
        public let unit: Int

        public init(type: Int, value: Int, unit: Int) {
            self.type = type
            self.value = value
            self.unit = unit
        }
    }

    public struct Group: Sendable {
        public let id: Int
        public let date: Int64
        public let category: Int
        public let model: String?
        public let measures: [Measure]

        public init(id: Int, date: Int64, category: Int = 1, model: String? = nil, measures: [Measure]) {
            self.id = id
            self.date = date
            self.category = category
            self.model = model
            self.measures = measures
        }
    }

    /// A scripted answer for the next call of one action.
    public enum Failure: Sendable {
        /// HTTP 200 with this Withings status.
        case status(Int)
        /// This HTTP status, with no Withings wrapper.
        case http(Int)
        /// An answer that never completes: its head, then a space every 0.2 s until the client
        /// goes away (or 30 s pass), as when Withings hangs in the middle of a call.
        case stall
        /// The normal answer (tokens rotated at once, as Withings does on receiving the call),
        /// its body sent only after this many seconds: a slow Withings.
        case delayed(Double)
    }

    public struct Subscription: Sendable, Equatable {
        public let userID: Int64
        public let appli: Int
        public let callbackURL: String
    }

    private struct State {
        var codes: [String: Int64] = [:]
        var accessTokens: [String: (userID: Int64, valid: Bool)] = [:]
        var refreshTokens: [String: Int64] = [:]
        var groups: [Int64: [Group]] = [:]
        var subscriptions: [Subscription] = []
        var failures: [String: [Failure?]] = [:]
        var calls: [String] = []
        var issued: [String] = []
        var expiresIn = 10_800
    }

    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    private let server: HTTPServer
    public var url: String { "http://127.0.0.1:\(server.port)" }
    /// Groups per `getmeas` page.
    public let pageSize = 2

    public init() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.eventLoops = 1
        var router = Router()
        let shared = self.shared, pageSize = self.pageSize
        for path in ["/v2/oauth2", "/notify", "/measure"] {
            router.post(path) { request in
                Self.answer(path: path, request: request, shared: shared, pageSize: pageSize)
            }
        }
        server = try HTTPServer(configuration: configuration, router: router, logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
        try server.start()
    }

    public func stop() async { await server.shutdown() }

    /// A code the user "granted" on Withings' consent page, redeemable once for `userID`.
    public func grantCode(userID: Int64) -> String {
        let code = "code-" + UUID().uuidString
        shared.state.withLock { $0.codes[code] = userID }
        return code
    }

    public func addGroups(_ groups: [Group], userID: Int64) {
        shared.state.withLock { $0.groups[userID, default: []] += groups }
    }

    /// The next calls of `action` (`requesttoken`, `subscribe`, `revoke`, `getmeas`) answer
    /// like this, in order: a failure, or nil for the normal answer.
    public func fail(_ action: String, with failures: [Failure?]) {
        shared.state.withLock { $0.failures[action, default: []] += failures }
    }

    /// Withings stops accepting every access token issued so far (as when they expire).
    public func expireAccessTokens() {
        shared.state.withLock { state in
            for key in state.accessTokens.keys { state.accessTokens[key]?.valid = false }
        }
    }

    /// Withings stops accepting every refresh token issued so far (revoked or unused for a year).
    public func revokeRefreshTokens() {
        shared.state.withLock { $0.refreshTokens = [:] }
    }

    /// `expires_in` of the tokens issued from now on.
    public func setExpiresIn(_ seconds: Int) {
        shared.state.withLock { $0.expiresIn = seconds }
    }

    /// The actions called so far, in order (`requesttoken:authorization_code`, `getmeas`, …).
    public var calls: [String] { shared.state.withLock { $0.calls } }
    /// Every access and refresh token handed out.
    public var issuedTokens: [String] { shared.state.withLock { $0.issued } }
    public var subscriptions: [Subscription] { shared.state.withLock { $0.subscriptions } }

    private static func answer(path: String, request: Request, shared: Shared, pageSize: Int) -> Response {
        let form = QueryParameters(String(decoding: request.body, as: UTF8.self))
        let action = form["action"] ?? ""
        return shared.state.withLock { state -> Response in
            state.calls.append(action == "requesttoken" ? "requesttoken:\(form["grant_type"] ?? "")" : action)
            var delay: Double?
            if let scripted = state.failures[action]?.first {
                state.failures[action]?.removeFirst()
                switch scripted {
                case nil: break
                case .status(let status)?: return wrap(status, [:])
                case .http(let status)?: return .text("upstream error", status: status)
                case .stall?: return stalled()
                case .delayed(let seconds)?: delay = seconds
                }
            }
            let answer = normalAnswer(path: path, action: action, form: form, request: request, state: &state, pageSize: pageSize)
            guard let delay, case .bytes(let bytes) = answer.body else { return answer }
            return .stream(contentType: "application/json") { writer in
                try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
                try await writer.write(bytes)
            }
        }
    }

    /// What Withings answers `action` on `path` when nothing is scripted.
    private static func normalAnswer(path: String, action: String, form: QueryParameters, request: Request, state: inout State,
                                     pageSize: Int) -> Response {
        switch (path, action) {
        case ("/v2/oauth2", "requesttoken"): return token(form, state: &state)
        case ("/notify", _), ("/measure", "getmeas"):
            guard let bearer = request.bearerCredential.map(String.init), let owner = state.accessTokens[bearer], owner.valid else {
                return wrap(401, [:])
            }
            return path == "/notify" ? notify(action, form, userID: owner.userID, state: &state)
                : measures(form, groups: state.groups[owner.userID] ?? [], pageSize: pageSize)
        default: return wrap(2554, [:])
        }
    }

    private static func token(_ form: QueryParameters, state: inout State) -> Response {
        let userID: Int64
        switch form["grant_type"] {
        case "authorization_code":
            guard let code = form["code"], let owner = state.codes.removeValue(forKey: code) else { return wrap(503, [:]) }
            userID = owner
        case "refresh_token":
            guard let old = form["refresh_token"], let owner = state.refreshTokens.removeValue(forKey: old) else { return wrap(503, [:]) }
            userID = owner
        default: return wrap(503, [:])
        }
        let access = "access-" + UUID().uuidString, refresh = "refresh-" + UUID().uuidString
        state.accessTokens[access] = (userID, true)
        state.refreshTokens[refresh] = userID
        state.issued += [access, refresh]
        return wrap(0, ["userid": String(userID), "access_token": access, "refresh_token": refresh,
                        "expires_in": state.expiresIn, "scope": "user.metrics", "token_type": "Bearer"])
    }

    private static func notify(_ action: String, _ form: QueryParameters, userID: Int64, state: inout State) -> Response {
        guard let appli = form["appli"].flatMap(Int.init), let callback = form["callbackurl"] else { return wrap(503, [:]) }
        let subscription = Subscription(userID: userID, appli: appli, callbackURL: callback)
        switch action {
        case "subscribe": if !state.subscriptions.contains(subscription) { state.subscriptions.append(subscription) }
        case "revoke": state.subscriptions.removeAll { $0 == subscription }
        default: return wrap(503, [:])
        }
        return wrap(0, [:])
    }

    private static func measures(_ form: QueryParameters, groups: [Group], pageSize: Int) -> Response {
        guard let start = form["startdate"].flatMap(Int64.init), let end = form["enddate"].flatMap(Int64.init) else { return wrap(503, [:]) }
        let offset = form["offset"].flatMap(Int.init) ?? 0
        let window = groups.filter { $0.date >= start && $0.date <= end }.sorted { $0.id < $1.id }
        let page = window.dropFirst(offset).prefix(pageSize)
        let more = offset + page.count < window.count
        let encoded: [[String: Any]] = page.map { group in
            var object: [String: Any] = [
                "grpid": group.id, "attrib": 0, "date": group.date, "created": group.date, "modified": group.date,
                "category": group.category, "deviceid": "device-\(group.model ?? "none")",
                "measures": group.measures.map { ["value": $0.value, "type": $0.type, "unit": $0.unit, "algo": 0, "fm": 3] },
            ]
            if let model = group.model { object["model"] = model }
            return object
        }
        var body: [String: Any] = ["updatetime": end, "timezone": "Europe/Berlin", "measuregrps": encoded, "more": more ? 1 : 0]
        if more { body["offset"] = offset + page.count }
        return wrap(0, body)
    }

    private static func stalled() -> Response {
        .stream(contentType: "application/json") { writer in
            for _ in 0..<150 {
                try await writer.write(" ")
                try await Task.sleep(nanoseconds: 200_000_000)
            }
        }
    }

    private static func wrap(_ status: Int, _ body: [String: Any]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: ["status": status, "body": body])) ?? Data()
        return .json(Array(data))
    }
}

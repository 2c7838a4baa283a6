import Foundation

/// Where the Coach's language model is, read from the environment. Without `COACH_MODEL_URL`
/// there is none and the built-in responder answers.
public struct CoachModelSettings: Sendable, Equatable {
    /// The chat-completions endpoint, e.g. `http://127.0.0.1:8088/v1/chat/completions`; a base
    /// URL ending in `/v1` gets `/chat/completions` appended.
    public let endpoint: URL
    public let model: String
    /// Sent as a bearer token when set; never logged.
    public let apiKey: String?
    /// Longest wait for the first token, then for the whole reply.
    public let firstTokenTimeout: TimeInterval
    public let replyTimeout: TimeInterval
    /// Attempts before the first token (connection refused, 5xx, 429), with a short back-off.
    public let attemptsBeforeFirstToken: Int
    /// When the model cannot be reached, answer with the built-in responder (logged) instead of an error event.
    public let fallBackToBuiltIn: Bool

    public static let urlVariable = "COACH_MODEL_URL", keyVariable = "COACH_API_KEY"

    /// nil when no model is configured; throws for a malformed configuration (start-up stops).
    public init?(environment: [String: String]) throws {
        guard let raw = environment[Self.urlVariable], !raw.isEmpty else { return nil }
        guard var url = URL(string: raw), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw CoachModelError.configuration("\(Self.urlVariable) must be an http(s) URL, got \(raw)")
        }
        if url.path.hasSuffix("/v1") || url.path.hasSuffix("/v1/") { url = url.appendingPathComponent("chat/completions") }
        endpoint = url
        model = environment["COACH_MODEL"] ?? "default"
        apiKey = environment[Self.keyVariable].flatMap { $0.isEmpty ? nil : $0 }
        firstTokenTimeout = try Self.seconds(environment["COACH_MODEL_FIRST_TOKEN_TIMEOUT"], default: 20)
        replyTimeout = try Self.seconds(environment["COACH_MODEL_TIMEOUT"], default: 120)
        attemptsBeforeFirstToken = 3
        fallBackToBuiltIn = environment["COACH_MODEL_FALLBACK"] == "builtin"
    }

    public init(endpoint: URL, model: String, apiKey: String? = nil, firstTokenTimeout: TimeInterval = 20,
                replyTimeout: TimeInterval = 120, attemptsBeforeFirstToken: Int = 3, fallBackToBuiltIn: Bool = false) {
        self.endpoint = endpoint
        self.model = model
        self.apiKey = apiKey
        self.firstTokenTimeout = firstTokenTimeout
        self.replyTimeout = replyTimeout
        self.attemptsBeforeFirstToken = attemptsBeforeFirstToken
        self.fallBackToBuiltIn = fallBackToBuiltIn
    }

    private static func seconds(_ text: String?, default value: TimeInterval) throws -> TimeInterval {
        guard let text else { return value }
        guard let seconds = TimeInterval(text), seconds > 0, seconds <= 600 else {
            throw CoachModelError.configuration("a Coach model timeout must be seconds between 0 and 600, got \(text)")
        }
        return seconds
    }
}

public enum CoachModelError: Error, Equatable, CustomStringConvertible {
    case configuration(String)
    /// No token came: the server was unreachable, refused, or too slow.
    case unavailable(String)
    /// The reply stopped part-way.
    case interrupted(String)

    public var description: String {
        switch self {
        case .configuration(let message), .unavailable(let message), .interrupted(let message): message
        }
    }
}

import APIToolkit
import HTTPServer
import Secrets

/// The webhook's secret and its legacy-usage counter, built once at start-up.
///
/// Withings signs nothing, so the only proof a callback comes from Withings is the secret in
/// the callback URL (contract §8). It is compared in constant time. With no secret configured
/// every call is refused with the same 401 as a wrong one: an unconfigured server accepts
/// nothing and answers exactly like a configured one to a caller who guesses.
struct WithingsWebhookSettings: Sendable {
    static let secretVariable = "WITHINGS_WEBHOOK_SECRET"
    /// Shorter secrets are refused at start-up: the path segment is the only credential.
    static let minimumSecretLength = 16

    struct SecretTooShort: Error, CustomStringConvertible {
        var description: String {
            "\(WithingsWebhookSettings.secretVariable) must have at least \(WithingsWebhookSettings.minimumSecretLength) characters"
        }
    }

    static let unauthorized = APIError(status: 401, code: "withings.webhook.unauthorized",
                                       message: "The webhook secret is missing or wrong")

    private let secret: String?
    /// Accepted calls on the deprecated `?secret=` URL, scraped at `/metrics`; its removal
    /// (v1.4.27) waits until this stops moving.
    let legacyCalls: Counter
    /// Callbacks answered 4xx (wrong secret, unusable form), scraped at `/metrics`: Withings
    /// gives up on a notification after a few hours of retries, so a refusal may be data lost.
    let refusedCalls: Counter

    init(environment: [String: String], metrics: MetricsRegistry) throws {
        let configured = environment[Self.secretVariable].flatMap { $0.isEmpty ? nil : $0 }
        if let configured, configured.count < Self.minimumSecretLength { throw SecretTooShort() }
        secret = configured
        legacyCalls = metrics.counter("healthlog_withings_webhook_legacy_requests_total",
                                      help: "Accepted Withings callbacks on the deprecated ?secret= URL.")
        refusedCalls = metrics.counter("healthlog_withings_webhook_refused_total",
                                       help: "Withings callbacks refused with a 4xx (wrong secret or unusable form).")
    }

    /// Runs a callback's handling, counting it in `refusedCalls` when it ends in a client error.
    func countingRefusals(_ handle: () async throws -> Response) async throws -> Response {
        do {
            return try await handle()
        } catch let error as APIError where (400..<500).contains(error.status) {
            refusedCalls.increment()
            throw error
        }
    }

    /// Throws the 401 unless `presented` equals the configured secret.
    func authorize(_ presented: String?) throws {
        guard let secret, let presented, ConstantTime.equals(secret, presented) else { throw Self.unauthorized }
    }
}

/// Lifetimes and shapes of the credentials HealthLog issues. The prefixes make each kind
/// recognisable, so a refresh token sent as a bearer is refused before any lookup (self-test
/// item 5), and a leaked token's kind is obvious in a secret scanner.
struct TokenPolicy: Sendable {
    static let accessPrefix = "hla_"
    static let refreshPrefix = "hlr_"
    static let sessionPrefix = "hls_"
    static let sessionCookieName = "__Host-healthlog_session"

    /// Short-lived: a stolen access token is useful for minutes, not days.
    var accessTokenSeconds: Int64 = 15 * 60
    var refreshTokenSeconds: Int64 = 30 * 24 * 3600
    var sessionSeconds: Int64 = 7 * 24 * 3600
}

/// Why a request could not be read, with the status the server answers before closing.
public struct HTTPParseError: Error, Equatable, Sendable {
    public let status: Int
    /// Machine-readable, stable: used as the error code in the API envelope.
    public let code: String
    public let message: String

    public init(status: Int, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public static let headerTooLarge = HTTPParseError(
        status: 431, code: "http.header_too_large", message: "Request header block is too large")
    public static let uriTooLong = HTTPParseError(
        status: 414, code: "http.uri_too_long", message: "Request URI is too long")
    public static func malformed(_ detail: String) -> HTTPParseError {
        HTTPParseError(status: 400, code: "http.bad_request", message: "Malformed request: \(detail)")
    }
    /// Shapes that let a proxy and this server disagree about where a request ends (RFC 9112 §6.3, §5.2).
    public static func ambiguousFraming(_ detail: String) -> HTTPParseError {
        HTTPParseError(status: 400, code: "http.ambiguous_framing", message: "Ambiguous request framing: \(detail)")
    }
    public static let bodyTooLarge = HTTPParseError(
        status: 413, code: "http.body_too_large", message: "Request body is too large")
}

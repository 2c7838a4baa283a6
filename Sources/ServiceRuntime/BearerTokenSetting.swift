/// A bearer token an operator sets in the environment (`METRICS_TOKEN`, `JARVIS_API_TOKEN`),
/// read so that a client can present it: `Authorization: Bearer <token>` carries one token
/// without whitespace (`Request.bearerCredential`), so a token with a space in it, or one
/// pasted with a trailing newline, could never match, and every request would be refused with
/// nothing in the log to say why. Start-up stops with a message naming the variable instead.
/// Unset or empty is nil: no token.
public func bearerTokenSetting(_ name: String, _ environment: [String: String]) throws -> String? {
    guard let token = environment[name], !token.isEmpty else { return nil }
    guard !token.contains(where: \.isWhitespace) else {
        throw ServiceOptions.InvalidOption(description: "\(name) must be a single token without spaces or line breaks")
    }
    return token
}

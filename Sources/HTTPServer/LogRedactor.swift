import CSystem
import Foundation
import Synchronization

/// Keeps secrets out of logs, three ways: fields and query parameters with sensitive names are
/// masked; values of route parameters declared secret are masked in logged paths; and any registered
/// secret value (an API token, a webhook secret) is scrubbed from every line as a last line of defence.
public final class LogRedactor: Sendable {
    public static let mask = "[REDACTED]"
    static let sensitiveNames: [String] = [
        "password", "token", "secret", "authorization", "cookie", "apikey", "api_key", "access_token",
        "refresh_token", "accesstoken", "refreshtoken", "session", "signature", "key",
    ]
    /// Sensitive only as the whole name: OAuth's authorization `code` and one-time `state` (as
    /// prefixes or suffixes they would hide `errorCode` or `syncState`).
    static let exactSensitiveNames: Set<String> = ["code", "state"]
    private let knownSecrets = Mutex<[[UInt8]]>([])

    public init() {}

    /// Scrub `value` from every future line (values shorter than 6 characters are ignored:
    /// masking them would shred ordinary words).
    public func register(secret value: String) {
        guard value.count >= 6 else { return }
        knownSecrets.withLock { if !$0.contains(Array(value.utf8)) { $0.append(Array(value.utf8)) } }
    }

    public func isSensitiveKey(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return Self.exactSensitiveNames.contains(lowered)
            || Self.sensitiveNames.contains { lowered == $0 || lowered.hasSuffix($0) || lowered.hasPrefix($0) }
    }

    /// Replaces every registered secret in `line` by the mask. Runs on every log batch, so the
    /// search is libc's `memmem`, and a line without secrets is returned untouched.
    func scrub(_ line: [UInt8]) -> [UInt8] {
        let secrets = knownSecrets.withLock { $0 }
        var result = line
        for secret in secrets {
            while let offset = Self.find(secret, in: result) {
                result.replaceSubrange(offset..<offset + secret.count, with: Self.mask.utf8)
            }
        }
        return result
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        haystack.withUnsafeBytes { h -> Int? in
            needle.withUnsafeBytes { n -> Int? in
                guard let start = h.baseAddress, let found = memmem(start, h.count, n.baseAddress, n.count) else { return nil }
                return UnsafeRawPointer(found) - start
            }
        }
    }

    /// The request target as it may be logged: every path segment whose value is one of
    /// `secretValues` (compared raw and percent-decoded) masked, and sensitive query values
    /// masked. The values come from `Router.secretValues(in:)`, which finds them for any method
    /// and any spelling of the path, so matching values instead of positions also masks
    /// `//api/withings/webhook/<secret>` and a 405 or 404 under the secret route.
    public func loggablePath(_ request: Request, secretValues: [String]) -> String {
        var path = request.path
        if !secretValues.isEmpty {
            path = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
                let raw = String(segment)
                return secretValues.contains(raw) || secretValues.contains(raw.removingPercentEncodingOrSelf) ? Self.mask : raw
            }.joined(separator: "/")
        }
        // The target is the path, then `?` and the query when it has one.
        guard request.target.utf8.count > request.path.utf8.count else { return path }
        let query = request.rawQuery.split(separator: "&").map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return isSensitiveKey(name.removingPercentEncodingOrSelf) ? "\(name)=\(Self.mask)" : String(pair)
        }
        return path + "?" + query.joined(separator: "&")
    }
}

private extension String {
    var removingPercentEncodingOrSelf: String { (self as String).removingPercentEncoding ?? self }
}

import Foundation
import Synchronization

/// Matches `StringRules.pattern`: the whole string against the expression, compiled once per
/// pattern (schemas are constants, so the cache stays as small as the set of declared patterns).
enum SchemaPattern {
    private static let compiled = Mutex<[String: NSRegularExpression]>([:])

    static func matches(_ pattern: String, _ string: String) -> Bool {
        guard let expression = expression(for: pattern) else { return false }
        let whole = NSRange(string.startIndex..., in: string)
        guard let match = expression.firstMatch(in: string, options: [.anchored], range: whole) else { return false }
        return match.range == whole
    }

    /// A pattern that does not compile matches nothing: every value is refused, which a test of
    /// the endpoint shows at once (a declared pattern is a constant, not input).
    private static func expression(for pattern: String) -> NSRegularExpression? {
        if let cached = compiled.withLock({ $0[pattern] }) { return cached }
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
        compiled.withLock { $0[pattern] = expression }
        return expression
    }
}

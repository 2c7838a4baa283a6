import Foundation

/// AG News was scraped from RSS around 2005 and carries its scraper's residue: HTML entities
/// without their ampersand ("#39;", "quot;"), backslashes for line breaks, a trailing
/// "(Reuters)" on titles and a leading "AP - " on descriptions. A feed reader strips those
/// before text reaches the classifier, so the evaluation does the same.
enum AGNewsCleaning {
    private static let entities = [("#39;", "'"), ("#36;", "$"), ("#151;", " - "), ("quot;", "\""), ("amp;", "&"),
                                   ("&lt;", "<"), ("&gt;", ">"), ("\\", " ")]

    static func headline(_ raw: String) -> String {
        var text = decoded(raw)
        if text.hasSuffix(")"), let open = text.lastIndex(of: "("), text.distance(from: open, to: text.endIndex) <= 24 {
            text = String(text[..<open])
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    static func description(_ raw: String) -> String {
        var text = decoded(raw)
        for marker in [" -- ", " - "] {
            if let range = text.range(of: marker), text.distance(from: text.startIndex, to: range.lowerBound) <= 40 {
                text = String(text[range.upperBound...])
                break
            }
        }
        return withoutTags(text).trimmingCharacters(in: .whitespaces)
    }

    private static func decoded(_ raw: String) -> String {
        entities.reduce(raw) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    private static func withoutTags(_ text: String) -> String {
        text.replacingOccurrences(of: "<[^>]{0,40}>", with: " ", options: .regularExpression)
    }
}

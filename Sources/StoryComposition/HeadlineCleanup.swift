import Foundation
import NewsText

/// Removes what outlets wrap around a headline: their own name (" - Reuters", " | BBC News"),
/// and the labels and desk slugs in front (`NewsText.HeadlineLabels`: "BREAKING:", "Soccer-").
public enum HeadlineCleanup {
    private static let suffixSeparators = [" - ", " | ", " \u{2014} ", " \u{2013} ", " :: "]

    /// A report's headline as its story's timeline shows it: without its outlet's name after a
    /// dash or bar, its labels and desk slugs, and not shouting (`HeadlineCasing.calmed`, cased
    /// from the report's own `body`, read only then). The article itself keeps the feed's headline.
    public static func forTimeline(_ headline: String, sourceName: String, sourceKey: String,
                                   body: () throws -> String) rethrows -> String {
        let cleaned = clean(headline, sourceName: sourceName, sourceKey: sourceKey, authority: nil)
        guard !cleaned.isEmpty else { return headline }
        guard HeadlineCasing.needsCalming(cleaned) else { return cleaned }
        let forms = HeadlineCasing.preferredForms([try body()])
        return HeadlineCasing.calmed(cleaned, forms: forms)
    }

    /// `authority`: any outlet of the table named after a dash is stripped too; nil, only this outlet.
    static func clean(_ headline: String, sourceName: String, sourceKey: String, authority: SourceAuthority?) -> String {
        var text = headline.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        text = strippingOutletSuffix(text, sourceName: sourceName, sourceKey: sourceKey, authority: authority)
        return HeadlineLabels.stripping(text)
    }

    /// Strips the last " - X" when X names this outlet or any outlet in the authority table.
    /// Anything else after a dash ("Kenya - the vote explained") is part of the headline.
    static func strippingOutletSuffix(_ headline: String, sourceName: String, sourceKey: String,
                                      authority: SourceAuthority?) -> String {
        var cut: Range<String.Index>?
        for separator in suffixSeparators {
            if let found = headline.range(of: separator, options: .backwards),
               found.lowerBound > (cut?.lowerBound ?? headline.startIndex) {
                cut = found
            }
        }
        guard let separator = cut, separator.lowerBound > headline.startIndex else { return headline }
        let suffix = String(headline[separator.upperBound...]).trimmingCharacters(in: .whitespaces)
        guard isOutletName(suffix, sourceName: sourceName, sourceKey: sourceKey, authority: authority) else {
            return headline
        }
        return String(headline[..<separator.lowerBound]).trimmingCharacters(in: .whitespaces)
    }

    private static func isOutletName(_ suffix: String, sourceName: String, sourceKey: String,
                                     authority: SourceAuthority?) -> Bool {
        let name = SourceAuthority.normalizedName(suffix)
        guard !name.isEmpty, name.split(separator: " ").count <= 5 else { return false }
        let own = SourceAuthority.normalizedName(sourceName)
        if !own.isEmpty && (name == own || own.hasPrefix(name + " ") || name.hasPrefix(own + " ")) { return true }
        let hostWords = SourceAuthority.normalizedHost(sourceKey).split(separator: ".").map(String.init)
        if hostWords.contains(name.replacingOccurrences(of: " ", with: "")) { return true }
        return authority?.knowsOutlet(named: suffix) ?? false
    }
}

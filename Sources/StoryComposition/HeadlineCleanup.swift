import Foundation

/// Removes what outlets wrap around a headline: their own name (" - Reuters", " | BBC News"),
/// labels such as "BREAKING:" that describe the item rather than the event, and the desk slugs
/// wire agencies put in front ("Soccer-Villa beat Liverpool", "Athletics-Kenya's Korir wins").
enum HeadlineCleanup {
    private static let labels = [
        "breaking news:", "breaking:", "just in:", "update:", "updated:", "live:", "live updates:", "watch:",
        "video:", "exclusive:", "developing:", "analysis:",
    ]

    /// Desk slugs written "Desk-Headline", capital after the hyphen. A list, not a pattern:
    /// "Coca-Cola beats forecasts" is a headline, not a slug.
    private static let deskSlugs: Set<String> = [
        "soccer", "football", "athletics", "tennis", "cricket", "golf", "rugby", "cycling", "boxing", "basketball",
        "baseball", "olympics", "motor racing", "formula one", "update 1", "update 2", "update 3", "factbox", "explainer",
    ]

    private static let suffixSeparators = [" - ", " | ", " \u{2014} ", " \u{2013} ", " :: "]

    static func clean(_ headline: String, sourceName: String, sourceKey: String, authority: SourceAuthority) -> String {
        var text = headline.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        text = strippingOutletSuffix(text, sourceName: sourceName, sourceKey: sourceKey, authority: authority)
        let lowered = text.lowercased()
        if let label = labels.first(where: lowered.hasPrefix) {
            text = String(text.dropFirst(label.count)).trimmingCharacters(in: .whitespaces)
        }
        return strippingDeskSlug(text)
    }

    static func strippingDeskSlug(_ headline: String) -> String {
        guard let hyphen = headline.firstIndex(of: "-"), deskSlugs.contains(headline[..<hyphen].lowercased()) else { return headline }
        let rest = headline[headline.index(after: hyphen)...]
        guard let first = rest.first, first.isUppercase else { return headline }
        return String(rest)
    }

    /// Strips the last " - X" when X names this outlet or any outlet in the authority table.
    /// Anything else after a dash ("Kenya - the vote explained") is part of the headline.
    static func strippingOutletSuffix(_ headline: String, sourceName: String, sourceKey: String,
                                      authority: SourceAuthority) -> String {
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
                                     authority: SourceAuthority) -> Bool {
        let name = SourceAuthority.normalizedName(suffix)
        guard !name.isEmpty, name.split(separator: " ").count <= 5 else { return false }
        let own = SourceAuthority.normalizedName(sourceName)
        if !own.isEmpty && (name == own || own.hasPrefix(name + " ") || name.hasPrefix(own + " ")) { return true }
        let hostWords = SourceAuthority.normalizedHost(sourceKey).split(separator: ".").map(String.init)
        if hostWords.contains(name.replacingOccurrences(of: " ", with: "")) { return true }
        return authority.knowsOutlet(named: suffix)
    }
}

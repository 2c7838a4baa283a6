import Foundation

/// Text that feeds wrap around the news itself: datelines, bylines, "Read more" links,
/// truncation markers and syndication footers. None of it belongs in a summary.
public enum FeedBoilerplate {
    /// Lowercased openings of sentences that are navigation, credits or promotion.
    private static let prefixes = WordClasses.shared.entries(.boilerplateOpening)

    /// Lowercased fragments that mark a sentence as boilerplate wherever they appear.
    private static let fragments = WordClasses.shared.entries(.boilerplateFragment)

    static func isBoilerplate(_ sentence: String) -> Bool {
        let lowered = sentence.lowercased()
        if prefixes.contains(where: lowered.hasPrefix) { return true }
        if fragments.contains(where: lowered.containsBytes) { return true }
        let bare = lowered.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        return bare == "more" || bare == "read more" || bare == "continue"
    }

    /// "By Jane Doe", "By Jane Doe and John Roe, Reuters", "By Jane Doe in London", "By Jane Doe,
    /// West Africa correspondent": a name list, no verb. A sentence that merely starts with "By"
    /// ("By Monday, the army had ...") has other lowercase words and is kept.
    static func isByline(_ sentence: String) -> Bool {
        guard sentence.hasPrefix("By ") else { return false }
        let words = sentence.dropFirst(3).split(whereSeparator: { $0 == " " || $0 == "," || $0 == "|" })
        guard !words.isEmpty, words.count <= 10 else { return false }
        return words.allSatisfy { word in
            bylineWords.contains(String(word)) || word.first.map { $0.isUppercase } == true
        }
    }

    private static let bylineWords: Set<String> = WordClass.bylineWord.forms

    /// A photo caption: a block ending with its credit ("Rescuers search the pits on Monday.
    /// Photograph: Sahel Sentinel", "… (Photo: AFP)"). Its sentences describe a picture the
    /// plain text no longer shows, so none of them is the news.
    /// Only a short block is a caption (`captionWordLimit`): a one-line feed description ending in
    /// "(Photo: AFP)" is the report itself, and losing it would lose the report.
    static func isCaption(_ block: String) -> Bool {
        guard block.split(separator: " ").count <= captionWordLimit else { return false }
        let range = NSRange(block.startIndex..., in: block)
        return [creditAfterColon, creditByName].contains { $0.firstMatch(in: block, range: range) != nil }
    }

    static let captionWordLimit = 25

    /// "Photograph: Sahel Sentinel", "(Photo: AFP)", "Image: Getty" ending the block, the credit
    /// word opening a sentence or a parenthesis ("…restore its image: a rebrand is due." is prose).
    private static let creditAfterColon = try! NSRegularExpression(
        pattern: #"(?:^|[.!?]\s+|\()(?:Photograph|Photo|Picture|Image|Illustration|Photo credit|Credit)s?\s*:\s*[^.:;]{1,60}[.)]?\s*$"#)

    /// "Picture by Jean Ouedraogo": a name must follow, so "rebuilt its image by cutting costs." is no credit.
    private static let creditByName = try! NSRegularExpression(
        pattern: #"(?:^|[.!?]\s+|\()(?:Photograph|Photo|Picture|Image)s?\s+by\s+\p{Lu}[^.:;]{0,60}[.)]?\s*$"#)

    /// "[…]", "[...]" and "(...)" mean the excerpt was cut; written as a plain ellipsis they are
    /// caught by the rule that drops sentences ending in one.
    static func normalizingTruncationMarkers(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5B || $0 == 0x28 }) else { return text }
        var result = text
        for marker in ["[\u{2026}]", "[...]", "(...)", "(\u{2026})"] {
            result = result.replacingOccurrences(of: marker, with: "...")
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    /// The report without its wire furniture: the leading dateline ("BRUSSELS, Nov 29 (Reuters) -")
    /// and credit lines ("(Reporting by …; Editing by …)"). Every report of one outlet carries
    /// them, so left in they make an outlet's unrelated stories look alike (and the outlet's own
    /// name look like the subject).
    public static func removingWireFurniture(_ text: String) -> String {
        let withoutDateline = strippingDateline(text)
        guard withoutDateline.utf8.contains(0x28) else { return withoutDateline }
        let range = NSRange(withoutDateline.startIndex..., in: withoutDateline)
        return creditLine.stringByReplacingMatches(in: withoutDateline, range: range, withTemplate: "")
    }

    private static let creditLine = try! NSRegularExpression(
        pattern: #"\((?:additional )?(?:reporting|writing|editing|compiled|produced)\s+by\b[^)]*\)"#, options: [.caseInsensitive])

    /// Removes a leading dateline: "LONDON (Reuters) -", "NAIROBI, Kenya —", "(AP) —",
    /// "WASHINGTON, May 3 --" (`datelineDash`).
    static func strippingDateline(_ block: String) -> String {
        guard let dash = datelineDash(block) else { return block }
        return String(block[dash.upperBound...]).trimmingCharacters(in: .whitespaces)
    }

    /// The leading dateline of a report without its dash ("VIENNA (Reuters)", "NAIROBI, Kenya"): where
    /// the report was filed, which is where its event happens unless the text says otherwise; nil when
    /// the text opens with none.
    public static func dateline(_ text: String) -> String? {
        guard let dash = datelineDash(text) else { return nil }
        return text[..<dash.lowerBound].trimmingCharacters(in: .whitespaces)
    }

    /// The dash that ends a leading dateline. Only a short prefix before a spaced dash qualifies, and
    /// only if it carries an agency credit in parentheses or opens with a capitalised place name in capitals.
    private static func datelineDash(_ block: String) -> Range<String.Index>? {
        let dashes = [" - ", " \u{2013} ", " \u{2014} ", " -- ", "\u{2014}"]
        var earliest: Range<String.Index>?
        for dash in dashes {
            if let found = block.firstByteRange(of: dash), found.lowerBound < (earliest?.lowerBound ?? block.endIndex) {
                earliest = found
            }
        }
        guard let dash = earliest, block.distance(from: block.startIndex, to: dash.lowerBound) <= 80 else { return nil }
        let prefix = block[..<dash.lowerBound].trimmingCharacters(in: .whitespaces)
        let words = prefix.split(separator: " ")
        guard !words.isEmpty, words.count <= 10 else { return nil }
        let hasCredit = prefix.hasSuffix(")") && prefix.split(separator: "(").last.map { credit in
            credit.first?.isUppercase == true && credit.split(separator: " ").count <= 3
        } == true
        let firstWord = words[0].filter(\.isLetter)
        let opensWithCapitalPlace = firstWord.count >= 3 && firstWord.allSatisfy(\.isUppercase)
            && words.allSatisfy { $0.first?.isUppercase == true || $0.first?.isNumber == true }
        return hasCredit || opensWithCapitalPlace ? dash : nil
    }
}

/// What outlets put in front of a headline that says what kind of item it is, not what happened:
/// labels ("BREAKING:", "Exclusive:"), a kicker shouted before a colon ("RATE SHOCK: Kenya's central
/// bank lifts…"), sections set off by a bar ("BUSINESS | Central Bank cuts…",
/// and a site name after one: "… | Daily Star") and the desk slugs wire agencies use ("Soccer-Villa
/// beat Liverpool", "Athletics-Kenya's Korir wins", also with a colon: "Soccer: Keita late winner…").
/// The composer drops them from the story's headline; the clusterer from the text it compares ("BREAKING" is no name two reports share).
public enum HeadlineLabels {
    static let labels = WordClasses.shared.entries(.headlineLabel)

    /// Desk slugs written "Desk-Headline", capital after the hyphen. A list, not a pattern:
    /// "Coca-Cola beats forecasts" is a headline, not a slug.
    static let deskSlugs: Set<String> = WordClass.deskSlug.forms

    /// `headline` without sections set off by a bar, a leading label, a shouted kicker, then a leading desk slug.
    public static func stripping(_ headline: String) -> String {
        var text = withoutBarredSections(headline)
        if let label = labels.first(where: { text.lowercased().hasPrefix($0) }) {
            text = text.dropFirst(label.count).drop(while: { $0 == " " })
        }
        if let kicker = shoutedKicker(of: text) {
            text = text[kicker.endIndex...].dropFirst().drop(while: { $0 == " " })
        }
        if let hyphen = text.firstIndex(of: "-"), deskSlugs.contains(text[..<hyphen].lowercased()),
           let first = text[text.index(after: hyphen)...].first, first.isUppercase {
            text = text[text.index(after: hyphen)...]
        }
        // "Soccer: Keita late winner…", "Cricket: Marufu's 88…".
        if let colon = text.firstIndex(of: ":"), deskSlugs.contains(text[..<colon].lowercased()) {
            let rest = text[text.index(after: colon)...].drop(while: { $0 == " " })
            if rest.first?.isUppercase == true { text = rest }
        }
        return String(text)
    }

    /// What a headline shouts before ": " when the rest is not shouted ("RATE SHOCK: Kenya's central
    /// bank lifts…", "GOLD PIT HELL: Dozens buried alive…"): a label the outlet puts on the report, not
    /// what happened, so it names no actor and heads no story. Shouting is `Shouting.isAllCaps`, so an
    /// acronym before a colon stays ("UK: Inflation falls…", "IMF: …"), and so does a kicker that is a
    /// place ("SOUTH AFRICA: Rand slides…"): both say what the report is about.
    public static func shoutedKicker<Text: StringProtocol>(of headline: Text) -> Text.SubSequence? {
        guard let colon = headline.firstByteRange(of: ": ")?.lowerBound else { return nil }
        let kicker = headline[..<colon]
        guard Shouting.isAllCaps(kicker), headline[colon...].contains(where: \.isLowercase) else { return nil }
        let tokens = Tokenizer.tokens(String(kicker))
        let place = AfricaGazetteer.mentions(in: tokens)
        guard !(place.count == 1 && place[0].tokenCount == tokens.count) else { return nil }
        return kicker
    }

    /// Of the parts of "Section | Headline | Site" the one with the most words: the headline.
    private static func withoutBarredSections(_ headline: String) -> Substring {
        let parts = headline.split(separator: " | ", omittingEmptySubsequences: true)
        guard parts.count > 1 else { return Substring(headline) }
        let wordCount = { (part: Substring) in part.split(separator: " ").count }
        return parts.max { wordCount($0) < wordCount($1) }.map { $0.drop(while: { $0 == " " }) } ?? Substring(headline)
    }
}

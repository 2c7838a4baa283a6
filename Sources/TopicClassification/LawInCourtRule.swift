import NewsText

extension SubjectRule {
    /// A court striking down or upholding a law is politics, whatever the law is about, unless the
    /// model is all but sure of finance or tech.
    ///
    /// Why a rule and not only data: the laws courts rule on are mostly about money or work (a tax
    /// reform, an employment law for app drivers), and the labels file money under finance, so the
    /// model reads "Colombia's top court strikes down 2025 tax reform" and "Brazil's Supreme Court
    /// strikes down app drivers' employment law" as finance. A court's
    /// ruling on a company ("EU court upholds Google fine") names no law and is left to the model.
    public static let lawInCourt = SubjectRule(
        name: "LawInCourtRule", moves: [.finance, .tech], strongEvidence: 0.99, desk: .politics,
        matches: LawInCourt.isReported)
}

/// The test of `SubjectRule.lawInCourt`: a headline names a court, a ruling on something
/// ("strikes down", "upholds", "annuls", "voids", "overturns", "rules against") and a law ("law",
/// "reform", "decree", "unconstitutional"…).
public enum LawInCourt {
    static let courts: Set<String> = ["court", "courts", "judges", "justices", "tribunal"]
    static let rulings: Set<String> = [
        "strikes", "struck", "upholds", "upheld", "annuls", "annulled", "voids", "voided", "overturns", "overturned",
        "quashes", "quashed", "invalidates", "invalidated", "rules", "ruled", "suspends", "suspended", "backs", "backed",
    ]
    /// Not "act" (a regulation applied to a company: "Court rules Apple breached Digital Markets Act") nor
    /// "constitutional" (the court's own name: "Constitutional Court upholds fine").
    static let laws: Set<String> = [
        "law", "laws", "reform", "reforms", "decree", "decrees", "constitution", "unconstitutional", "amendment",
        "ordinance", "statute", "legislation",
    ]

    /// True when a headline of the story says a court ruled on a law.
    public static func isReported(_ texts: [StoryText]) -> Bool {
        texts.contains { text in
            let words = Set(Tokenizer.words(text.headline))
            return !words.isDisjoint(with: courts) && !words.isDisjoint(with: rulings) && !words.isDisjoint(with: laws)
        }
    }
}

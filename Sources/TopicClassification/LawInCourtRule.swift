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

/// The test of `SubjectRule.lawInCourt`: a headline names a court (`WordClass.court`), a ruling on
/// something ("strikes down", "upholds", "annuls", "voids", "overturns", "rules against": `strike`,
/// `upholding`, `voiding`, `courtRules`) and a law (`law`: "law", "reform", "decree", "unconstitutional"…).
public enum LawInCourt {
    static let rulings: [WordClass] = [.strike, .upholding, .voiding, .courtRules]

    /// True when a headline of the story says a court ruled on a law.
    public static func isReported(_ texts: [StoryText]) -> Bool {
        texts.contains { text in
            let words = Set(Tokenizer.words(text.headline)).map { (word: $0, stem: Stemmer.stem($0)) }
            func names(_ wordClasses: [WordClass]) -> Bool {
                words.contains { word in wordClasses.contains { $0.contains(word.word, stem: word.stem) } }
            }
            return names([.court]) && names(rulings) && names([.law])
        }
    }
}

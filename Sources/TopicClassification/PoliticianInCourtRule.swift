import NewsText

extension SubjectRule {
    /// A politician convicted, sentenced or charged is politics, whatever the case is about, unless
    /// the model is all but sure of finance or tech.
    ///
    /// Why a rule and not only data: such cases are usually about money (bribes, embezzlement,
    /// licences), and the labels file money under finance, so "Former East Timor fisheries minister
    /// jailed for corruption" reads as finance to the model. A case against a company
    /// or its boss is left to the model: a chief executive is no politician.
    public static let politicianInCourt = SubjectRule(
        name: "PoliticianInCourtRule", moves: [.finance, .tech], strongEvidence: 0.99, desk: .politics,
        matches: PoliticianInCourt.isReported)
}

/// The test of `SubjectRule.politicianInCourt`: a headline names an office-holder and, right
/// beside it, a court's decision or charge against them ("minister jailed", "ex-president
/// convicted", "court jails former governor", "senator indicted").
///
/// The office is `WordClass.stateOffice`, or `sharedOffice` (offices that companies and banks have
/// too: after a name that is no place, "Samsung president" or "Fed governor" is no politician), or an
/// official the state's (`stateOfficial`: "Mexican ex-security official sentenced…" for embezzling
/// police funds reads as finance otherwise). The decision is `conviction` on either side ("minister
/// jailed", "jury convicts senator"), or `chargedOrSentenced` after the office only (as nouns they sit
/// before an office too: "standing charges, minister says"). `beforeOffice` words stand between the
/// court's verb and the office ("jails former fisheries minister"). An office's word that opens an
/// `officeLookalike` name ("Premier League club owner charged") is no office.
public enum PoliticianInCourt {
    /// The office-holder's side: "minister jailed", "ex-president convicted".
    static func isDecided(_ word: String) -> Bool {
        WordClass.conviction.contains(word) || WordClass.chargedOrSentenced.contains(word)
    }

    /// True when a headline of the story says an office-holder was convicted, sentenced or charged.
    public static func isReported(_ texts: [StoryText]) -> Bool {
        texts.contains { says(Tokenizer.tokens($0.headline)) }
    }

    static func says(_ tokens: [Tokenizer.Token]) -> Bool {
        let words = tokens.map(\.normalized)
        func isOffice(_ position: Int) -> Bool {
            guard position >= 0, position < words.count else { return false }
            // "ex-security official", "state official": an official of the state, not of a company.
            if words[position] == "official", position > 0, WordClass.stateOfficial.contains(words[position - 1]) { return true }
            let shared = WordClass.sharedOffice.contains(words[position])
            guard shared || WordClass.stateOffice.contains(words[position]) else { return false }
            if WordClass.officeLookalike.opens(at: position, in: words) { return false }
            guard shared, position > 0 else { return true }
            let before = tokens[position - 1]
            return !before.isCapitalized || WordClass.beforeOffice.contains(before.normalized)
                || !AfricaGazetteer.mentions(in: [before]).isEmpty
        }
        for (index, word) in words.enumerated() {
            // The office, then at most three words of a name: "ex-president Kabore convicted".
            if isDecided(word) {
                let name = tokens[..<index].reversed().prefix(3).prefix(while: \.isCapitalized).count
                if (0 ... name).contains(where: { isOffice(index - 1 - $0) }) { return true }
            }
            // After the verb, past "former" and the like: the office, or a portfolio and the office.
            if WordClass.conviction.contains(word) {
                let start = words[(index + 1)...].firstIndex { !WordClass.beforeOffice.contains($0) } ?? words.count
                if isOffice(start) || isOffice(start + 1) { return true }
            }
        }
        return false
    }
}

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
public enum PoliticianInCourt {
    static let offices: Set<String> = [
        "minister", "exminister", "president", "expresident", "premier", "governor", "exgovernor", "senator",
        "lawmaker", "mp", "mayor", "legislator", "congressman", "congresswoman", "speaker",
    ]
    /// What makes an "official" the state's ("Mexican ex-security official sentenced…" for embezzling
    /// police funds reads as finance otherwise), as `Tokenizer` writes them ("ex-security" is "exsecurity").
    static let stateOfficials: Set<String> = [
        "government", "state", "security", "exsecurity", "police", "expolice", "party", "customs", "municipal", "federal",
        "ministry", "election", "electoral", "regional", "provincial", "county", "city", "defence", "defense",
    ]
    /// The office-holder's side: "minister jailed", "ex-president convicted".
    static let decided: Set<String> = [
        "jailed", "convicted", "sentenced", "acquitted", "indicted", "charged", "imprisoned",
    ]
    /// The court's side, before the office: "court jails former minister", "jury convicts senator".
    /// ("charges" and "sentences" are left out: as nouns they sit before an office too — "standing
    /// charges, minister says".)
    static let deciding: Set<String> = ["jails", "jail", "convicts", "acquits", "indicts"]
    /// Words between the court's verb and the office: "jails former fisheries minister".
    private static let beforeOffice: Set<String> = ["former", "ex", "the", "a", "deputy", "vice", "prime"]
    /// Offices that companies and banks have too: after a name that is no place, "Samsung president"
    /// or "Fed governor" is no politician.
    private static let sharedWithCompanies: Set<String> = ["president", "expresident", "governor", "exgovernor"]

    /// True when a headline of the story says an office-holder was convicted, sentenced or charged.
    public static func isReported(_ texts: [StoryText]) -> Bool {
        texts.contains { says(Tokenizer.tokens($0.headline)) }
    }

    static func says(_ tokens: [Tokenizer.Token]) -> Bool {
        let words = tokens.map(\.normalized)
        func isOffice(_ position: Int) -> Bool {
            guard position >= 0, position < words.count else { return false }
            // "ex-security official", "state official": an official of the state, not of a company.
            if words[position] == "official", position > 0, stateOfficials.contains(words[position - 1]) { return true }
            guard offices.contains(words[position]) else { return false }
            if words[position] == "premier", position + 1 < words.count, words[position + 1] == "league" { return false }
            guard sharedWithCompanies.contains(words[position]), position > 0 else { return true }
            let before = tokens[position - 1]
            return !before.isCapitalized || beforeOffice.contains(before.normalized) || !AfricaGazetteer.mentions(in: [before]).isEmpty
        }
        for (index, word) in words.enumerated() {
            // The office, then at most three words of a name: "ex-president Kabore convicted".
            if decided.contains(word) {
                let name = tokens[..<index].reversed().prefix(3).prefix(while: \.isCapitalized).count
                if (0 ... name).contains(where: { isOffice(index - 1 - $0) }) { return true }
            }
            // After the verb, past "former" and the like: the office, or a portfolio and the office.
            if deciding.contains(word) {
                let start = words[(index + 1)...].firstIndex { !beforeOffice.contains($0) } ?? words.count
                if isOffice(start) || isOffice(start + 1) { return true }
            }
        }
        return false
    }
}

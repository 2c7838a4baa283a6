import NewsText

/// What a sentence says a legislature did with a bill or a vote: passed it ("the Senate approved",
/// "MPs backed", "voted in favour") or not ("the vote was postponed", "senators rejected", "put
/// off"). A summary must not tell both of one legislature (`StatedFacts`).
package enum VoteOutcome {
    /// The legislature the sentence names (its first word of `bodies`) and whether the vote passed;
    /// nil when it names none, or no outcome, or both kinds.
    static func outcome(in words: [FactWords.Word]) -> (body: String, passed: Bool)? {
        let lowered = words.map(\.lowered)
        // The legislature: a member word ("senators"), or a house written as a name ("the Senate", not
        // "the house was destroyed", "chamber of commerce" or "sheriff's deputies").
        guard let position = lowered.indices.first(where: { index in
            bodies.contains(lowered[index]) && (!namedBodies.contains(lowered[index]) || words[index].isCapitalized)
        }) else { return nil }
        // Its outcome: a verb within the eight words after it ("the Senate approved", "A vote in Uruguay's
        // Senate on exporting recreational cannabis was postponed").
        let window = Array(lowered[(position + 1) ..< min(position + 9, lowered.count)])
        let passes = window.contains(where: WordClass.votePassed.contains) || WordClass.votePassedPhrase.occurs(in: window)
        let stalls = window.contains(where: WordClass.voteStalled.contains) || WordClass.voteStalledPhrase.occurs(in: window)
        guard passes != stalls else { return nil }
        return (body: bodyKey(lowered[position]), passed: passes)
    }

    /// Houses whose name is also an ordinary word: counted only with a capital. Not "parliament": a
    /// "Portugal's parliament has approved the 2027 state budget" is a vote.
    private static let namedBodies: Set<String> = WordClass.namedLegislature.forms

    private static let bodies: Set<String> = WordClass.legislature.forms

    /// Whether two sentences' houses may be one: the same, or either named only generically ("parliament",
    /// "lawmakers"): a summary tells "Portugal's Assembly of the Republic approved the budget" and
    /// "Portugal's parliament has approved the 2027 state budget" once. A Senate and a House stay two.
    static func sameBody(_ first: String, _ second: String) -> Bool {
        first == second || genericBodies.contains(first) || genericBodies.contains(second)
    }
    private static let genericBodies: Set<String> = WordClass.genericLegislature.forms

    /// Members and their house are one body: "senators" voted in "the Senate".
    private static func bodyKey(_ word: String) -> String {
        switch word {
        case "senators": return "senate"
        case "mps", "parliament's": return "parliament"
        case "lawmakers", "legislators": return "legislature"
        default: return word
        }
    }

    /// Whether `word` is one any report of a vote uses (its house, its outcome, "voted", "bill"): no sign
    /// that two sentences tell one bill's vote.
    static func isWordOfAnyVote(_ word: String) -> Bool {
        if bodies.contains(word) { return true }
        let stem = Stemmer.stem(word)
        return [WordClass.votePassed, .voteStalled, .voteWord].contains { $0.contains(word, stem: stem) }
    }
}

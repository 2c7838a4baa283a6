/// What a sentence says a court did with the law, ban, conviction or election before it: upheld it
/// ("the Constitutional Court upheld the 2025 tax reform") or voided it ("struck down", "annulled",
/// "overturned", "ruled it unconstitutional"). One court ruling told as "upheld" by one outlet and
/// "struck down" by two must give a conflict line, not a summary telling both or a consensus
/// crediting the "upheld" sentence to an outlet that wrote "struck down". `Conflict` compares
/// outlets' rulings, `StatedFacts` keeps a summary to one, `Consensus` credits a ruling only to outlets
/// that state it, and a headline of a disputed ruling takes no side (`Dispute`).
package enum CourtRuling: String, Sendable {
    case upheld, voided

    /// The one outcome the sentence states, or nil: none, both ("overturned the lower court and
    /// upheld the ban"), or only of a challenge or an earlier ruling (an appeal "upheld" voids what
    /// it appealed; "overturned a lower court's ruling" may restore a law), which says nothing
    /// plain about the law. `courtNamed`: the sentence must name a court or its judges (a summary's or
    /// consensus line's sentence); a headline of a court story may leave it out ("Tax law voided").
    package static func outcome(in words: [FactWords.Word], courtNamed: Bool = true) -> CourtRuling? {
        if courtNamed, !words.contains(where: { $0.isIn(.court) }) { return nil }
        var found = Set<CourtRuling>()
        for index in words.indices {
            guard let outcome = outcome(at: index, words) else { continue }
            // Its object or subject: "upheld the appeal", "the appeal was upheld"; not "In a 5-4 decision, the court…".
            let window = words[max(0, index - 3) ..< min(words.count, index + 6)]
            if window.contains(where: { $0.isIn(.decidedMatter) }) { continue }
            found.insert(outcome)
        }
        return found.count == 1 ? found.first : nil
    }

    private static func outcome(at index: Int, _ words: [FactWords.Word]) -> CourtRuling? {
        let word = words[index]
        if word.isIn(.upholding) { return .upheld }
        if word.isIn(.voiding) { return .voided }
        // "struck down", "strikes the law down".
        if word.isIn(.strike), words[(index + 1) ..< min(words.count, index + 4)].contains(where: { $0.lowered == "down" }) {
            return .voided
        }
        return nil
    }
}

import NewsText

/// Labels for figures that belong to a named subject: a candidate's vote share ("took 52.3% of
/// the vote"), a stake ("a 20% stake"), a count of customers, homes or jobs ("1.9 million
/// customers"), an amount of money tied to a noun ("$1.62 trillion spending bill", "$78.42 a
/// barrel", "revenue of $8.9 billion"). `Conflict` compares them only between sentences that name the same subject.
enum SubjectFigures {
    /// What a count must be of for outlets to be counting the same thing. Deliberately concrete:
    /// "12 people" is here only because `Conflict` also requires the same subject and wording.
    static let countNouns: Set<String> = [
        "customers", "clients", "accounts", "users", "subscribers", "members", "households", "homes", "houses",
        "buildings", "jobs", "workers", "employees", "staff", "residents", "voters", "students", "patients",
        "passengers", "families", "people", "refugees", "merchants", "farmers", "shares", "strikers", "miners",
        "teachers", "nurses", "doctors",
    ]

    /// A count noun, or a compound of "workers" ("dockworkers", "steelworkers").
    static func isCountNoun(_ word: String) -> Bool {
        countNouns.contains(word) || (word.hasSuffix("workers") && word.count > "workers".count + 2)
    }

    /// Verbs that, before a percentage in a story about a vote, make it someone's share of it.
    private static let voteVerbs: Set<String> = [
        "won", "wins", "winning", "polled", "polling", "took", "takes", "taking", "secured", "securing", "garnered",
        "received", "obtained", "got", "came", "scored",
    ]

    private static let multipliers: [String: Double] = [
        "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "bn": 1e9, "mn": 1e6,
    ]

    /// "1.9 million": the multiplier word after a number, if any.
    static func scale(after index: Int, in words: [FactWords.Word]) -> (factor: Double, word: String?) {
        guard index + 1 < words.count, !words[index].endsClause,
              let factor = multipliers[words[index + 1].lowered] else { return (1, nil) }
        return (factor, words[index + 1].text)
    }

    static func label(_ index: Int, in words: [FactWords.Word], electionContext: Bool) -> (NumericFacts.Kind, String)? {
        let word = words[index]
        let after = index + (scale(after: index, in: words).word == nil ? 1 : 2)
        if word.isPercent || nextIs(["percent"], after, words)
            || (nextIs(["per"], after, words) && nextIs(["cent"], after + 1, words)) {
            return percentage(index, in: words, electionContext: electionContext)
        }
        if word.isMoney { return (moneyNoun(before: index, in: words) ?? moneyNoun(from: after, in: words)).map { (.money, $0) } }
        return countNoun(from: after, in: words, closedAt: words[after - 1].endsClause).map { (.count, $0) }
    }

    /// A vote share ("52.3 per cent of valid votes", "polled 45.9%") or a stake ("a 20% stake").
    private static func percentage(_ index: Int, in words: [FactWords.Word], electionContext: Bool) -> (NumericFacts.Kind, String)? {
        let followingStart = index + (words[index].isPercent ? 1 : words[index + 1].lowered == "per" ? 3 : 2)
        let following = words[min(followingStart, words.count) ..< min(followingStart + 4, words.count)].map(\.lowered)
        if following.first == "stake" || following.prefix(2) == ["equity", "stake"] || following.first == "holding" {
            return (.stake, "")
        }
        guard electionContext else { return nil }
        if following.first == "of", following.dropFirst().prefix(2).contains(where: { $0.hasPrefix("vote") || $0 == "ballots" }) {
            return (.voteShare, "")
        }
        var position = index - 1
        while position >= 0, index - position <= 6, !words[position].endsClause {
            if voteVerbs.contains(words[position].lowered) { return (.voteShare, "") }
            position -= 1
        }
        return nil
    }

    /// "$78.42 a barrel" → "barrel", "$1.62 trillion spending bill" → "spending", "$42 million in
    /// a Series B round" → "series": the word the amount is of, right after it.
    private static func moneyNoun(from start: Int, in words: [FactWords.Word]) -> String? {
        var position = start
        guard start > 0, !words[start - 1].endsClause else { return nil }
        while position < words.count, ["a", "an", "per", "in", "for"].contains(words[position].lowered),
              !words[position].endsClause {
            position += 1
        }
        guard position < words.count, words[position].number == nil, !isStopWord(words[position].lowered) else { return nil }
        return words[position].lowered
    }

    /// "revenue of $8.9 billion", "a fine of $5 million": the noun the amount is "of", just before it.
    private static func moneyNoun(before index: Int, in words: [FactWords.Word]) -> String? {
        guard index >= 2, words[index - 1].lowered == "of", !words[index - 2].endsClause, words[index - 2].number == nil,
              !isStopWord(words[index - 2].lowered) else { return nil }
        return words[index - 2].lowered
    }

    /// "1.9 million customers", "180,000 South African merchants": a count noun within two words.
    private static func countNoun(from start: Int, in words: [FactWords.Word], closedAt endsClause: Bool) -> String? {
        guard !endsClause else { return nil }
        for position in start ..< min(start + 3, words.count) {
            let word = words[position].lowered
            if isCountNoun(word) { return word }
            guard words[position].number == nil, !words[position].endsClause, !isStopWord(word) else { return nil }
        }
        return nil
    }

    private static func nextIs(_ options: Set<String>, _ position: Int, _ words: [FactWords.Word]) -> Bool {
        position < words.count && options.contains(words[position].lowered)
    }

    private static func isStopWord(_ word: String) -> Bool {
        StopWords.english.contains(word)
    }
}

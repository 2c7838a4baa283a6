import NewsText

/// Labels for figures that belong to a named subject: a candidate's vote share ("took 52.3% of
/// the vote"), a stake ("a 20% stake"), a count of customers, homes or jobs ("1.9 million
/// customers"), an amount of money tied to a noun ("$1.62 trillion spending bill", "$78.42 a
/// barrel", "revenue of $8.9 billion"). `Conflict` compares them only between sentences that name the same subject.
package enum SubjectFigures {
    /// What a count must be of for outlets to be counting the same thing. Deliberately concrete:
    /// "12 people" is here only because `Conflict` also requires the same subject and wording.
    static let countNouns: Set<String> = WordClass.countNoun.forms

    /// The count noun `word` is, if any: a compound of "workers" ("dockworkers", "steelworkers")
    /// counts workers, so "2,100 workers" and "1,200 dockworkers" are compared.
    static func countNoun(_ word: String) -> String? {
        if countNouns.contains(word) { return word }
        return word.hasSuffix("workers") && word.count > "workers".count + 2 ? "workers" : nil
    }

    static let multipliers: [String: Double] = [
        "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "bn": 1e9, "mn": 1e6, "bln": 1e9, "mln": 1e6,
        "trn": 1e12,
    ]

    /// "1.9 million": the multiplier word after a number, if any.
    package static func scale(after index: Int, in words: [FactWords.Word]) -> (factor: Double, word: String?) {
        guard index + 1 < words.count, !words[index].endsClause,
              let factor = multipliers[words[index + 1].lowered] else { return (1, nil) }
        return (factor, words[index + 1].text)
    }

    static func label(_ index: Int, in words: [FactWords.Word], electionContext: Bool) -> (NumericFacts.Kind, String)? {
        let word = words[index]
        let after = index + (scale(after: index, in: words).word == nil ? 1 : 2)
        if word.isPercent || WordClass.percentAfterNumber.opens(at: after, in: words.lazy.map(\.lowered)) {
            return percentage(index, in: words, electionContext: electionContext)
        }
        if word.isMoney {
            if let measure = moneyNoun(before: index, in: words) { return (.money, measure) }
            // "$45 a share" and "$78.42 a barrel" are prices of their noun whatever deal is near; an amount
            // naming nothing after it ("for €1.2bn including debt") is the deal's when an acquisition governs it.
            // "is paying €2.4bn for Estonia's Baltica Freight" (a deal price).
            if nextIs(["for"], after, words), words[max(0, index - 3) ..< index].contains(where: { $0.isIn(.paying) }) {
                return (.money, "deal")
            }
            let following = moneyNoun(from: after, in: words)
            if following.map({ WordClass.acquisitionDeal.contains($0) || dealConnectors.contains($0) }) ?? true, isDealPrice(index, in: words) {
                return (.money, "deal")
            }
            return following.map { (.money, WordClass.acquisitionDeal.contains($0) ? "deal" : $0) }
        }
        return countNoun(from: after, in: words, closedAt: words[after - 1].endsClause).map { (.count, $0) }
    }

    /// A vote share ("52.3 per cent of valid votes", "polled 45.9%") or a stake ("a 20% stake").
    private static func percentage(_ index: Int, in words: [FactWords.Word], electionContext: Bool) -> (NumericFacts.Kind, String)? {
        let unitLength = words[index].isPercent ? 0 : WordClass.percentAfterNumber.phraseLength(at: index + 1, in: words.lazy.map(\.lowered)) ?? 1
        let followingStart = index + 1 + unitLength
        let following = words[min(followingStart, words.count) ..< min(followingStart + 4, words.count)].map(\.lowered)
        if WordClass.stakeAfterPercentage.opens(at: 0, in: following) {
            return (.stake, "")
        }
        guard electionContext else { return nil }
        if following.first == "of", following.dropFirst().prefix(2).contains(where: WordClass.votesCounted.contains) {
            return (.voteShare, "")
        }
        var position = index - 1
        while position >= 0, index - position <= 6, !words[position].endsClause {
            if words[position].isIn(.voteShareVerb) { return (.voteShare, "") }
            position -= 1
        }
        return nil
    }

    /// Words after an amount that name nothing it is of: "for €1.2bn including debt", "$5bn in cash".
    private static let dealConnectors: Set<String> = WordClass.dealConnector.forms

    /// An amount within the twenty words after an acquisition word, past an apposition ("will buy
    /// Terminales Unidas, the operator of two terminals in Algeciras, for €1.2bn").
    private static func isDealPrice(_ index: Int, in words: [FactWords.Word]) -> Bool {
        var position = index - 1
        while position >= 0, index - position <= 20 {
            if words[position].isIn(.acquiring) || words[position].isIn(.acquisitionDeal) { return true }
            position -= 1
        }
        return false
    }

    /// "$78.42 a barrel" → "barrel", "$1.62 trillion spending bill" → "spending", "$42 million in
    /// a Series B round" → "series": the word the amount is of, right after it.
    private static func moneyNoun(from start: Int, in words: [FactWords.Word]) -> String? {
        var position = start
        guard start > 0, !words[start - 1].endsClause else { return nil }
        // The currency's name is the amount's unit, not what it is of: "1.4 billion euros, subject to…" names nothing.
        if position < words.count, FactWords.isCurrencyName(words[position]) {
            if words[position].endsClause { return nil }
            position += 1
        }
        while position < words.count, ["a", "an", "per", "in", "for"].contains(words[position].lowered), !words[position].endsClause {
            position += 1
        }
        guard position < words.count, words[position].number == nil, !isStopWord(words[position].lowered) else { return nil }
        // "$8.9bn in quarterly revenue": the measure a word or two on names the amount.
        var ahead = position
        while ahead < min(position + 3, words.count) {
            if financialMeasures.contains(words[ahead].lowered) { return words[ahead].lowered }
            if words[ahead].endsClause { break }
            ahead += 1
        }
        return words[position].lowered
    }

    /// What a company or a government reports an amount of. Outlets write them before or after
    /// the amount ("revenue of $8.9 billion", "revenue reached $9.8 billion", "$8.9bn in quarterly
    /// revenue"); each form must give the same noun for the outlets to be compared.
    package static let financialMeasures: Set<String> = WordClass.financialMeasure.forms

    /// The noun before an amount: a financial measure up to four words back in the clause
    /// ("revenue rose to $9.8 billion"), else the word the amount is "of" ("a fine of $5 million").
    private static func moneyNoun(before index: Int, in words: [FactWords.Word]) -> String? {
        var position = index - 1
        while position >= 0, index - position <= 4, !words[position].endsClause {
            let word = words[position].lowered
            if financialMeasures.contains(word) { return word }
            if word == "fined" { return "fine" }  // "fined Maplewave 45 million dollars"
            position -= 1
        }
        guard index >= 2, words[index - 1].lowered == "of", !words[index - 2].endsClause, words[index - 2].number == nil,
              !isStopWord(words[index - 2].lowered) else { return nil }
        return words[index - 2].lowered
    }

    /// "1.9 million customers", "180,000 South African merchants": a count noun within two words.
    private static func countNoun(from start: Int, in words: [FactWords.Word], closedAt endsClause: Bool) -> String? {
        guard !endsClause else { return nil }
        for position in start ..< min(start + 3, words.count) {
            let word = words[position].lowered
            if let noun = countNoun(word) { return noun }
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

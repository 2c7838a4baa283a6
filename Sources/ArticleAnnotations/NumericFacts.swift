import NewsText

/// Numbers a story's outlets can disagree on, with what each number counts: deaths, injuries,
/// arrests, cases of a disease, people trapped, an economic rate, a move in basis points, and
/// (through `SubjectFigures`) a vote share, a stake, a count of customers or homes, an amount of
/// money. Anything it cannot label confidently is ignored, because conflict detection must prefer
/// silence to a false alarm.
package enum NumericFacts {
    package enum Kind: String, Sendable, CaseIterable {
        case deaths, injuries, arrests, cases, trapped, basisPoints
        case inflation, unemployment, growth, turnout, interestRate
        case voteShare, stake, count, money

        /// Figures that only mean something attached to a named subject: a vote share is some
        /// candidate's, a count of customers some company's. `Conflict` compares them only
        /// between sentences naming the same subject.
        package var needsSubject: Bool { [.voteShare, .stake, .count, .money].contains(self) }

        /// Counts that grow while an event develops: a later, higher toll is an update
        /// (`SupersededCounts`), not a dispute. People trapped are counted so too (a summary must not
        /// tell "the 12 miners trapped" beside "Fifteen miners are trapped"); that count also
        /// falls as people are rescued, which `Conflict` minds.
        package var risesAsEventDevelops: Bool { [.deaths, .injuries, .arrests, .cases, .trapped].contains(self) }
    }

    package struct Fact: Equatable {
        package let kind: Kind
        /// What a count or an amount is of ("customers", "barrel"); empty for the other kinds.
        package let noun: String
        package let value: Double
        /// The interval the figure claims, hedges and rounding included (`FigureBounds`).
        package let bounds: ClosedRange<Double>
        /// As written, with its hedge ("12", "27.25%", "about 1.9 million").
        package let text: String
    }

    /// The kind a casualty word counts ("killed" deaths, "injured" injuries: `WordClass.deathCount`…).
    private static let casualtyClasses: [(WordClass, Kind)] = [
        (.deathCount, .deaths), (.injuryCount, .injuries), (.arrestCount, .arrests), (.outbreakCaseCount, .cases),
        (.trappedCount, .trapped),
    ]

    private static func casualtyKind(_ word: FactWords.Word) -> Kind? {
        casualtyClasses.first { word.isIn($0.0) }?.1
    }

    /// Words allowed between a number and its casualty word: "12 people were killed" (`WordClass.casualtyFiller`).
    private static let casualtyFillers: Set<String> = WordClass.casualtyFiller.forms.union(Outbreaks.diseases)

    /// The rate a word before a percentage names (`WordClass.inflationRate`…).
    private static let rateClasses: [(WordClass, Kind)] = [
        (.inflationRate, .inflation), (.unemploymentRate, .unemployment), (.growthRate, .growth), (.turnoutRate, .turnout),
        (.interestRate, .interestRate),
    ]

    private static func rateSubject(_ word: String) -> Kind? { rateClasses.first { $0.0.contains(word) }?.1 }

    /// The labelled figures of one sentence. `electionContext`: the article is about a vote, so
    /// "won 45.9%" is a vote share.
    package static func facts(in sentence: String, electionContext: Bool = false) -> [Fact] {
        facts(in: FactWords.words(of: sentence), electionContext: electionContext)
    }

    /// Of `facts`, the largest of each kind (the first of equals): of deaths, injuries and arrests,
    /// the text's toll ("21 died, five of them soldiers" states a toll of 21).
    package static func largestOfEachKind(_ facts: [Fact]) -> [Kind: Fact] {
        facts.reduce(into: [:]) { largest, fact in
            if fact.value > largest[fact.kind]?.value ?? -.infinity { largest[fact.kind] = fact }
        }
    }

    /// The same, over a sentence already split (`FactWords`), for callers that read it several ways.
    package static func facts(in words: [FactWords.Word], electionContext: Bool = false) -> [Fact] {
        var found: [Fact] = []
        for (index, word) in words.enumerated() {
            guard let value = word.number, !isYearOrDate(words, index),
                  let (hedge, hedgeText) = FigureBounds.hedge(before: index, in: words) else { continue }
            let scale = SubjectFigures.scale(after: index, in: words)
            let written = ([hedgeText, word.written] + (scale.word.map { [$0] } ?? []) + (word.currencyName.map { [$0] } ?? []))
                .filter { !$0.isEmpty }
            let labelled = kind(of: word, at: index, in: words).map { ($0, "") }
                ?? SubjectFigures.label(index, in: words, electionContext: electionContext)
            let amount = value * scale.factor
            guard let (kind, noun) = labelled,
                  let bounds = FigureBounds.bounds(value: amount, digits: word.text, hedge: hedge) else { continue }
            let isRate = !kind.risesAsEventDevelops && ![.basisPoints, .count, .money].contains(kind)
            let text = written.joined(separator: " ") + (isRate && !word.isPercent ? "%" : "")
            found.append(Fact(kind: kind, noun: noun, value: amount, bounds: bounds, text: text))
        }
        return found + ordinalTolls(in: words)
    }

    /// "A third person has died", "the fourth victim was killed": a toll given as the newest death's rank (a
    /// derailment card must not stay at "Two killed" after an outlet reports a third death).
    private static func ordinalTolls(in words: [FactWords.Word]) -> [Fact] {
        words.indices.dropFirst().compactMap { index in
            guard let rank = ordinals[words[index].lowered], ["a", "the", "another"].contains(words[index - 1].lowered),
                  casualty(after: index, in: words) == .deaths else { return nil }
            return Fact(kind: .deaths, noun: "", value: rank, bounds: rank ... rank, text: String(Int(rank)))
        }
    }

    /// Ordinals a toll is told with; `SupersededCounts` reads them as saying the toll has risen.
    package static let ordinals: [String: Double] = [
        "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
    ]

    private static func kind(of word: FactWords.Word, at index: Int, in words: [FactWords.Word]) -> NumericFacts.Kind? {
        guard !word.isMoney else { return nil }  // an amount counts no one: "have risen to $45"
        let next = index + 1 < words.count ? words[index + 1].lowered : ""
        if word.isPercent || WordClass.percentAfterNumber.opens(at: index + 1, in: words.lazy.map(\.lowered)) {
            return rateSubject(before: index, in: words)
        }
        if next == "basis", index + 2 < words.count, words[index + 2].lowered.hasPrefix("point") {
            return isPolicyRateMove(before: index, in: words) ? .basisPoints : nil
        }
        // A measurement counts no one: "killed after the typhoon struck with winds of up to 190 km/h".
        if measurementUnits.contains(next) { return nil }
        let kind = casualty(after: index, in: words) ?? tollBefore(index, in: words)
        // Cases count an outbreak's spread only in a sentence about a disease (`Outbreaks`: "46 cases of
        // cholera" gives way to a report that they rose to 58), not "12 cases of fraud".
        return kind == .cases && !words.contains(where: { Outbreaks.words.contains($0.lowered) }) ? nil : kind
    }

    /// Units after a number that make it a measurement (a typhoon's 190 km/h is no toll).
    private static let measurementUnits: Set<String> = WordClass.measurementUnit.forms

    /// Basis points of a central bank's move ("raised its benchmark rate by 50 basis points"), not
    /// of a market's ("two-year yields fell 4 basis points", "the spread widened 7 basis points"):
    /// a rate word and no market word among the ten words before, in the same clause, so a 25-point
    /// rate cut is not "contradicted" by a 4-point move in bond yields.
    private static func isPolicyRateMove(before index: Int, in words: [FactWords.Word]) -> Bool {
        var position = index - 1
        var rate = false
        while position >= 0, index - position <= 10, !words[position].endsClause {
            let word = words[position].lowered
            if words[position].isIn(.bondMarketMeasure) { return false }
            rate = rate || WordClass.interestRate.contains(word) || word == "repo" || interestQualifiers.contains(word)
            position -= 1
        }
        return rate
    }

    /// How many words after the number its casualty word may come, fillers between.
    private static let casualtyWindow = 7

    /// A casualty word right after the number, past fillers, within the clause.
    private static func casualty(after index: Int, in words: [FactWords.Word]) -> Kind? {
        var position = index
        while position + 1 < words.count, position - index < casualtyWindow, !words[position].endsClause {
            position += 1
            if let kind = casualtyKind(words[position]) { return kind }
            guard casualtyFillers.contains(words[position].lowered) else { return nil }
        }
        // "Two people, a night watchman and a trader, died": past an aside of up to six words between commas
        // (a summary must not keep that "Two" beside "has risen to four").
        guard position > index, position + 1 < words.count, words[position].endsClause,
              let close = (position + 1 ..< min(words.count - 1, position + 7)).first(where: { words[$0].endsClause }) else { return nil }
        return casualtyKind(words[close + 1])
    }

    /// "killing 12 people", "the death toll rose to 15": a toll word shortly before the number;
    /// after "to" or "at", a toll or casualty word anywhere earlier in the clause ("the death toll
    /// from Monday's failed coup has risen to 18", "the number of miners killed has risen to 27",
    /// "the toll now stands at 40").
    private static func tollBefore(_ index: Int, in words: [FactWords.Word]) -> Kind? {
        // Within the number's clause: "collide on South Sudan highway, killing 23" is a toll.
        var lead = index - 1
        while lead >= 0, index - lead <= 3, !words[lead].endsClause {
            if words[lead].isIn(.deathTollLead) { return .deaths }
            lead -= 1
        }
        guard index > 0, ["to", "at"].contains(words[index - 1].lowered) else { return nil }
        // After a verb of rising the whole clause is the toll's subject: "The number of people killed when a
        // passenger train came off the tracks near Thiès in western Senegal has risen to eleven" (not to be
        // told beside the later "killing 14 people").
        let risen = index >= 2 && words[index - 2].isIn(.countRise)
        var position = index - 2
        // After a verb of rising, past commas too: "The number of people killed in a fire at the main market in Bo,
        // Sierra Leone, has risen to four" (a rising toll, not a dispute).
        while position >= 0, index - position <= (risen ? 30 : 12), risen || !words[position].endsClause {
            if words[position].lowered == "toll" { return .deaths }
            if let kind = casualtyKind(words[position]) {
                // Past twelve words only "the number of people killed …": not "shares hurt by the pandemic … have risen to $45".
                // …unless another count comes between: "the number of registered cars … has risen to 12 million".
                let nearer = words[(position + 1) ..< index].contains { $0.lowered == "number" }
                return index - position <= 12 || (isNumberOf(before: position, in: words) && !nearer) ? kind : nil
            }
            position -= 1
        }
        return nil
    }

    /// "the number of (people) killed": a `WordClass.countOf` phrase ending within the three words before the casualty word.
    private static func isNumberOf(before position: Int, in words: [FactWords.Word]) -> Bool {
        let lowered = words.lazy.map(\.lowered)
        return (max(0, position - 3) ..< position).contains { WordClass.countOf.phraseStart(endingAt: $0, in: lowered) != nil }
    }

    /// The nearest rate word among the six words before a percentage, in the same clause.
    private static func rateSubject(before index: Int, in words: [FactWords.Word]) -> Kind? {
        var position = index - 1
        while position >= 0, index - position <= 6, !words[position].endsClause {
            if let kind = rateSubject(words[position].lowered) {
                return kind == .interestRate ? rateKind(at: position, in: words) : kind
            }
            position -= 1
        }
        return nil
    }

    /// "unemployment rate" is unemployment; "benchmark rate" an interest rate; a bare "rate"
    /// (tax rate? exchange rate?) is not labelled at all.
    private static func rateKind(at position: Int, in words: [FactWords.Word]) -> Kind? {
        let qualifiers = words[max(0, position - 3) ..< position].map(\.lowered)
        if let specific = qualifiers.reversed().compactMap(rateSubject).first(where: { $0 != .interestRate }) {
            return specific
        }
        return qualifiers.contains(where: interestQualifiers.contains) ? .interestRate : nil
    }

    private static let interestQualifiers: Set<String> = WordClass.interestQualifier.forms

    private static let months = WordClass.month.forms.union(WordClass.monthAbbreviation.forms)

    /// "in 2021", "on May 12": numbers that date the event rather than measure it.
    private static func isYearOrDate(_ words: [FactWords.Word], _ index: Int) -> Bool {
        let value = words[index].number ?? 0
        if value >= 1900, value <= 2100, value.rounded() == value, !words[index].text.contains(",") { return true }
        guard index > 0 else { return false }
        return months.contains(words[index - 1].lowered)
    }
}

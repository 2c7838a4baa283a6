import Foundation
import NewsText

/// Small text shaping for summaries: making a headline read as a sentence, shortening an
/// over-long sentence at a clause boundary rather than mid-phrase, and the figures a sentence states.
package enum SummaryText {
    /// "Kenya raises rates" → "Kenya raises rates." (a headline already ending in punctuation is kept).
    package static func asSentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = trimmed.last else { return "No summary is available yet." }
        return ".!?".contains(last) ? trimmed : trimmed + "."
    }

    /// The figures `text` states, as written digits ("195-106" gives 195 and 106, "3.8%" gives
    /// 3.8, "1,200" gives 1200) or words above ten ("Twenty-three" gives 23), leaving out digits that are part of a name ("M23", "G-20",
    /// "COVID-19", "H9") and years written plainly from 1900 to 2100, which date a fact rather
    /// than state one. A summary of three sentences has no room to state a figure twice ("by
    /// 195 votes to 106", then "voted 195-106"), and an outlet is named for a figure only if it
    /// gives that figure (`Consensus`).
    static func figures(_ text: String) -> Set<String> {
        let characters = Array(text)
        func at(_ index: Int) -> Character? { characters.indices.contains(index) ? characters[index] : nil }
        func isDigit(_ index: Int) -> Bool { at(index).map { $0.isASCII && $0.isNumber } ?? false }
        func isLetter(_ index: Int) -> Bool { at(index)?.isLetter ?? false }
        var figures: Set<String> = [], current = "", separated = false, partOfName = false, index = 0
        while index <= characters.count {
            let character = at(index)
            if isDigit(index) {
                if current.isEmpty { partOfName = isLetter(index - 1) || (at(index - 1) == "-" && isLetter(index - 2)) }
                current.append(characters[index])
            } else if character == "." || character == ",", !current.isEmpty, isDigit(index + 1) {
                separated = true
                if character == "." { current.append(".") }  // a decimal point; a thousands separator is dropped
            } else if !current.isEmpty {
                let isYear = !separated && current.count == 4 && (1900...2100).contains(Int(current) ?? 0)
                if !partOfName && !isYear { figures.insert(NumberText.withoutTrailingZeros(current)) }
                current = ""
                separated = false
            }
            index += 1
        }
        // "Twenty-three" is the figure 23; words below eleven ("one of the", "two governors") say
        // too little to count as a figure a report must carry.
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "-" }) {
            if let value = NumberWords.value(String(word.trimmingCharacters(in: CharacterSet(charactersIn: "-")))), value > 10 {
                figures.insert(String(value))
            }
        }
        return figures
    }

    /// Whether a sentence restates one already given: it repeats two of its figures, or all of
    /// its own, or one of them in the same context (another term in common: "364 deputies backed
    /// the motion" after "364 lawmakers voted to oust Lecornu over his budget" in a story whose
    /// sentences all say "no-confidence").
    package static func restates(_ figures: Set<String>, terms: Set<String>, of stated: Set<String>, statedTerms: Set<String>) -> Bool {
        let repeated = figures.intersection(stated).count
        guard repeated > 0 else { return false }
        return repeated >= 2 || repeated == figures.count || !terms.subtracting(figures).isDisjoint(with: statedTerms)
    }

    /// Whether two sentences open in one frame ("The bill now heads to the Senate, where…" and
    /// "The bill now goes to the Senate, where…"): two outlets rewording one sentence. They must
    /// begin with the same three words, and their first eight words overlap by more than half
    /// ("The police said on Monday…" and "The president said on Monday…" do not).
    package static func opensAlike(_ first: TextReading, _ second: TextReading) -> Bool {
        let openings = [first, second].map { $0.tokens.prefix(openingWords).map(\.normalized) }
        guard openings.allSatisfy({ $0.count == openingWords }), openings[0].prefix(3) == openings[1].prefix(3) else { return false }
        let sets = openings.map(Set.init)
        return Double(sets[0].intersection(sets[1]).count) / Double(min(sets[0].count, sets[1].count)) > 0.5
    }

    private static let openingWords = 8

    /// Whether a sentence opens by pointing back at something said before it: a pronoun ("It",
    /// "Its", "They") or a bare description of the story's subject ("The company", "The bill"),
    /// so it cannot open a summary.
    package static func leansOnWhatCameBefore(_ sentence: TextReading) -> Bool {
        let tokens = Array(sentence.tokens.prefix(2))
        guard let first = tokens.first?.normalized else { return false }
        if backReferences.contains(first) { return true }
        // "The bank said" points back; "The Bank of Botswana cut" names its subject.
        return first == "the" && tokens.count > 1 && !tokens[1].isCapitalized && describedSubjects.contains(tokens[1].normalized)
    }

    /// Whether a sentence opens with a pronoun ("It has been designated…", "They said…"): alone, as a
    /// consensus line's claim, it says nothing of what it is about.
    package static func opensWithPronoun(_ sentence: TextReading) -> Bool {
        sentence.tokens.first.map { backReferences.contains($0.normalized) } ?? false
    }

    /// Whether a sentence opens with a person it does not name ("He replaces the outgoing head of
    /// government…"): only the sentence before it in its own report says who that is.
    package static func opensWithUnnamedPerson(_ sentence: TextReading) -> Bool {
        guard let first = sentence.tokens.first?.normalized else { return false }
        return personalReferences.contains(first)
    }

    private static let personalReferences: Set<String> = WordClass.personalReference.forms

    private static let backReferences: Set<String> = WordClass.backReference.forms
    private static let describedSubjects: Set<String> = WordClass.describedSubject.forms

    /// The longest prefix of `text` ending at a comma, semicolon or dash that fits `limit`
    /// with a final period; nil when no clause boundary leaves a meaningful sentence.
    package static func cutAtClause(_ text: String, limit: Int) -> String? {
        let boundaries = [", ", "; ", " \u{2014} ", " - "]
        var best: String.Index?
        for boundary in boundaries {
            var searchStart = text.startIndex
            while let found = text.range(of: boundary, range: searchStart ..< text.endIndex) {
                if text.distance(from: text.startIndex, to: found.lowerBound) < limit,
                   found.lowerBound > (best ?? text.startIndex) {
                    best = found.lowerBound
                }
                searchStart = found.upperBound
            }
        }
        guard let end = best, text.distance(from: text.startIndex, to: end) >= 60 else { return nil }
        return String(text[..<end]) + "."
    }
}

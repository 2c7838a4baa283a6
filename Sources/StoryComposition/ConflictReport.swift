import Foundation
import NewsText

/// One outlet's latest article as `Conflict` reads it: its sentences (headline first), the
/// labelled figures of each, the named subjects each sentence mentions, and declared winners.
struct ConflictReport {
    struct LocatedFact {
        let fact: NumericFacts.Fact
        /// Index into `sentences`.
        let sentence: Int
    }

    let name: String
    /// The article's index in the sentence pool.
    let article: Int
    let publishedAt: Date
    let sentences: [String]
    let facts: [LocatedFact]
    /// Per sentence: its capitalised names, lowercased, possessive dropped ("ghana", "asante-mensah").
    let subjects: [Set<String>]
    /// Per sentence: its content words without numbers, to tell whether two figures are told
    /// in the same context.
    let context: [Set<String>]
    let winners: Set<String>
    let runnersUp: Set<String>

    /// Words that make a report about a vote, so that "won 45.9%" reads as a vote share.
    private static let electionWords: Set<String> = [
        "election", "elections", "presidential", "vote", "votes", "ballot", "ballots", "poll", "polls", "runoff",
        "run-off", "electoral", "referendum", "primary",
    ]

    private static let calendarWords: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march",
        "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]

    init(name: String, article: Int, publishedAt: Date, sentences: [String]) {
        self.name = name
        self.article = article
        self.publishedAt = publishedAt
        self.sentences = sentences
        let isElection = sentences.contains { !Set(Tokenizer.words($0)).isDisjoint(with: Self.electionWords) }
        facts = sentences.enumerated().flatMap { index, sentence in
            NumericFacts.facts(in: sentence, electionContext: isElection).map { LocatedFact(fact: $0, sentence: index) }
        }
        subjects = sentences.map(Self.subjects)
        context = sentences.map { Set(Tokenizer.contentWords($0).filter { word in !word.contains(where: \.isNumber) }) }
        winners = Set(sentences.flatMap(DeclaredWinners.winners))
        runnersUp = Set(sentences.flatMap(DeclaredWinners.runnersUp))
    }

    static func subjects(_ sentence: String) -> Set<String> {
        Set(FactWords(sentence).words.filter { $0.isCapitalized && $0.number == nil }.map { subjectKey($0.lowered) }
            .filter { !$0.isEmpty && !StopWords.english.contains($0) && !calendarWords.contains($0) })
    }

    static func subjectKey(_ lowered: String) -> String {
        for suffix in ["'s", "\u{2019}s"] where lowered.hasSuffix(suffix) { return String(lowered.dropLast(2)) }
        return lowered
    }

    /// Whether any sentence names a word of `name` ("Darboe" of "Ousman Darboe").
    func names(_ name: String) -> Bool {
        let parts = Set(name.lowercased().split(separator: " ").map(String.init))
        return subjects.contains { !$0.isDisjoint(with: parts) }
    }

    /// The distinct values this report gives for one fact: `kind` and `noun`, and when the kind
    /// needs a subject, only in sentences naming `subject`.
    func values(_ kind: NumericFacts.Kind, noun: String, subject: String?) -> Set<Double> {
        Set(facts.filter { located in
            located.fact.kind == kind && located.fact.noun == noun
                && (subject.map { subjects[located.sentence].contains($0) } ?? true)
        }.map(\.fact.value))
    }

    /// Whether any sentence states `value`, as written or with its multiplier ("2.4 million").
    func mentions(_ value: Double) -> Bool {
        sentences.contains { position(of: value, in: FactWords($0).words) != nil }
    }

    /// The index of the first word of `words` that states `value`, as written or with its multiplier.
    func position(of value: Double, in words: [FactWords.Word]) -> Int? {
        words.indices.first { index in
            guard let number = words[index].number else { return false }
            return number == value || number * SubjectFigures.scale(after: index, in: words).factor == value
        }
    }

    /// The capitalised name around `subject` in one sentence, as written: "Kwabena Asante-Mensah".
    func displayName(of subject: String, inSentence index: Int) -> String {
        let words = FactWords(sentences[index]).words
        guard let hit = words.firstIndex(where: { Self.subjectKey($0.lowered) == subject }) else { return subject }
        var start = hit
        while start > 0, words[start - 1].isCapitalized, !words[start - 1].endsClause,
              !StopWords.english.contains(words[start - 1].lowered) {
            start -= 1
        }
        var end = hit
        while end + 1 < words.count, words[end + 1].isCapitalized, !words[end].endsClause,
              Self.subjectKey(words[end].lowered) == words[end].lowered {
            end += 1
        }
        let text = words[start ... end].map(\.text).joined(separator: " ")
        return Self.subjectKey(text.lowercased()) == text.lowercased() ? text : String(text.dropLast(2))
    }
}

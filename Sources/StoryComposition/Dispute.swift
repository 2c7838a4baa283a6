import ArticleAnnotations
import NewsText

/// A disagreement `Conflict` found: the sentence that names it and what each side states, so that
/// the headline can stay out of it (the card of a revenue dispute, $6.3bn against $6.1bn, is not
/// headed with the $6.1bn, which would take one outlet's side above a conflict line that says the
/// figure is disputed).
struct Dispute: Equatable {
    /// "Reuters reports 12 dead while BBC News reports 15."
    let sentence: String
    /// Each side's figure, for a dispute over a number.
    let figures: [NumericFacts.Fact]
    /// Each side's name, for a dispute over who won, came second or was appointed.
    let names: [String]
    /// Each side's account of a court's ruling, for a dispute over what it did.
    let rulings: [CourtRuling]

    init(sentence: String, figures: [NumericFacts.Fact] = [], names: [String] = [], rulings: [CourtRuling] = []) {
        self.sentence = sentence
        self.figures = figures
        self.names = names
        self.rulings = rulings
    }

    /// Whether `text` states one side and not the other: a figure of the disputed kind inside
    /// exactly one side's interval ("Bus crash kills 12" in a 12-against-15 dispute), a word of
    /// exactly one side's name, or one side's account of a ruling ("Court upholds tax reform"). A
    /// text stating both sides, or neither, takes none.
    func isSideTaken(by text: TextReading) -> Bool {
        let sides: [Bool]
        if !figures.isEmpty {
            // A headline's "71.4%" is a vote share only when read as one ("wins with 71.4% of the vote").
            let stated = NumericFacts.facts(in: text.words, electionContext: figures.contains { $0.kind == .voteShare })
            sides = figures.map { side in
                stated.contains { $0.kind == side.kind && $0.noun == side.noun && $0.bounds.overlaps(side.bounds) }
            }
        } else if !rulings.isEmpty {
            let stated = CourtRuling.outcome(in: text.words, courtNamed: false)
            sides = rulings.map { $0 == stated }
        } else {
            // Only the words that tell the two names apart: "John Mahama" and "John Kufuor" share "John".
            let words = Set(text.normalizedWords)
            let nameWords = names.map { Set(Tokenizer.words($0)) }
            let shared = nameWords.dropFirst().reduce(nameWords.first ?? []) { $0.intersection($1) }
            sides = nameWords.map { !words.isDisjoint(with: $0.subtracting(shared)) }
        }
        return sides.filter { $0 }.count == 1
    }
}

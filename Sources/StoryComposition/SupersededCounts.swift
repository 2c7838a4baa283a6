import ArticleAnnotations
import Foundation
import NewsText

/// Tolls that a later report has raised: "rises to 18" once another outlet, later, says the
/// toll rose to 21.
///
/// Deaths, injuries and arrests grow while an event develops. An article's toll (its largest
/// count of a kind) is superseded when a report published after it gives a higher one (an
/// interval, `FigureBounds`, above it: "at least 14" is superseded by "21") and says the count
/// has risen ("the death toll rose to 21", "21 people have now died"). Without such words two
/// outlets' different tolls may be a real dispute, which `Conflict` reports. Each outlet is
/// already read at its newest report (`StoryComposer.select`); this is about outlets that have
/// not caught up. A headline stating a superseded toll loses to any current headline, sentences
/// stating one are not summary or consensus candidates, and `Conflict` does not compare it. A
/// smaller count inside the article ("five soldiers were killed") is not superseded.
struct SupersededCounts: Sendable {
    /// Per article index: each kind whose toll a later report raised, with the superseded value.
    private let stale: [Int: [NumericFacts.Kind: Double]]
    /// Per article index: figures a later report calls an earlier estimate ("about 210,000 patients, up from
    /// its earlier estimate of 120,000"), of any kind: a summary and consensus must drop the 120,000
    /// once the outlet that gave it has corrected it.
    private let corrected: [Int: Set<Double>]


    private struct Toll {
        var fact: NumericFacts.Fact
        /// The article says a count of this kind has risen.
        var saysItRose: Bool
    }

    /// `sentences`: the body sentences read of each article (its index in `articles` and its reading).
    init(_ articles: [StoryArticle], sentences: [(article: Int, reading: TextReading)]) {
        var tolls = [[NumericFacts.Kind: Toll]](repeating: [:], count: articles.count)
        var corrected: [Int: Set<Double>] = [:]
        for entry in articles.indices.map({ (article: $0, reading: articles[$0].annotation.headline.reading) }) + sentences {
            // Figures this text calls earlier estimates are out of date in every earlier report.
            let estimates = Self.earlierEstimates(in: entry.reading.words)
            if !estimates.isEmpty {
                for index in articles.indices where articles[index].publishedAt < articles[entry.article].publishedAt {
                    corrected[index, default: []].formUnion(estimates)
                }
            }
            let facts = NumericFacts.largestOfEachKind(entry.reading.facts.filter(\.kind.risesAsEventDevelops))
            guard !facts.isEmpty else { continue }
            // "A third person has died" says the toll rose as plainly as "rose to three".
            let rose = entry.reading.contains(.countRise) || entry.reading.tokens.contains { NumericFacts.ordinals[$0.normalized] != nil }
            for fact in facts.values {
                var toll = tolls[entry.article][fact.kind] ?? Toll(fact: fact, saysItRose: false)
                if fact.value > toll.fact.value { toll.fact = fact }
                toll.saysItRose = toll.saysItRose || rose
                tolls[entry.article][fact.kind] = toll
            }
        }
        var stale: [Int: [NumericFacts.Kind: Double]] = [:]
        for (index, article) in articles.enumerated() {
            for (kind, toll) in tolls[index] {
                let raised = articles.indices.contains { later in
                    guard articles[later].publishedAt > article.publishedAt, let newer = tolls[later][kind], newer.saysItRose else {
                        return false
                    }
                    return newer.fact.bounds.lowerBound > toll.fact.value
                }
                if raised { stale[index, default: [:]][kind] = toll.fact.value }
            }
        }
        self.stale = stale
        self.corrected = corrected
    }

    /// Words that call a figure an earlier one: "from its earlier estimate of 120,000", "from an initial 40".
    private static let earlierWords: Set<String> = WordClass.earlierFigure.forms

    /// The figures a sentence gives as earlier estimates: a number within four words after "from" and a
    /// word of `earlierWords` ("up from its earlier estimate of 120,000").
    static func earlierEstimates(in words: [FactWords.Word]) -> Set<Double> {
        var values: Set<Double> = []
        for index in words.indices where words[index].lowered == "from" {
            let window = (index + 1) ..< min(words.count, index + 6)
            guard let earlier = window.first(where: { earlierWords.contains(words[$0].lowered) }),
                  let figure = ((earlier + 1) ..< min(words.count, earlier + 5)).first(where: { words[$0].number != nil }),
                  let value = words[figure].number else { continue }
            values.insert(value * SubjectFigures.scale(after: figure, in: words).factor)
        }
        return values
    }

    /// For callers without a sentence pool: each article's annotated sentences.
    init(_ articles: [StoryArticle]) {
        let sentences = articles.indices.flatMap { index in
            articles[index].annotation.sentences.map { (article: index, reading: $0.reading) }
        }
        self.init(articles, sentences: sentences)
    }

    /// Whether `text`, from the article at `index`, states that article's superseded toll.
    func states(_ text: TextReading, ofArticle index: Int) -> Bool {
        guard stale[index] != nil || corrected[index] != nil else { return false }
        return text.facts.contains { isSuperseded($0, ofArticle: index) }
    }

    /// Whether `fact`, stated by the article at `index`, is that article's superseded toll.
    func isSuperseded(_ fact: NumericFacts.Fact, ofArticle index: Int) -> Bool {
        stale[index]?[fact.kind] == fact.value || corrected[index]?.contains(fact.value) == true
    }
}

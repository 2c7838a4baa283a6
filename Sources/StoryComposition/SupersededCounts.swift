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

    /// Words that say a count has grown since it was first reported ("toll reaches 13", "bringing
    /// the death toll to 13": an eighth audit's headline stayed at an outlet's earlier "Nine killed").
    static let riseWords: Set<String> = [
        "rise", "rises", "rose", "risen", "rising", "climb", "climbs", "climbed", "climbing", "jumps", "jumped", "increases", "increased",
        "now", "mounts", "mounted", "mounting", "reaches", "reached", "reaching", "bringing", "brings", "brought",
    ]

    private struct Toll {
        var fact: NumericFacts.Fact
        /// The article says a count of this kind has risen.
        var saysItRose: Bool
    }

    /// `sentences`: the body sentences read of each article (its index in `articles` and text).
    init(_ articles: [StoryArticle], sentences: [(article: Int, text: String)]) {
        var tolls = [[NumericFacts.Kind: Toll]](repeating: [:], count: articles.count)
        let texts = articles.indices.map { (article: $0, text: articles[$0].headline) } + sentences
        for entry in texts {
            let facts = NumericFacts.largestOfEachKind(NumericFacts.facts(in: entry.text).filter(\.kind.risesAsEventDevelops))
            guard !facts.isEmpty else { continue }
            let words = Tokenizer.words(entry.text)
            // "A third person has died" says the toll rose as plainly as "rose to three".
            let rose = !Set(words).isDisjoint(with: Self.riseWords) || words.contains { NumericFacts.ordinals[$0] != nil }
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
    }

    /// For callers without a sentence pool: reads each article's first sentences itself.
    init(_ articles: [StoryArticle]) {
        let sentences = articles.indices.flatMap { index in SentencePool.sentences(of: articles[index]).map { (article: index, text: $0) } }
        self.init(articles, sentences: sentences)
    }

    /// Whether `text`, from the article at `index`, states that article's superseded toll.
    func states(_ text: String, ofArticle index: Int) -> Bool {
        guard stale[index] != nil else { return false }
        return NumericFacts.facts(in: text).contains { isSuperseded($0, ofArticle: index) }
    }

    /// Whether `fact`, stated by the article at `index`, is that article's superseded toll.
    func isSuperseded(_ fact: NumericFacts.Fact, ofArticle index: Int) -> Bool {
        stale[index]?[fact.kind] == fact.value
    }
}

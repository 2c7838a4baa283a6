import Foundation
import NewsText

/// Tolls that a later report has raised: "rises to 18" once another outlet, later, says 21.
///
/// Deaths, injuries and arrests grow while an event develops. When a report of the story says
/// so ("the death toll rose to 21", "21 people have now died"), a count of that kind is rising,
/// and an article's count is superseded when a report published after it gives one whose
/// interval (`FigureBounds`) lies above it: "at least 14" is superseded by a later "21". Without
/// such words two outlets' different tolls may be a real dispute, which `Conflict` reports.
/// Each outlet is already read at its newest report (`StoryComposer.select`); this is about
/// outlets that have not caught up. The canonical headline and the summary leave a superseded
/// figure out (the headline when any other candidate is current), and `Conflict` does not call
/// a rise a dispute. Only the article's own toll (its largest count of the kind) is superseded,
/// so "five soldiers were among the dead" is not.
struct SupersededCounts: Sendable {
    /// Kinds of count that a report of the story says have risen.
    let rising: Set<NumericFacts.Kind>
    /// Per article index: each rising kind whose toll a later report raised, with the superseded value.
    private let stale: [Int: [NumericFacts.Kind: Double]]

    /// Words that say a count has grown since it was first reported.
    static let riseWords: Set<String> = [
        "rises", "rose", "risen", "rising", "climbs", "climbed", "climbing", "jumps", "jumped", "increases", "increased",
        "now", "mounts", "mounted", "mounting",
    ]

    /// `sentences`: the body sentences read of each article (its index in `articles` and text).
    init(_ articles: [StoryArticle], sentences: [(article: Int, text: String)]) {
        var tolls = [[NumericFacts.Kind: NumericFacts.Fact]](repeating: [:], count: articles.count)
        var rising: Set<NumericFacts.Kind> = []
        let texts = articles.indices.map { (article: $0, text: articles[$0].headline) } + sentences
        for entry in texts {
            let facts = NumericFacts.facts(in: entry.text).filter(\.kind.risesAsEventDevelops)
            guard !facts.isEmpty else { continue }
            if !Set(Tokenizer.words(entry.text)).isDisjoint(with: Self.riseWords) { rising.formUnion(facts.map(\.kind)) }
            for fact in facts where tolls[entry.article][fact.kind].map({ fact.value > $0.value }) ?? true {
                tolls[entry.article][fact.kind] = fact
            }
        }
        var stale: [Int: [NumericFacts.Kind: Double]] = [:]
        for (index, article) in articles.enumerated() {
            for (kind, toll) in tolls[index] where rising.contains(kind) {
                let raised = articles.indices.contains { later in
                    guard articles[later].publishedAt > article.publishedAt, let newer = tolls[later][kind] else { return false }
                    return newer.bounds.lowerBound > toll.value
                }
                if raised { stale[index, default: [:]][kind] = toll.value }
            }
        }
        self.rising = rising
        self.stale = stale
    }

    /// For callers without a sentence pool: reads each article's first sentences itself.
    init(_ articles: [StoryArticle]) {
        let sentences = articles.indices.flatMap { index in
            Sentences.split(articles[index].body).prefix(SentencePool.sentencesPerArticle).map { (article: index, text: $0) }
        }
        self.init(articles, sentences: sentences)
    }

    /// Whether `text`, from the article at `index`, states that article's superseded toll.
    func states(_ text: String, ofArticle index: Int) -> Bool {
        guard let kinds = stale[index] else { return false }
        return NumericFacts.facts(in: text).contains { kinds[$0.kind] == $0.value }
    }
}

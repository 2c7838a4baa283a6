import NewsText
import Synchronization

/// One text (a sentence, a headline, a clause) read once into everything composition asks of
/// its words: tokens with their folded forms and Snowball stems, the terms sentences are compared
/// on, named entities, figures, the words fact extraction reads (numbers with their units and
/// currencies, clause breaks) and the labelled figures they state. docs/jarvis/annotations.md.
package struct TextReading: Sendable {
    package let text: String
    /// `Tokenizer.tokens`: each word as written and in its folded form.
    package let tokens: [Tokenizer.Token]
    /// The Snowball stem of each token's folded form (`Stemmer`), for word-class lookups.
    let stems: [String]
    /// The terms `TermVector` compares: content words, a plural "s" folded.
    package let terms: [String]
    /// Names, acronyms and quantities (`NamedEntities`), read when asked: only `Consensus.Specifics`
    /// asks, once per reading, so the reading does not keep them.
    var entities: [NamedEntity] { NamedEntities.extract(from: text) }
    /// The figures it states, as `SummaryText.figures` writes them.
    package let figures: Set<String>
    /// Its words as fact extraction reads them (`FactWords`): numbers parsed with their currency,
    /// percent sign or currency name, clause breaks kept.
    package let words: [FactWords.Word]
    /// Its labelled figures outside an election's context (`NumericFacts`: tolls, rates, amounts
    /// with what each counts).
    package let facts: [NumericFacts.Fact]

    package init(_ text: String) {
        self.text = text
        tokens = Tokenizer.tokens(text)
        stems = tokens.map { Stemmer.stem($0.normalized) }
        terms = TermVector.terms(tokens)
        figures = SummaryText.figures(text)
        words = FactWords(text).words
        facts = NumericFacts.facts(in: words)
    }

    /// The folded forms of its tokens, in order.
    package var normalizedWords: [String] { tokens.map(\.normalized) }

    /// Whether the token at `index` belongs to `wordClass`.
    func isIn(_ wordClass: WordClass, at index: Int) -> Bool {
        wordClass.contains(tokens[index].normalized, stem: stems[index])
    }

    /// Whether any of its tokens belongs to `wordClass`.
    package func contains(_ wordClass: WordClass) -> Bool {
        tokens.indices.contains { isIn(wordClass, at: $0) }
    }
}

/// A headline or body sentence of an article with the typed facts composition compares across
/// outlets: what it states that another sentence could contradict (`StatedFacts`: tolls with their
/// kind, winners, appointees with their role, a vote's or a court's outcome), and what an outlet must
/// report to be credited with it (`Consensus.Specifics`, of the whole and of its main clause).
package struct AnnotatedSentence: Sendable {
    package let reading: TextReading
    package let stated: StatedFacts
    package let specifics: Consensus.Specifics
    /// The specifics of its main clause (`Consensus.mainClause`).
    package let mainClauseSpecifics: Consensus.Specifics
    /// Speaks as its reporter or to the reader (`PersonalVoice`).
    package let speaksPersonally: Bool

    init(_ text: String) {
        reading = TextReading(text)
        stated = StatedFacts(reading)
        specifics = Consensus.Specifics(reading)
        let clause = Consensus.mainClause(of: text)
        mainClauseSpecifics = clause == text ? specifics : Consensus.Specifics(TextReading(clause))
        speaksPersonally = PersonalVoice.speaks(text)
    }

    package var text: String { reading.text }
}

/// An article read once, when composition first reads it, and carried with the article
/// (`StoryArticle.annotation`): every recomposition of its story, the score and the headline choice
/// read these instead of the raw headline and body.
package struct ArticleAnnotation: Sendable {
    /// Body sentences read per article: leads carry the news, later paragraphs background.
    static let sentencesPerArticle = 8
    /// Body sentences the score reads as the lead.
    static let leadSentences = 3

    package let headline: AnnotatedSentence
    /// The body's first `sentencesPerArticle` sentences (`Sentences.split`).
    package let sentences: [AnnotatedSentence]
    /// The first `leadSentences` sentences joined: where the score looks for the region. Joined when
    /// asked (once per composition), not kept beside the sentences.
    package var lead: String { sentences.prefix(Self.leadSentences).map(\.text).joined(separator: " ") }
    /// The headline's and the lead's words in folded form, in reading order: what the score reads
    /// for signal phrases (from the tokens, when asked).
    package var leadWords: [String] {
        headline.reading.normalizedWords + sentences.prefix(Self.leadSentences).flatMap(\.reading.normalizedWords)
    }
    /// How the headline and the whole body write each word (`WrittenForms`).
    package let headlineForms: WrittenForms
    package let bodyForms: WrittenForms
    /// The body's opening word runs (`SyndicatedCopies.shingles`).
    package let shingles: [Int]
    /// The places of its headline, dateline and body, the event's and passing ones (`ArticlePlaces`), read
    /// from the tokens above: what the Africa desk weighs.
    package let places: ArticlePlaces

    package init(headline: String, body: String) {
        self.headline = AnnotatedSentence(headline)
        let split = Sentences.split(body)
        sentences = split.prefix(Self.sentencesPerArticle).map(AnnotatedSentence.init)
        let sentenceTokens = sentences.map(\.reading.tokens)
        headlineForms = WrittenForms(headline)
        bodyForms = WrittenForms(body, sentences: split, tokens: sentenceTokens)
        shingles = SyndicatedCopies.shingles(body)
        places = ArticlePlaces(headline: self.headline.reading.tokens, body: body, sentences: split,
                               sentenceTokens: sentenceTokens)
    }
}

/// Where a `StoryArticle` keeps its annotation: read at the first request and shared by every copy of
/// the article value; `release` frees it, and the next request reads the article again.
package final class AnnotationSlot: Sendable {
    private let slot = Mutex<ArticleAnnotation?>(nil)

    package init() {}

    package func release() {
        slot.withLock { $0 = nil }
    }

    /// Whether it holds an annotation now.
    package var isHeld: Bool { slot.withLock { $0 != nil } }

    package func value(_ read: () -> ArticleAnnotation) -> ArticleAnnotation {
        if let known = slot.withLock({ $0 }) { return known }
        let annotation = read()
        return slot.withLock { stored in
            if stored == nil { stored = annotation }
            return stored!
        }
    }
}

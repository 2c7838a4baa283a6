import ArticleAnnotations
import Foundation
import NewsText
import SentenceEncoding

/// Assigns a story one of the four desks, or `nil` when it fits none (sport, entertainment,
/// health, lifestyle...: kept but not listed).
///
/// Two independent decisions. The subject model (what the story is about, learned from the labeled
/// sets) gives a desk, which then passes `SubjectRule.ordered` (a government falling or a legislature
/// voting is politics, a cyber attack is tech, a deadly quake is not tech or finance news; the first
/// rule that applies decides). A story the rules leave to the model is listed only when the desks
/// together are probable enough over the whole story (`listingConfidence`): a story the model reads
/// as a little tech and much science, health or sport is not listed. A story of no desk is not listed, wherever it
/// happens. A story with a desk that `AfricaDesk` (where the story happens, from a gazetteer) finds
/// primarily African goes to the regional desk instead: a Kenyan rate rise is `africa`, a Kenyan
/// marathon win is none.
public struct TopicClassifier: Sendable {
    /// A story is judged on at most this many articles, so classifying a big story costs the
    /// same as classifying a medium one.
    public static let maxArticlesPerStory = 20

    /// The shipped `listingConfidence`, chosen on the desk development set and checked on the part of
    /// it held aside (docs/jarvis/story-engine.md, Topics).
    public static let defaultListingConfidence = 0.60

    /// The least probability of having a desk at all (finance, tech and politics summed; the
    /// probabilities of every article read averaged) at which the model's desk lists the story; below
    /// it the story has no desk. The kinds of `other` are many, so the most probable class may be a desk
    /// while the kinds without one are together the more probable.
    public private(set) var listingConfidence: Double

    public let model: SubjectModel
    /// The word clusters the model was trained with: their tokens are terms of the model.
    public let clusters: TermClusters
    /// The sentence encoder and the scorer of its vectors trained beside `model`; `nil` reads words only.
    public let encoderReading: EncoderReading?

    public struct EncoderReading: Sendable {
        public let encoder: any TextEncoder
        public let scorer: EncoderScorer

        public init(encoder: any TextEncoder, scorer: EncoderScorer) {
            self.encoder = encoder
            self.scorer = scorer
        }
    }

    /// Articles read recently: a story is reclassified each time an article joins it, and its
    /// other articles would be read for places and subject again (a sixth of the engine's time).
    private let placeEvidence = RecentMemo<ArticleText, AfricaDesk.Evidence>(capacity: 2_048)
    private let subjectReadings = RecentMemo<ArticleText, [Double]>(capacity: 2_048)

    public init(model: SubjectModel, clusters: TermClusters, encoderReading: EncoderReading? = nil,
                listingConfidence: Double = TopicClassifier.defaultListingConfidence) {
        precondition(encoderReading.map { $0.scorer.classes == model.classes } ?? true, "the scorer has the model's classes")
        self.model = model
        self.clusters = clusters
        self.encoderReading = encoderReading
        self.listingConfidence = listingConfidence
    }

    /// The same classifier listing at another confidence; it shares the memo of articles read, so
    /// trying several bars reads each article once.
    public func listing(atConfidence confidence: Double) -> TopicClassifier {
        var copy = self
        copy.listingConfidence = confidence
        return copy
    }

    /// The classifier with the weights and word clusters shipped in this module
    /// (`Resources/topic-model.tsv` and `Resources/encoder-scorer.tsv`, written by
    /// the `TopicTrainer` tool, and `Resources/term-clusters.tsv`, by `TermClusterBuilder`; `Tools/Package.swift`),
    /// reading with `SentenceEncoder.bundled()`. Parsed once per process.
    public static func bundled() throws -> TopicClassifier {
        try bundledClassifier.get()
    }

    private static let bundledClassifier: Result<TopicClassifier, any Error> = Result {
        try TopicClassifier(model: SubjectModel.decode(resourceText("topic-model")),
                            clusters: TermClusters.decode(resourceText("term-clusters")),
                            encoderReading: EncoderReading(encoder: SentenceEncoder.bundled(),
                                                           scorer: EncoderScorer.decode(resourceText("encoder-scorer"))))
    }

    private static func resourceText(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: "tsv"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw SubjectModel.FormatError(line: 0, reason: "\(name).tsv is missing from the bundle")
        }
        return text
    }

    /// The desk of a single article.
    public func classify(headline: String, body: String) -> Topic? {
        classify([(headline: headline, body: body)])
    }

    /// The desk of a whole story: place evidence is summed over its articles and subject
    /// probabilities are averaged, so one off-topic article cannot flip a story.
    public func classify(_ texts: [StoryText]) -> Topic? {
        let articles = texts.prefix(Self.maxArticlesPerStory)
        return classify(texts, evidence: articles.map { article in
            placeEvidence.value(for: ArticleText(article)) { AfricaDesk.evidence(headline: $0.headline, body: $0.body) }
        })
    }

    /// The desk of a whole story whose articles' places are already read (`ArticleAnnotation.places`,
    /// one for each of `texts`, in order): what `classify(_:)` returns, without reading the texts' places.
    public func classify(_ texts: [StoryText], places: [ArticlePlaces]) -> Topic? {
        precondition(places.count == texts.count, "the places of every article")
        return classify(texts, evidence: places.prefix(Self.maxArticlesPerStory).map(AfricaDesk.evidence))
    }

    private func classify(_ texts: [StoryText], evidence: [AfricaDesk.Evidence]) -> Topic? {
        let articles = texts.prefix(Self.maxArticlesPerStory)
        guard !articles.isEmpty else { return nil }
        guard let desk = subjectDesk(Array(articles)) else { return nil }
        return evidence.reduce(.init(), +).isPrimarilyAfrican ? .africa : desk
    }

    /// The desk the story's subject gives it, `SubjectRule.ordered` applied, whatever its place: what
    /// `classify` returns for a story that is not primarily about Africa. When no rule applies and the
    /// desks together are less probable than `listingConfidence`, the story has none.
    public func subjectDesk(_ texts: [StoryText]) -> Topic? {
        let stories = Array(texts.prefix(Self.maxArticlesPerStory))
        let probabilities = subjectProbabilities(stories)
        let (subject, probability) = mostProbableSubject(probabilities)
        if let rule = SubjectRule.ordered.first(where: { $0.applies(subject: subject, probability: probability, texts: stories) }) {
            return rule.desk
        }
        let deskProbability = zip(model.classes, probabilities).filter { $0.0.topic != nil }.reduce(0) { $0 + $1.1 }
        return deskProbability >= listingConfidence ? subject.topic : nil
    }

    /// The most probable subject of the given articles (their probabilities averaged).
    public func subject(_ texts: [StoryText]) -> Subject {
        mostProbableSubject(subjectProbabilities(texts)).subject
    }

    /// The subject of the most probable class (a subject's kinds are not summed to choose it:
    /// cross-validation preferred the single class, docs/jarvis/story-engine.md, Topics), and the
    /// subject's probability, its kinds summed: what the rules' bars were set against.
    private func mostProbableSubject(_ probabilities: [Double]) -> (subject: Subject, probability: Double) {
        let best = probabilities.indices.max { probabilities[$0] < probabilities[$1] } ?? 0
        let subject = model.classes[best]
        return (subject, zip(model.classes, probabilities).filter { $0.0 == subject }.reduce(0) { $0 + $1.1 })
    }

    /// Mean class probabilities over the articles, in the order of `model.classes`.
    public func subjectProbabilities(_ texts: [StoryText]) -> [Double] {
        var sum = [Double](repeating: 0, count: model.classes.count)
        let articles = texts.prefix(Self.maxArticlesPerStory)
        for article in articles {
            let probabilities = subjectReadings.value(for: ArticleText(article)) { articleProbabilities($0) }
            for (index, probability) in probabilities.enumerated() { sum[index] += probability }
        }
        return sum.map { $0 / Double(max(articles.count, 1)) }
    }

    /// Texts the encoder reads together in `prepare`: past about 16, sharing a product saves little more,
    /// and the layer's intermediate rows (1,536 numbers per token) grow with the batch.
    public static let encoderBatchSize = 16

    /// Reads the subject of each of `texts` not read recently, the encoder taking up to
    /// `encoderBatchSize` of them in one pass (`TextEncoder.encode(_: [String])`, which costs less per
    /// text than one pass each), so that `classify` and `subjectProbabilities` then find them remembered.
    /// What those return is unchanged; only the cost moves here. Texts beyond what the memo keeps
    /// (2,048–4,096 articles) are read again when asked for, so callers prepare a few hundred at a time.
    /// The texts already remembered are made recent first, so remembering the unread ones cannot drop them:
    /// afterwards every one of `texts` (fewer than the memo's capacity) is remembered, and reading them, on
    /// any threads in any order, computes nothing and drops nothing (`StoryEngine` composes on several threads).
    ///
    /// The batches are read on up to `threads` threads at once (by default `ParallelMap.defaultThreads`, one per
    /// processor): each batch
    /// is the same pass whichever thread runs it, so each text's probabilities are the same as read alone,
    /// and they are remembered in the order of `texts`.
    public func prepare(_ texts: [StoryText], threads: Int = ParallelMap.defaultThreads) {
        guard let reading = encoderReading else { return }
        var seen = Set<ArticleText>()
        let unread = texts.map(ArticleText.init).filter { !subjectReadings.refresh($0) && seen.insert($0).inserted }
        let batches = stride(from: 0, to: unread.count, by: Self.encoderBatchSize).map {
            unread[$0 ..< min($0 + Self.encoderBatchSize, unread.count)]
        }
        let read = batches.parallelMap(threads: threads) { batch in
            zip(batch, reading.encoder.encode(batch.map { EncoderScorer.text(headline: $0.headline, body: $0.body) }))
                .map { articleProbabilities($0, encoded: $1) }
        }
        for (batch, probabilities) in zip(batches, read) {
            for (text, probabilities) in zip(batch, probabilities) { _ = subjectReadings.value(for: text) { _ in probabilities } }
        }
    }

    /// One article's class probabilities: the softmax of the word model's scores plus, when there is
    /// an encoder, its scorer's (of `encoded`, the encoder's vector of the text when already computed).
    private func articleProbabilities(_ text: ArticleText, encoded: [Float]? = nil) -> [Double] {
        var scores = model.scores(model.weightedVector(SubjectFeatures.counts(headline: text.headline, body: text.body,
                                                                              clusters: clusters)))
        if let reading = encoderReading {
            let vector = encoded ?? reading.encoder.encode(EncoderScorer.text(headline: text.headline, body: text.body))
            for (index, score) in reading.scorer.scores(vector).enumerated() { scores[index] += score }
        }
        return SubjectModel.softmax(scores)
    }
}

/// One article's text as a memo's key (a `StoryText` tuple cannot be hashed).
private struct ArticleText: Hashable, Sendable {
    let headline: String
    let body: String

    init(_ text: StoryText) {
        headline = text.headline
        body = text.body
    }
}

import ArticleAnnotations
import NewsText

/// One sentence of one article, with what ranking needs to know about it.
struct PooledSentence: Sendable {
    /// The sentence as its article's annotation read it.
    let annotated: AnnotatedSentence
    var text: String { annotated.text }
    var reading: TextReading { annotated.reading }
    /// Index of the article in the pool's `articles`.
    let article: Int
    /// Its outlet, as its index in the pool's `sourceKeys` (`SentencePool.sourceKey(of:)`).
    let source: Int
    /// 0 for the article's lead sentence.
    let position: Int
    let vector: TermVector
    /// Writes a word in capitals that the story writes otherwise ("IRELAND has voted to write a
    /// RIGHT TO A HOME…"): a tabloid's voice, not a summary's.
    let shouts: Bool
    /// Speaks as its reporter or to the reader (`PersonalVoice`): one outlet's voice, not a summary's.
    let speaksPersonally: Bool

    var wordCount: Int { text.split(separator: " ").count }

    /// Told as news: no shouted word, not in a reporter's or to a reader's voice.
    var isCalm: Bool { !shouts && !speaksPersonally }

    /// A sentence a reader could be shown alone: complete, not a question, not a bare quote,
    /// neither a fragment nor a paragraph.
    var isSummaryGrade: Bool {
        guard let last = text.last, ".!".contains(last) || text.hasSuffix(".\u{201D}") || text.hasSuffix(".\"") else {
            return false
        }
        guard wordCount >= 6, wordCount <= 70, text.count <= StorySummary.maximumLength else { return false }
        return !"\"\u{201C}'\u{2018}".contains(text.first ?? " ") && hasBalancedQuotes
    }

    /// A quotation cut by the splitter ("We affirm the history," Biden added.) reads as a fragment.
    private var hasBalancedQuotes: Bool {
        // ASCII text has no curly quotes.
        if let straight = text.withASCIIBytes({ bytes in bytes.count { $0 == UInt8(ascii: "\"") } }) { return straight % 2 == 0 }
        return text.filter { $0 == "\u{201C}" }.count == text.filter { $0 == "\u{201D}" }.count
            && text.filter { $0 == "\"" }.count % 2 == 0
    }
}

/// A story's articles as their annotations read them (`ArticleAnnotation`), with TF-IDF vectors
/// weighted over the story itself, shared by summary, consensus and conflict.
struct SentencePool: Sendable {
    /// Articles considered at most; the caller already passes the most relevant first.
    static let articleLimit = 20
    let articles: [StoryArticle]
    /// Distinct outlets in the pool, in first-seen order.
    let sourceKeys: [String]
    /// Each article's outlet, as its index in `sourceKeys`.
    private let articleSources: [Int]
    let sentences: [PooledSentence]
    let headlineVectors: [TermVector]
    /// Every term each outlet uses (sentences and headlines), for vocabulary support.
    let termsBySource: [String: Set<String>]
    /// Tolls of articles that a later report raised: left out of the headline and the summary.
    let superseded: SupersededCounts

    init(_ articles: [StoryArticle]) {
        let capped = Array(articles.prefix(Self.articleLimit))
        var texts: [(sentence: AnnotatedSentence, article: Int, position: Int, terms: [String])] = []
        for (index, article) in capped.enumerated() {
            for (position, sentence) in article.annotation.sentences.enumerated() {
                texts.append((sentence, index, position, sentence.reading.terms))
            }
        }
        let headlineTerms = capped.map(\.annotation.headline.reading.terms)
        let weighting = TermWeighting(documents: texts.map(\.terms) + headlineTerms)
        self.articles = capped
        var sourceIndex: [String: Int] = [:], keys: [String] = []
        let articleSources = capped.map { article in
            if let index = sourceIndex[article.sourceKey] { return index }
            sourceIndex[article.sourceKey] = keys.count
            keys.append(article.sourceKey)
            return keys.count - 1
        }
        sourceKeys = keys
        self.articleSources = articleSources
        headlineVectors = headlineTerms.map(weighting.vector)
        var termsBySource: [String: Set<String>] = [:]
        for entry in texts { termsBySource[capped[entry.article].sourceKey, default: []].formUnion(entry.terms) }
        for (index, terms) in headlineTerms.enumerated() { termsBySource[capped[index].sourceKey, default: []].formUnion(terms) }
        self.termsBySource = termsBySource
        superseded = SupersededCounts(capped, sentences: texts.map { (article: $0.article, reading: $0.sentence.reading) })
        // How the story writes each word, read only when some sentence has a word in capitals.
        let forms = texts.contains { HeadlineCasing.hasCapitalisedWord($0.sentence.text) }
            ? Self.formsOfShoutedWords(capped, sentences: texts.map { (reading: $0.sentence.reading, article: $0.article) }) : [:]
        sentences = texts.map { entry in
            let outletForms = forms[capped[entry.article].sourceKey]
            return PooledSentence(annotated: entry.sentence, article: entry.article, source: articleSources[entry.article],
                                  position: entry.position, vector: weighting.vector(entry.terms),
                                  shouts: outletForms.map { HeadlineCasing.shoutsAWord(entry.sentence.text, forms: $0) } ?? false,
                                  speaksPersonally: entry.sentence.speaksPersonally)
        }
    }

    /// For each outlet, how the words its sentences put in capitals are written: in lower case when
    /// another outlet writes the word so (in its body, or a headline's lower-case words), else in
    /// capitals when any outlet writes it so inside a sentence ("ASLEF"), else as the outlet itself
    /// writes it. A tabloid's "A VOLCANO exploded…" is no evidence that "VOLCANO" is
    /// written so when the wire writes "volcano" (a summary must not prefer that line to the
    /// wire's); an acronym that another outlet writes "Ecowas" or not at all is judged as before
    /// (`HeadlineCasing.shoutsAWord`). Only the pooled sentences and the headlines are read, and only
    /// the words some sentence writes in capitals are counted.
    private static func formsOfShoutedWords(_ articles: [StoryArticle], sentences: [(reading: TextReading, article: Int)])
        -> [String: [String: String]] {
        var capitalised: [String: Set<String>] = [:]
        for entry in sentences {
            let keys = HeadlineCasing.capitalisedWords(entry.reading.text).map { $0.lowercased() }
            if !keys.isEmpty { capitalised[articles[entry.article].sourceKey, default: []].formUnion(keys) }
        }
        let needed = capitalised.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        // How each outlet writes those words inside its sentences (not first: capitalised by position)
        // and in lower case in its headlines; nothing else is counted.
        var byOutlet: [String: [String: [String: Int]]] = [:]
        for entry in sentences {
            let outlet = articles[entry.article].sourceKey
            for token in entry.reading.tokens.dropFirst() where needed.contains(token.text.lowercased()) {
                byOutlet[outlet, default: [:]][token.text.lowercased(), default: [:]][token.text, default: 0] += 1
            }
        }
        for article in articles {
            for token in article.annotation.headline.reading.tokens where token.text == token.normalized && needed.contains(token.text) {
                byOutlet[article.sourceKey, default: [:]][token.text, default: [:]][token.text, default: 0] += 1
            }
        }
        var formsByOutlet: [String: [String: String]] = [:]
        for (outlet, keys) in capitalised {
            var forms: [String: String] = [:]
            for key in keys {
                let own = byOutlet[outlet]?[key] ?? [:]
                let elsewhere = byOutlet.filter { $0.key != outlet }.compactMap { $0.value[key] }
                let writtenLowerElsewhere = elsewhere.contains { $0[key] != nil }
                let writtenInCapitals = own[key.uppercased()] != nil || elsewhere.contains { $0[key.uppercased()] != nil }
                forms[key] = writtenLowerElsewhere ? key
                    : writtenInCapitals ? key.uppercased() : HeadlineCasing.mostFrequent(own)
            }
            formsByOutlet[outlet] = forms
        }
        return formsByOutlet
    }

    /// The outlet of `sentence`.
    func sourceKey(of sentence: PooledSentence) -> String { sourceKeys[sentence.source] }

    /// How close `sentence` is to the story's headlines: its best cosine with any of them.
    func closenessToHeadlines(_ sentence: PooledSentence) -> Double {
        headlineVectors.map(sentence.vector.cosine).max() ?? 0
    }

    /// Whether `sentence` states its article's toll after a later report raised it.
    func isSuperseded(_ sentence: PooledSentence) -> Bool {
        superseded.states(sentence.reading, ofArticle: sentence.article)
    }

    /// Sentences a summary may use: summary-grade and current (`isSuperseded`); those told calmly —
    /// shouting no word, in no one's own voice — when there are any.
    var summaryCandidates: [PooledSentence] {
        let usable = sentences.filter { $0.isSummaryGrade && !isSuperseded($0) }
        let calm = usable.filter(\.isCalm)
        return calm.isEmpty ? usable : calm
    }

    /// For each other outlet (in `sourceKeys` order), the similarity of its closest sentence or
    /// headline to `sentence`: how far that outlet says the same thing.
    func closestMatchPerOtherSource(_ sentence: PooledSentence) -> [(sourceKey: String, similarity: Double)] {
        // Outlets by index and sentences read in place: this runs for every candidate sentence against every other.
        var best = [Double?](repeating: nil, count: sourceKeys.count)
        let own = sentence.source, vector = sentence.vector
        sentences.withUnsafeBufferPointer { sentences in
            for index in sentences.indices where sentences[index].source != own {
                let other = sentences[index].source
                best[other] = max(best[other] ?? 0, vector.cosine(sentences[index].vector))
            }
        }
        for (index, other) in articleSources.enumerated() where other != own {
            best[other] = max(best[other] ?? 0, vector.cosine(headlineVectors[index]))
        }
        return zip(sourceKeys, best).compactMap { key, similarity in similarity.map { (key, $0) } }
    }

    /// How well the other outlets confirm `sentence`: the mean of their closest matches.
    /// 0 when only one outlet reported.
    func crossSourceSupport(_ sentence: PooledSentence) -> Double {
        let matches = closestMatchPerOtherSource(sentence)
        guard !matches.isEmpty else { return 0 }
        return matches.reduce(0) { $0 + $1.similarity } / Double(sourceKeys.count - 1)
    }

    /// How much of `sentence`'s vocabulary the other outlets also use anywhere in their reports:
    /// the mean over other outlets of the share of its terms they contain. Unlike
    /// `crossSourceSupport` it credits facts another outlet spreads over several sentences.
    func vocabularySupport(_ sentence: PooledSentence) -> Double {
        let terms = sentence.vector.entries.map(\.term)
        let others = sourceKeys.indices.filter { $0 != sentence.source }.map { sourceKeys[$0] }
        guard !terms.isEmpty, !others.isEmpty else { return 0 }
        let shares = others.map { key in
            let vocabulary = termsBySource[key] ?? []
            return Double(terms.filter(vocabulary.contains).count) / Double(terms.count)
        }
        return shares.reduce(0, +) / Double(others.count)
    }
}

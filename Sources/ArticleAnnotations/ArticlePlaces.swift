import NewsText

/// The places an article names, each marked the event's or a passing mention (`EventPlaces`), read from
/// the tokens of its headline, its dateline and its body's sentences up to `bodyTokenLimit` tokens: what
/// the Africa desk weighs. An article's annotation reads them from the tokens its sentences already hold.
public struct ArticlePlaces: Sendable, Equatable {
    /// Body tokens read for places: a story names its place early, and a long body's later paragraphs
    /// are background.
    public static let bodyTokenLimit = 400

    /// A place of the body and where it is: the index of its first token among the body's tokens.
    public struct BodyPlace: Sendable, Equatable {
        public let place: EventPlaces.Place
        public let bodyTokenIndex: Int
    }

    public let headline: [EventPlaces.Place]
    /// The places of the body's dateline ("LAGOS (Reuters) -"), which its sentences leave out.
    public let dateline: [EventPlaces.Place]
    /// The places of the body's sentences that open within its first `bodyTokenLimit` tokens.
    public let body: [BodyPlace]

    /// `sentences`: the body's sentences (`Sentences.split`); `sentenceTokens`: the tokens of as many
    /// of them as are already read, in order; the rest are read here, as far as the limit.
    init(headline: [Tokenizer.Token], body: String, sentences: [String], sentenceTokens: [[Tokenizer.Token]]) {
        self.headline = EventPlaces.places(in: headline)
        let firstLine = body.prefix { !$0.isNewline }
        dateline = FeedBoilerplate.dateline(String(firstLine)).map { EventPlaces.places(in: Tokenizer.tokens($0)) } ?? []
        var found: [BodyPlace] = []
        var tokensRead = 0
        for (index, sentence) in sentences.enumerated() {
            guard tokensRead < Self.bodyTokenLimit else { break }
            let tokens = index < sentenceTokens.count ? sentenceTokens[index] : Tokenizer.tokens(sentence)
            let start = tokensRead
            tokensRead += tokens.count
            found += EventPlaces.places(in: tokens).map { BodyPlace(place: $0, bodyTokenIndex: start + $0.mention.tokenIndex) }
        }
        self.body = found
    }

    /// The places of an article not otherwise annotated (`ArticleAnnotation` reads them with the rest).
    public init(headline: String, body: String) {
        self.init(headline: Tokenizer.tokens(headline), body: body, sentences: Sentences.split(body), sentenceTokens: [])
    }
}

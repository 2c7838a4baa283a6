import NewsText

/// One sentence on what the outlets agree on: the reported sentence that the most *other*
/// outlets also carry (in their own words), attributed to them. Nil for a single outlet, and
/// nil when no sentence is confirmed by a second outlet: an invented agreement is worse than none.
public enum Consensus {
    /// Cosine at which another outlet's sentence counts as saying the same thing; measured on
    /// hand-built clusters, paraphrases of one fact land around 0.3–0.6, unrelated sentences below 0.15.
    static let agreement = 0.28

    public static func sentence(for articles: [StoryArticle]) -> String? {
        sentence(SentencePool(articles))
    }

    static func sentence(_ pool: SentencePool) -> String? {
        guard pool.sourceKeys.count > 1 else { return nil }
        var best: (sentence: PooledSentence, confirmers: [String], support: Double)?
        for sentence in pool.sentences where sentence.isSummaryGrade {
            let matches = pool.closestMatchPerOtherSource(sentence)
            let confirmers = matches.filter { $0.similarity >= agreement }.map(\.sourceKey)
            guard !confirmers.isEmpty else { continue }
            let support = matches.reduce(0) { $0 + $1.similarity }
            if let current = best, (current.confirmers.count, current.support) >= (confirmers.count, support) { continue }
            best = (sentence, confirmers, support)
        }
        guard let chosen = best else { return nil }
        let keys = [chosen.sentence.sourceKey] + chosen.confirmers
        let names = keys.map { key in
            let article = pool.articles.first { $0.sourceKey == key }
            return SourceNames.display(article?.sourceName ?? key, fallbackKey: key)
        }
        let verb = keys.count == pool.sourceKeys.count && keys.count > 2 ? "all report" : (keys.count == 2 ? "both report" : "report")
        return "\(SourceNames.list(names)) \(verb) that \(asClause(chosen.sentence.text, pool: pool))"
    }

    /// The sentence as the object of "report that": its first word lowercased unless it is a
    /// name: an acronym, or a word the story never writes in lowercase that either opens a
    /// multi-word name ("Joe Biden", "Senate Republicans") or is written capitalised elsewhere.
    static func asClause(_ sentence: String, pool: SentencePool) -> String {
        let tokens = Tokenizer.tokens(sentence)
        guard let firstToken = tokens.first, let first = sentence.first, first.isUppercase else {
            return sentence
        }
        let laterTokens = pool.sentences.flatMap { Tokenizer.tokens($0.text).dropFirst() }
        let isAcronym = firstToken.text.count > 1 && firstToken.text.allSatisfy(\.isUppercase)
        let isCommonWord = StopWords.english.contains(firstToken.normalized)
            || laterTokens.contains { !$0.isCapitalized && $0.normalized == firstToken.normalized }
        let opensName = tokens.count > 1 && tokens[1].isCapitalized
        let isName = isAcronym || !isCommonWord && (opensName || laterTokens.contains { $0.text == firstToken.text })
        return isName ? sentence : first.lowercased() + sentence.dropFirst()
    }
}

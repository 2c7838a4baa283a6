import ArticleAnnotations
import Foundation
import NewsText

extension Consensus {
    /// Cosine at which another outlet's sentence counts as saying the same thing; measured on
    /// hand-built clusters, paraphrases of one fact land around 0.3–0.6, unrelated sentences below 0.15.
    static let agreement = 0.28
    /// Share of a claim's own words (not names, not figures) a confirming outlet must use somewhere
    /// in one sentence or headline. Low, because outlets paraphrase ("lowered" for "cut"): on five
    /// reviewed newsrooms' stories (84 consensus lines), 0.25 removed or replaced the false
    /// attributions readers flagged (a union's "stay out until the 12% demand was met", a
    /// caretaker cabinet, a chief executive's quote) while 0.34 dropped eleven true agreements
    /// (the ECB's cut, Apple's headset launch…).
    static let wordingShare = 0.25

    public static func sentence(for articles: [StoryArticle]) -> String? {
        sentence(SentencePool(articles), copying: SyndicatedCopies.copyingOutlets(articles))
    }

    /// `copying`: outlets that only republished another's report (`SyndicatedCopies`, judged
    /// on all the story's articles: a copy of the wire's first report is one though the wire's
    /// newest is in the pool).
    static func sentence(_ pool: SentencePool, copying: Set<String>) -> String? {
        guard pool.sourceKeys.count > 1 else { return nil }
        // An outlet that republished another's copy agrees with it by construction: while two
        // outlets reported independently, only they are named. A wire story that others only
        // republished is still reported by all of them, and says so.
        let copies = pool.sourceKeys.count - copying.count > 1 ? copying : []
        let voices = pool.sourceKeys.count - copies.count
        let headlines = pool.articles.map(\.annotation.headline.specifics)
        var specifics = pool.sentences.map(\.annotated.specifics)
        let storyNames = (specifics + headlines).reduce(into: Set<String>()) { $0.formUnion($1.names) }
        for index in specifics.indices { specifics[index].readOpeningName(storyNames: storyNames) }
        let reported = specificsBySource(pool, sentences: specifics, headlines: headlines)
        var best: (sentence: PooledSentence, confirmers: [String], support: Double)?
        for (sentence, required) in zip(pool.sentences, specifics)
        where sentence.isSummaryGrade && !copies.contains(pool.sourceKey(of: sentence)) && !pool.isSuperseded(sentence) && sentence.isCalm
            && !SummaryText.opensWithPronoun(sentence.reading) {
            let matches = pool.closestMatchPerOtherSource(sentence).filter { !copies.contains($0.sourceKey) }
            var mainClause = sentence.annotated.mainClauseSpecifics
            mainClause.readOpeningName(storyNames: storyNames)
            let confirmers = matches.filter { match in
                match.similarity >= agreement && reported[match.sourceKey]?.carries(required) == true
                    && reported[match.sourceKey]?.tellsMostOf(mainClause) == true
                    && saysItInOneSentence(sentence, required, source: match.sourceKey, pool: pool, specifics: specifics, headlines: headlines)
            }.map(\.sourceKey)
            guard !confirmers.isEmpty else { continue }
            let support = matches.reduce(0) { $0 + $1.similarity }
            if let current = best, (current.confirmers.count, current.support) >= (confirmers.count, support) { continue }
            best = (sentence, confirmers, support)
        }
        guard let chosen = best else { return nil }
        let keys = [pool.sourceKey(of: chosen.sentence)] + chosen.confirmers
        let names = keys.map { key in
            let article = pool.articles.first { $0.sourceKey == key }
            return SourceNames.display(article?.sourceName ?? key, fallbackKey: key)
        }
        let verb = keys.count == voices && keys.count > 2 ? "all report" : (keys.count == 2 ? "both report" : "report")
        let claim = withoutUnreportedTail(chosen.sentence.text, confirmers: chosen.confirmers, reported: reported)
        return "\(SourceNames.list(names)) \(verb) that \(asClause(claim, pool: pool))"
    }

    /// Share of a trailing clause's own words each confirming outlet must use somewhere.
    static let tailWordingShare = 0.5

    /// The claim without the trailing clauses some confirming outlet does not report: the outlets
    /// agree on the main clause, and "…, a decision welcomed by media groups" or "…, leaving
    /// commuters stranded at bus stops" is often only the writer's, and no outlet is credited with
    /// such a tail it does not report. A clause is reported when the outlet gives its figures, names and
    /// countries and `tailWordingShare` of its words. Cut only where at least eight words remain,
    /// and never inside a quotation.
    static func withoutUnreportedTail(_ claim: String, confirmers: [String], reported: [String: Specifics]) -> String {
        guard !claim.contains(where: { "\"\u{201C}\u{201D}".contains($0) }) else { return claim }
        let clauses = claim.components(separatedBy: ", ")
        guard clauses.count > 1 else { return claim }
        var kept = clauses[0]
        // Whether the clause last kept was set in after the subject: the main clause goes on after it.
        var afterInsertion = false
        func reportedByAll(_ clause: String) -> Bool {
            let said = Specifics(clause)
            return confirmers.allSatisfy { key in
                guard let outlet = reported[key], outlet.carries(said) else { return false }
                return Double(said.wording.intersection(outlet.words).count) >= tailWordingShare * Double(said.wording.count)
            }
        }
        for clause in clauses.dropFirst() {
            guard reportedByAll(clause) || kept.split(separator: " ").count < 8 || afterInsertion else {
                return withoutUnreportedConjunct(kept, reported: reportedByAll) + "."
            }
            afterInsertion = Self.isInsertion(clause) && Self.isNamedSubject(kept)
            kept += ", " + clause
        }
        return claim
    }

    /// `kept` without a last "and …" that began a clause the cut cut off: "…rose to nine on Tuesday and
    /// the port of Toamasina, the island's main harbour, stayed closed" is cut before the harbour, and the
    /// port, which would otherwise be credited to an outlet that never named it, goes with it.
    private static func withoutUnreportedConjunct(_ kept: String, reported: (String) -> Bool) -> String {
        let lastClause = kept.range(of: ", ", options: .backwards).map { kept[$0.upperBound...] } ?? kept[...]
        guard let and = lastClause.range(of: " and ", options: .backwards) else { return kept }
        let head = kept[..<and.lowerBound]
        guard head.split(separator: " ").count >= 8, !reported(String(lastClause[and.upperBound...])) else { return kept }
        return String(head)
    }

    /// A clause set in right after a sentence's subject ("Domingos Kassoma, who ran the port
    /// authority, …", "Romuald Hounkpè, a former finance minister, …"): the main clause goes on after
    /// it, so no cut may follow it (which would leave "…both report that Domingos Kassoma, who
    /// ran the Lobito port authority for four years."). After a whole clause ("Apple has launched the
    /// Vision Air, a lighter version…") or an opening phrase ("On Tuesday, a fire destroyed…") such a
    /// clause is no insertion.
    private static func isInsertion(_ clause: String) -> Bool {
        guard let first = clause.split(separator: " ").first else { return false }
        return insertionOpeners.contains(first.lowercased())
    }
    private static let insertionOpeners: Set<String> = WordClass.insertionOpener.forms

    /// A name standing as the sentence's subject: at most four words, each capitalised but for the
    /// particles of names ("Domingos Kassoma", "Ahmed bin Saleh"), not opening with a preposition or a
    /// time ("On Tuesday", "In Luanda").
    private static func isNamedSubject(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard let first = words.first, words.count <= 4, !openingPhraseWords.contains(first.lowercased()) else { return false }
        return words.allSatisfy { word in word.first?.isUppercase == true || nameParticles.contains(String(word)) }
    }
    private static let nameParticles: Set<String> = WordClass.nameParticle.forms
    private static let openingPhraseWords: Set<String> = WordClass.openingPhrase.forms

    /// Whether `source` has one sentence or headline that says much the same as `claim` (cosine
    /// ≥ `agreement`) in enough of its own words (`wordingShare` of what the claim says besides
    /// names and figures): naming the union and the 12% elsewhere does not credit the wire with
    /// "members would stay out until the 12% demand was met", nor does a "chief executive said"
    /// frame credit an outlet with another outlet's quote.
    private static func saysItInOneSentence(_ claim: PooledSentence, _ required: Specifics, source: String, pool: SentencePool,
                                            specifics: [Specifics], headlines: [Specifics]) -> Bool {
        func enoughWording(_ candidate: Specifics) -> Bool {
            required.wording.count < 2
                || Double(required.wording.intersection(candidate.words).count) >= wordingShare * Double(required.wording.count)
        }
        for (index, other) in pool.sentences.enumerated() where pool.sourceKey(of: other) == source {
            if claim.vector.cosine(other.vector) >= agreement, enoughWording(specifics[index]) { return true }
        }
        for (index, article) in pool.articles.enumerated() where article.sourceKey == source {
            if claim.vector.cosine(pool.headlineVectors[index]) >= agreement, enoughWording(headlines[index]) { return true }
        }
        return false
    }

    /// What each outlet's report gives, over its headlines and its pooled sentences (whose
    /// specifics are given, in pool order).
    private static func specificsBySource(_ pool: SentencePool, sentences: [Specifics], headlines: [Specifics]) -> [String: Specifics] {
        var reported: [String: Specifics] = [:]
        for (article, specifics) in zip(pool.articles, headlines) { reported[article.sourceKey, default: Specifics()].add(specifics) }
        for (sentence, specifics) in zip(pool.sentences, sentences) { reported[pool.sourceKey(of: sentence), default: Specifics()].add(specifics) }
        return reported
    }

    /// The sentence as the object of "report that": its first word lowercased when it is an
    /// ordinary word (below: a stop word, a number word — "Twelve people were killed" —, or a word
    /// the story writes in lower case), kept as written otherwise ("Apple", "NATO", "Joe Biden").
    static func asClause(_ sentence: String, pool: SentencePool) -> String {
        let tokens = Tokenizer.tokens(sentence)
        guard let firstToken = tokens.first, let first = sentence.first, first.isUppercase else {
            return sentence
        }
        let laterTokens = pool.sentences.flatMap { $0.reading.tokens.dropFirst() }
        let isAcronym = firstToken.text.count > 1 && firstToken.text.allSatisfy(\.isUppercase)
        let isCommonWord = StopWords.english.contains(firstToken.normalized) || NumberWords.value(firstToken.normalized) != nil
            || laterTokens.contains { !$0.isCapitalized && $0.normalized == firstToken.normalized }
        // Lower-cased only when known to be an ordinary word: a stop word, or written in lower case
        // elsewhere in the story. A capital the story never explains otherwise stays: "Apple has
        // launched" must not become "apple has launched", and a capitalised common noun reads better
        // than a broken name.
        let isName = isAcronym || !isCommonWord
        return isName ? sentence : first.lowercased() + sentence.dropFirst()
    }
}

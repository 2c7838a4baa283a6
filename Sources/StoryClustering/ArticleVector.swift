import Foundation
import NewsText

/// An article's weighted terms, split into ordinary words and entities because similarity mixes
/// the two parts in a fixed proportion (`ClusteringConfiguration.entityShare`).
/// Weights are TF-IDF with sublinear term frequency, each part scaled to unit length.
struct ArticleVector {
    /// Term id → weight; ids of both parts (the vocabulary knows which is which).
    var weights: [Int32: Float]
    /// `weights` in the order of their ids: sums over the terms run in this order, not the
    /// dictionary's (hashing is seeded per process), so a similarity is the same bits in every process.
    var orderedWeights: [(id: Int32, weight: Float)]
    /// Unit-length parts' presence: an empty part does not take part in similarity.
    var hasWords: Bool
    var hasEntities: Bool
    /// Names and acronyms of the headline and the lead: who or what the report is about.
    var subjectNames: [SubjectName] = []
    /// Countries (or, outside Africa, regions: `AfricaGazetteer`) the headline names, and those
    /// the whole text read names.
    var subjectPlaces: Set<String> = []
    var places: Set<String> = []
    /// Names that are places (`AfricaGazetteer`, or written after "in", "off", "near": `isLocated`),
    /// and the words of those names ("sri lanka" → "sri", "lanka"): places two texts share count as
    /// one name, and when they are all that is shared their words do not count (`StoryCentroid.similarity`).
    var placeNames: Set<Int32> = []
    var placeWords: Set<Int32> = []
    /// The words of its names that are no places ("velmont ridgeline" → "velmont", "ridgeline"):
    /// two spellings of one name share a rare one (`StoryCentroid.similarity`). Places are left to
    /// the place rules ("Air Seychelles" names no event in Seychelles).
    var nameWords: Set<Int32> = []
    /// The kinds of event the headline names (`EventKind`).
    var eventKinds: Set<EventKind> = []
    /// Who acts in the event the headline names (`EventActors`).
    var actors = EventActors()

    /// Reads the headline, the first `bodyWordLimit` body words and the entities of both, counts
    /// them into `vocabulary` (document frequencies are learned from every article seen), and
    /// returns the weighted vector.
    static func make(for article: ClusterArticle, configuration: ClusteringConfiguration, vocabulary: inout TermVocabulary) -> ArticleVector {
        let headlineBoost = Float(configuration.headlineBoost)
        let body = String(leadingText(of: FeedBoilerplate.removingWireFurniture(article.body), words: configuration.bodyWordLimit))
        var counts: [Int32: Float] = [:]
        var subjectEntities: [NamedEntity] = []
        var entities: [NamedEntity] = []
        let headline = HeadlineLabels.stripping(article.headline)
        // Each text is split into tokens once: words, and places (`AfricaGazetteer`) below.
        let headlineTokens = Tokenizer.tokens(headline), bodyTokens = Tokenizer.tokens(body)
        let headlineWords = StrikeWords.contentWords(headlineTokens)
        for word in headlineWords {
            counts[vocabulary.id(for: Stemmer.stem(word), isEntity: false), default: 0] += headlineBoost
        }
        for word in StrikeWords.contentWords(bodyTokens) {
            counts[vocabulary.id(for: Stemmer.stem(word), isEntity: false), default: 0] += 1
        }
        let headlineEntities = Self.entities(in: headline), bodyEntities = Self.entities(in: body)
        for entity in headlineEntities {
            counts[vocabulary.id(for: entity.key, isEntity: true), default: 0] += headlineBoost
            if let initials = Self.initials(of: entity) {
                counts[vocabulary.id(for: initials, isEntity: true), default: 0] += headlineBoost * Self.initialsWeight
            }
            if entity.kind != .quantity { subjectEntities.append(entity) }
            entities.append(entity)
        }
        let leadEnd = leadingText(of: body, words: Self.leadWordCount).endIndex
        for entity in bodyEntities {
            counts[vocabulary.id(for: entity.key, isEntity: true), default: 0] += 1
            if let initials = Self.initials(of: entity) {
                counts[vocabulary.id(for: initials, isEntity: true), default: 0] += Self.initialsWeight
            }
            entities.append(entity)
        }
        let lead = String(body[..<leadEnd])
        for entity in Self.entities(in: lead) where entity.kind != .quantity {
            subjectEntities.append(entity)
        }
        vocabulary.observe(distinctTerms: counts.keys)

        var weights: [Int32: Float] = [:]
        weights.reserveCapacity(counts.count)
        var wordNorm: Float = 0
        var entityNorm: Float = 0
        for (id, count) in counts.sorted(by: { $0.key < $1.key }) {
            let weight = (1 + log(count)) * vocabulary.idf(id)
            guard weight > 0 else { continue }
            weights[id] = weight
            if vocabulary.isEntity(id) { entityNorm += weight * weight } else { wordNorm += weight * weight }
        }
        wordNorm = wordNorm.squareRoot()
        entityNorm = entityNorm.squareRoot()
        for (id, weight) in weights {
            weights[id] = weight / (vocabulary.isEntity(id) ? entityNorm : wordNorm)
        }
        var placeNames: Set<Int32> = []
        var placeWords: Set<Int32> = []
        var nameWords: Set<Int32> = []
        let located = Self.locatedNames(headlineTokens + bodyTokens)
        for entity in entities where entity.kind == .name {
            let words = Tokenizer.contentWords(entity.text).map { vocabulary.id(for: Stemmer.stem($0), isEntity: false) }
            let id = vocabulary.id(for: entity.key, isEntity: true)
            if Self.isPlace(entity) || Self.isLocated(entity, located) {
                placeNames.insert(id)
                placeWords.formUnion(words)
            } else {
                nameWords.formUnion(words)
            }
        }
        nameWords.subtract(placeWords)
        let subjectNames = subjectEntities.map { entity in
            // A one-word name is also mentioned as a word ("Lecornu" by "Sébastien Lecornu"); a
            // longer one only as itself, or "South African Reserve Bank" would be mentioned by
            // any text with "bank" in it.
            let words = Tokenizer.contentWords(entity.text)
            let word = words.count == 1 ? [vocabulary.id(for: Stemmer.stem(words[0]), isEntity: false)] : []
            return SubjectName(terms: ([vocabulary.id(for: entity.key, isEntity: true)] + word).filter { weights[$0] != nil })
        }.filter { !$0.terms.isEmpty }
        let subjectPlaces = Set(AfricaGazetteer.mentions(in: headlineTokens).map(\.country))
        let places = subjectPlaces.union(AfricaGazetteer.mentions(in: bodyTokens).map(\.country))
        let eventKinds = EventKind.kinds(in: headlineWords)
        // Only kinds told apart by who acts need to know who acts.
        let actors = eventKinds.contains(where: \.isToldApartByActor)
            ? EventActors.read(headline: headlineEntities, headlineTokens: headlineTokens, headlineWords: headlineWords,
                               body: bodyEntities, bodyTokens: bodyTokens, leadTokens: Tokenizer.tokens(lead),
                               isRare: { [vocabulary] in vocabulary.isRare(word: Stemmer.stem($0)) })
            : EventActors()
        let orderedWeights = weights.sorted { $0.key < $1.key }.map { (id: $0.key, weight: $0.value) }
        return ArticleVector(weights: weights, orderedWeights: orderedWeights, hasWords: wordNorm > 0, hasEntities: entityNorm > 0, subjectNames: subjectNames,
                             subjectPlaces: subjectPlaces, places: places, placeNames: placeNames, placeWords: placeWords,
                             nameWords: nameWords, eventKinds: eventKinds, actors: actors)
    }

    /// Words that put a name after them in a place: "in Hargeisa", "off Berbera", "near Dili" (and "of"
    /// after a word for a settlement: `settlementWords`).
    static let locatives: Set<String> = WordClass.locative.forms
    /// Words after which "of" locates the name that follows: "in the Zambian city of Kitwe", "the port of
    /// Berbera" (a fire report may write Kitwe only so).
    static let settlementWords: Set<String> = WordClass.settlement.forms
    /// "Shares in Nimbus Systems", "a stake in Orion": a company, not a place.
    static let ownershipWords: Set<String> = WordClass.ownership.forms

    /// The first word (normal form) of every capitalised name right after a locative: a town the
    /// gazetteer does not know is still where something happened, not who. After a place's possessive
    /// the name that follows it is the place ("in Somaliland's Berbera"); after anyone else's
    /// ("in Trump's first term", "in Microsoft's SharePoint") nothing is located.
    private static func locatedNames(_ tokens: [Tokenizer.Token]) -> Set<String> {
        var found: Set<String> = []
        for (index, token) in tokens.enumerated() where locatives.contains(token.normalized)
            || (token.normalized == "of" && index > 0 && settlementWords.contains(tokens[index - 1].normalized)) {
            if index > 0, ownershipWords.contains(tokens[index - 1].normalized) { continue }
            var next = index + 1
            // "in Angola's Benguela": past a place's possessive; "a flaw in Microsoft's SharePoint" locates nothing.
            if next < tokens.count, tokens[next].isPossessive {
                guard !AfricaGazetteer.mentions(in: [tokens[next]]).isEmpty else { continue }
                next += 1
            }
            guard next < tokens.count, tokens[next].isCapitalized, !tokens[next].isPossessive else { continue }
            found.insert(NamedEntities.normalizedKey(tokens[next].text))
        }
        return found
    }

    /// Whether a name of at most three words, no generic institution ("in Parliament"), follows a
    /// locative somewhere in the text (`locatedNames`), so a market fire and a teachers' strike in
    /// Hargeisa, a city the gazetteer does not know, do not join as sharing two names.
    /// Such names are not remembered across texts (for one that only writes "Berbera's port"): that
    /// costs dev recall 0.916 → 0.913 and a results story its market-reaction report.
    private static func isLocated(_ entity: NamedEntity, _ located: Set<String>) -> Bool {
        let words = entity.key.split(separator: " ")
        guard let first = words.first, words.count <= 3, !InstitutionNames.isGeneric(entity.key) else { return false }
        return located.contains(String(first))
    }

    /// Whether a name is wholly a place the gazetteer knows ("Algeria", "Sri Lankan", "Algiers";
    /// not "Central Bank of Sri Lanka").
    private static func isPlace(_ entity: NamedEntity) -> Bool {
        place(Tokenizer.tokens(entity.text)) != nil
    }

    /// The country (or region) of a name's tokens when they are wholly one place the gazetteer knows.
    static func place(_ tokens: [Tokenizer.Token]) -> String? {
        let mentions = AfricaGazetteer.mentions(in: tokens)
        return mentions.count == 1 && mentions[0].tokenCount == tokens.count ? mentions[0].country : nil
    }

    /// The acronym a name of three or more words is written as ("Rapid Support Forces" → "rsf", "International
    /// Monetary Fund" → "imf"), counted as one more entity of the text at half a mention's weight, so a
    /// truce stays one story when one outlet writes "the RSF" and the others "the Rapid Support
    /// Forces". At a whole mention's weight, texts writing the full name shared it twice over and
    /// dev recall fell 0.916 → 0.915; at half, dev is unchanged (0.3 and 0.7 too).
    static let initialsWeight: Float = 0.5

    static func initials(of entity: NamedEntity) -> String? {
        guard entity.kind == .name else { return nil }
        let words = entity.text.split(separator: " ").filter { !["of", "the", "and", "for", "de", "du", "la"].contains($0.lowercased()) }
        guard words.count >= 3, words.count <= 5, words.allSatisfy({ $0.first?.isUppercase == true }),
              // A name with a place in it is left to the place rules: "Democratic Republic of Congo" as "drc" too
              // would be one more name shared by every story of that country.
              AfricaGazetteer.mentions(in: Tokenizer.tokens(entity.text)).isEmpty else { return nil }
        return String(words.compactMap { $0.first?.lowercased() }.joined())
    }

    /// Acronyms of a field, not of anyone: "AI", "GDP", "CEO". They are words, not names, so a
    /// Danish lab's AI model and a US court's ruling on an AI law, which share only "AI" and "US",
    /// are not two shared names taken for one event.
    static let generalNames: Set<String> = WordClass.generalName.forms

    /// The entities of `text` that can name someone or something (`generalNames` left out).
    private static func entities(in text: String) -> [NamedEntity] {
        NamedEntities.extract(from: text).filter { !generalNames.contains($0.key) }
    }

    /// Body words that make the lead: with the headline, they say who or what the report is about.
    static let leadWordCount = 40

    /// The heaviest `limit` terms: what the inverted index is queried with.
    func strongestTerms(_ limit: Int) -> [(id: Int32, weight: Float)] {
        weights.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
            .prefix(limit).map { (id: $0.key, weight: $0.value) }
    }

    /// The first `words` words of `text`, cut at a word boundary: long bodies cost no more than
    /// short ones. Words are counted between ASCII spaces and line breaks, which is what prose uses.
    private static func leadingText(of text: String, words: Int) -> Substring {
        var seen = 0
        var inWord = false
        let utf8 = text.utf8
        for index in utf8.indices {
            let byte = utf8[index]
            let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
            if !isSpace, !inWord {
                seen += 1
                if seen > words { return text[..<index] }
            }
            inWord = !isSpace
        }
        return text[...]
    }
}

/// A name or acronym a report is about, as the terms that mention it: the entity itself and, for
/// a one-word name, the word, so "Lecornu" in one headline is mentioned by a story that says
/// "Sébastien Lecornu".
struct SubjectName: Hashable {
    let terms: [Int32]

    func isMentioned(by weights: [Int32: Float]) -> Bool { terms.contains { weights[$0] != nil } }
}

import Foundation

/// What the clusterer remembers of one story: the summed term mass of its articles (capped to the
/// heaviest terms) and the span of their publication times. Mass is stored without IDF (each
/// article's term frequencies, scaled to its vector's length) and weighted with the current IDF when
/// compared, so early articles are not judged by the sparse statistics that held when they arrived.
struct StoryCentroid {
    let id: String
    private(set) var mass: [Int32: Float] = [:]
    /// Lengths of the word and entity parts of `mass` weighted by IDF, refreshed whenever the story
    /// changes (IDF moves slowly in between), so a comparison only walks the article's terms.
    private var wordNorm: Float = 0
    private var entityNorm: Float = 0
    private(set) var earliest: Date
    private(set) var latest: Date
    /// Names and acronyms of its articles' headlines and leads (`ArticleVector.subjectNames`), at
    /// most `subjectNameLimit`: who or what the story is about.
    private(set) var subjectNames: Set<SubjectName> = []
    static let subjectNameLimit = 32
    /// The countries or regions its articles' headlines name, and all those they name
    /// (`ArticleVector.places`). Bounded by the gazetteer's few hundred labels.
    private(set) var subjectPlaces: Set<String> = []
    private(set) var places: Set<String> = []
    /// The kinds of event its articles' headlines name (`EventKind`).
    private(set) var eventKinds: Set<EventKind> = []
    /// Who acts in the events its articles' headlines name (`EventActors`), at most `EventActors.limit` of each sort.
    private(set) var actors = EventActors()
    /// The words of the places its articles name (`ArticleVector.placeWords`), at most `placeWordLimit`:
    /// a name sharing one of them ("Air Seychelles" beside the Seychelles) shares a place, not a name.
    private(set) var placeWords: Set<Int32> = []
    static let placeWordLimit = 256

    init(id: String, publishedAt: Date) {
        self.id = id
        earliest = publishedAt
        latest = publishedAt
    }

    /// Whether the story had an article within `window` of `date`.
    func isLive(around date: Date, window: TimeInterval) -> Bool {
        latest >= date.addingTimeInterval(-window) && earliest <= date.addingTimeInterval(window)
    }

    /// 1 while the story is active (an article within `grace` of `date`), then halving for every
    /// `halfLife` beyond that. A story quiet for a day needs stronger evidence to take a new
    /// article, while a developing story keeps its latest time fresh and its follow-ups keep joining.
    func quietnessFactor(at date: Date, grace: TimeInterval, halfLife: TimeInterval) -> Float {
        let gap = max(date.timeIntervalSince(latest), earliest.timeIntervalSince(date), 0)
        return Float(pow(0.5, max(gap - grace, 0) / halfLife))
    }

    /// Adds an article; returns the terms the story gained and lost, for the inverted index.
    mutating func add(_ vector: ArticleVector, at publishedAt: Date, vocabulary: TermVocabulary, termLimit: Int) -> (gained: [Int32], lost: [Int32]) {
        var gained: [Int32] = []
        for (id, weight) in vector.weights {
            let share = weight / max(vocabulary.idf(id), 0.01)
            if mass.updateValue((mass[id] ?? 0) + share, forKey: id) == nil { gained.append(id) }
        }
        earliest = min(earliest, publishedAt)
        latest = max(latest, publishedAt)
        addSubjectNames(vector.subjectNames)
        subjectPlaces.formUnion(vector.subjectPlaces)
        places.formUnion(vector.places)
        eventKinds.formUnion(vector.eventKinds)
        actors.formUnion(vector.actors)
        addPlaceWords(vector.placeWords)
        let lost = prune(vocabulary: vocabulary, termLimit: termLimit)
        refreshNorms(vocabulary: vocabulary)
        return (gained, lost)
    }

    /// Takes in another story's articles (a merge); returns gained and lost terms like `add`.
    mutating func absorb(_ other: StoryCentroid, vocabulary: TermVocabulary, termLimit: Int) -> (gained: [Int32], lost: [Int32]) {
        var gained: [Int32] = []
        for (id, share) in other.mass where mass.updateValue((mass[id] ?? 0) + share, forKey: id) == nil {
            gained.append(id)
        }
        earliest = min(earliest, other.earliest)
        latest = max(latest, other.latest)
        addSubjectNames(other.subjectNames)
        subjectPlaces.formUnion(other.subjectPlaces)
        places.formUnion(other.places)
        eventKinds.formUnion(other.eventKinds)
        actors.formUnion(other.actors)
        addPlaceWords(other.placeWords)
        let lost = prune(vocabulary: vocabulary, termLimit: termLimit)
        refreshNorms(vocabulary: vocabulary)
        return (gained, lost)
    }

    /// Similarity (0…1) of an article to this story: the cosine over words and the cosine over
    /// entities, combined as a weighted geometric mean (`entityShare` the entities' exponent) when
    /// both sides have entities, words alone otherwise. Geometric, so both must agree: same-kind
    /// events in different places (words alike, no shared names) and unrelated news from one
    /// country (a shared name, different words) both score low.
    ///
    /// Halved (`differentSubjectsFactor`) for each way the two are about different subjects: the
    /// article's headline and lead name only people, places or bodies the story never mentions, and
    /// the story's headlines and leads only ones the article never mentions ("South Africa's central
    /// bank cuts rates" against a story headlined "ECB cuts rates"); their headlines name different
    /// countries; their headlines name different kinds of event (`EventKind`). Shared wording and one
    /// shared figure then need twice the evidence, or four times: Chile's and Korea's cuts "by 25
    /// basis points" of one day differ in names and in countries. A side that names nobody tells nothing.
    ///
    /// Multiplied by `differentActorsFactor` when both headlines name one kind of event told apart by
    /// who acts and their actors differ (`differentActors`).
    func similarity(to vector: ArticleVector, vocabulary: TermVocabulary, entityShare: Float,
                    differentSubjectsFactor: Float, differentActorsFactor: Float) -> Float {
        let base = contentSimilarity(to: vector, vocabulary: vocabulary, entityShare: entityShare)
        let differences = [namesNoOneElseMentions(vector), placesNoOneElseMentions(vector), differentEventKinds(vector)]
        return base * pow(differentSubjectsFactor, Float(differences.filter { $0 }.count))
            * (differentActors(vector) ? differentActorsFactor : 1)
    }

    /// Both sides' headlines name one kind of event told apart by who acts (`EventKind.isToldApartByActor`),
    /// and their actors differ (`EventActors.differ`): Quillfeather's and Harrowgate's job cuts, the
    /// House's and the Senate's votes of one day. Passing mentions in the text do not count; only
    /// who the headlines say acts.
    private func differentActors(_ vector: ArticleVector) -> Bool {
        !vector.actors.isEmpty && !actors.isEmpty
            && eventKinds.intersection(vector.eventKinds).contains(where: \.isToldApartByActor)
            && vector.actors.differ(from: actors)
    }

    /// Headlines on both sides name kinds of event, none in common (`EventKind`): a quake and a
    /// train collision in one country on one day, or a company's results and its fine, are two stories.
    private func differentEventKinds(_ vector: ArticleVector) -> Bool {
        !vector.eventKinds.isEmpty && !eventKinds.isEmpty && EventKind.differ(vector.eventKinds, eventKinds)
    }

    private func namesNoOneElseMentions(_ vector: ArticleVector) -> Bool {
        guard !vector.subjectNames.isEmpty, !subjectNames.isEmpty else { return false }
        return !vector.subjectNames.contains { $0.isMentioned(by: mass) }
            && !subjectNames.contains { $0.isMentioned(by: vector.weights) }
    }

    /// The same test on countries: "Nigeria's Senate passes a budget" and "US Senate passes
    /// stopgap bill" share the Senate (a name every country has) but neither names the other's country.
    private func placesNoOneElseMentions(_ vector: ArticleVector) -> Bool {
        guard !vector.subjectPlaces.isEmpty, !subjectPlaces.isEmpty else { return false }
        return vector.subjectPlaces.isDisjoint(with: places) && subjectPlaces.isDisjoint(with: vector.places)
    }

    /// The entity match two spellings of one name stand for (then capped at the word cosine), and
    /// the word cosine it needs beside it.
    static let nameWordMatch: Float = 0.5
    static let nameWordWording: Float = 0.35

    private func contentSimilarity(to vector: ArticleVector, vocabulary: TermVocabulary, entityShare: Float) -> Float {
        var wordDot: Float = 0, entityDot: Float = 0
        // Shared names; places count as one, however many: they say where, not what happened.
        var sharedNames = 0
        var sharesPlace = false
        var sharedTerms = 0
        // A name's own words shared beside it ("hargeisa" the entity and the word) are one term.
        var sharedEntities = 0, sharedNameWords = 0
        for (id, articleWeight) in vector.orderedWeights {
            guard let share = mass[id] else { continue }
            sharedTerms += 1
            let product = share * vocabulary.idf(id) * articleWeight
            guard vocabulary.isEntity(id) else {
                wordDot += product
                if vector.nameWords.contains(id) || vector.placeWords.contains(id) { sharedNameWords += 1 }
                continue
            }
            sharedEntities += 1
            entityDot += product
            if vector.placeNames.contains(id) { sharesPlace = true } else { sharedNames += 1 }
        }
        // One term in common, however rare (a local paper's town), is no shared event.
        guard sharedTerms - min(sharedEntities, sharedNameWords) >= 2 else { return 0 }
        if sharesPlace { sharedNames += 1 }
        // One name written two ways ("Velmont Ridgeline" and "Velmont Motors") shares a rare word of
        // it: as telling as one shared name, no more, and only beside much shared wording, since two
        // names may share a word and nothing else ("Lions of Teranga", "Teranga Pay").
        var sharesNameWord = false
        // Both headlines name one kind of deadly incident: as telling as a shared name.
        if eventKinds.intersection(vector.eventKinds).contains(where: \.isDeadlyIncident) { sharedNames += 1 }
        // When a place is the only name shared, its words do not count either ("Sri Lanka" is
        // also "sri" and "lanka", two rare words a rail strike and a rate cut of one day shared).
        if sharedNames == 1, sharesPlace {
            for word in vector.placeWords.sorted() {
                guard let share = mass[word], let articleWeight = vector.weights[word] else { continue }
                wordDot -= share * vocabulary.idf(word) * articleWeight
            }
        }
        // (Never below 0: subtracting a place's words must not leave a rounding error under zero.)
        let wordCosine = wordNorm > 0 ? min(max(wordDot, 0) / wordNorm, 1) : 0
        if sharedNames == 0, wordCosine >= Self.nameWordWording {
            // The story writes the word, as a name or not (a name opening a sentence is no name to
            // `NamedEntities`, and a wire may write "Lumivex" only there), and not as a place's.
            sharesNameWord = vector.nameWords.contains { mass[$0] != nil && !placeWords.contains($0) && vocabulary.isRare($0) }
        }
        guard vector.hasEntities, entityNorm > 0 else { return wordCosine }
        // One shared name (a person, or the places) is where two events happen, not that they are
        // one: it may keep stories apart (a low entity match) but not pull them together on its own.
        let entityMatch = sharesNameWord ? Self.nameWordMatch : min(entityDot / entityNorm, 1)
        let entityCosine = sharedNames >= 2 ? entityMatch : min(entityMatch, wordCosine)  // a name word counts as one name
        return vector.hasWords ? pow(wordCosine, 1 - entityShare) * pow(entityCosine, entityShare) : entityCosine
    }

    private mutating func addPlaceWords(_ words: Set<Int32>) {
        // In order, so which words a full story keeps does not depend on the set's order.
        for word in words.sorted() where placeWords.count < Self.placeWordLimit { placeWords.insert(word) }
    }

    private mutating func addSubjectNames(_ names: some Sequence<SubjectName>) {
        // In order, so which names a full story keeps does not depend on the set's order.
        for name in names.sorted(by: { $0.terms.lexicographicallyPrecedes($1.terms) })
        where subjectNames.count < Self.subjectNameLimit {
            subjectNames.insert(name)
        }
    }

    private mutating func refreshNorms(vocabulary: TermVocabulary) {
        var words: Float = 0, entities: Float = 0
        // Summed in the order of the ids, so the norms are the same bits in every process.
        for (id, share) in mass.sorted(by: { $0.key < $1.key }) {
            let weight = share * vocabulary.idf(id)
            if vocabulary.isEntity(id) { entities += weight * weight } else { words += weight * weight }
        }
        wordNorm = words.squareRoot()
        entityNorm = entities.squareRoot()
    }

    /// Keeps the heaviest terms once the centroid is 50% over its limit (amortising the sort).
    private mutating func prune(vocabulary: TermVocabulary, termLimit: Int) -> [Int32] {
        guard mass.count > termLimit + termLimit / 2 else { return [] }
        let ranked = mass.map { (id: $0.key, weight: $0.value * vocabulary.idf($0.key)) }
            .sorted { $0.weight > $1.weight || ($0.weight == $1.weight && $0.id < $1.id) }
        let lost = ranked.dropFirst(termLimit).map(\.id)
        for id in lost { mass[id] = nil }
        return lost
    }
}

/// The gazetteer's lookup structure: entries keyed by their first normalized word, longest
/// first, built once from the name lists in `AfricaGazetteer+Places.swift`, `AfricaGazetteer+Actors.swift`
/// and `AfricaGazetteer+Elsewhere.swift`.
struct GazetteerIndex: Sendable {
    /// A name that is also something else in ordinary English.
    enum Ambiguity: Sendable {
        /// Also a first or last name ("Chad Smith", "Michael Jordan"): rejected when a
        /// capitalised word that is not a place word stands right before or after it.
        case personalName
        /// Also part of a common noun ("guinea pig"): rejected before one of these words.
        case notBefore(Set<String>)
    }

    struct Entry: Sendable {
        let words: [String]
        let country: String
        let isAfrican: Bool
        /// A person, bank or company (`AfricaGazetteer.africanActors`), not a place.
        let isActor: Bool
        /// For acronyms that are ordinary words in lower case ("US" and "us"): the exact text.
        let exactText: [String]?
        let ambiguity: Ambiguity?
    }

    static let shared = GazetteerIndex(
        african: AfricaGazetteer.africanNames, actors: AfricaGazetteer.africanActors, elsewhere: AfricaGazetteer.nonAfricanNames)

    private var entriesByFirstWord: [String: [Entry]] = [:]

    /// Words that make an ambiguous neighbour a place rather than a person: "Chad President",
    /// "Lake Chad", "Jordan Valley".
    private static let placeContextWords: Set<String> = WordClass.placeContext.forms

    private static let ambiguities: [String: Ambiguity] = [
        "chad": .personalName,
        "jordan": .personalName,
        "guinea": .notBefore(["pig", "pigs", "fowl", "worm", "worms"]),
    ]

    init(african: [String: [String]], actors: [String: [String]], elsewhere: [String: [String]]) {
        // Added in the order of the labels and ranked longest first, then in the order added, so when
        // two entries match alike the same one wins in every process (a dictionary's order does not).
        for (country, names) in african.sorted(by: { $0.key < $1.key }) { add(names, country: country, isAfrican: true) }
        for (country, names) in actors.sorted(by: { $0.key < $1.key }) {
            add(names, country: country, isAfrican: true, isActor: true)
        }
        for (label, names) in elsewhere.sorted(by: { $0.key < $1.key }) { add(names, country: label, isAfrican: false) }
        for key in entriesByFirstWord.keys {
            entriesByFirstWord[key] = entriesByFirstWord[key]!.enumerated()
                .sorted { ($0.element.words.count, $1.offset) > ($1.element.words.count, $0.offset) }.map(\.element)
        }
    }

    private mutating func add(_ names: [String], country: String, isAfrican: Bool, isActor: Bool = false) {
        for name in names {
            let exact = name.hasPrefix("=")
            let written = exact ? String(name.dropFirst()) : name
            let tokens = Tokenizer.tokens(written)
            guard let first = tokens.first else { continue }
            let words = tokens.map(\.normalized)
            let entry = Entry(words: words, country: country, isAfrican: isAfrican, isActor: isActor,
                              exactText: exact ? tokens.map(\.text) : nil,
                              ambiguity: words.count == 1 ? Self.ambiguities[words[0]] : nil)
            entriesByFirstWord[first.normalized, default: []].append(entry)
        }
    }

    /// The longest entry whose words start at `position`, if any passes its checks; actors' entries only
    /// with `actors`.
    func longestMatch(in tokens: [Tokenizer.Token], at position: Int, requiresCapital: Bool, actors: Bool) -> Entry? {
        let first = tokens[position]
        if requiresCapital && !first.isCapitalized { return nil }
        var candidates = entriesByFirstWord[first.normalized] ?? []
        if first.normalized.hasSuffix("s") {
            candidates += entriesByFirstWord[String(first.normalized.dropLast())]?.filter { $0.words.count == 1 } ?? []
        }
        let titleCase = requiresCapital && Tokenizer.isTitleCase(tokens)
        return candidates.first { entry in
            (actors || !entry.isActor) && matches(entry, tokens, position)
                && !isRejected(entry, tokens, position, checkNames: requiresCapital && !titleCase)
        }
    }

    /// Words match exactly, except that the last may carry a possessive or plural "s"
    /// ("Kenya's" is tokenized as "kenyas", "Nigerians" is the plural of "Nigerian").
    private func matches(_ entry: Entry, _ tokens: [Tokenizer.Token], _ position: Int) -> Bool {
        guard position + entry.words.count <= tokens.count else { return false }
        for (offset, word) in entry.words.enumerated() {
            let token = tokens[position + offset]
            if let exact = entry.exactText {
                guard token.text == exact[offset] else { return false }
            } else if token.normalized != word {
                let isLast = offset == entry.words.count - 1
                guard isLast, word.count >= 4, token.normalized == word + "s" else { return false }
            }
        }
        return true
    }

    private func isRejected(_ entry: Entry, _ tokens: [Tokenizer.Token], _ position: Int, checkNames: Bool) -> Bool {
        switch entry.ambiguity {
        case nil:
            return false
        case .notBefore(let nouns):
            return position + 1 < tokens.count && nouns.contains(tokens[position + 1].normalized)
        case .personalName:
            guard checkNames else { return false }
            return looksLikeNamePart(tokens, position - 1) || looksLikeNamePart(tokens, position + 1)
        }
    }

    /// A capitalised neighbour that is neither a place, a place word nor a function word
    /// opening a sentence ("In Chad, ..."): "Chad *Smith*", "*Michael* Jordan".
    private func looksLikeNamePart(_ tokens: [Tokenizer.Token], _ index: Int) -> Bool {
        guard tokens.indices.contains(index), tokens[index].isCapitalized else { return false }
        let word = tokens[index].normalized
        return !Self.placeContextWords.contains(word) && !StopWords.english.contains(word)
            && entriesByFirstWord[word] == nil
    }
}

import NewsText

/// Who acts in the event a report's headline names: the company that cuts jobs, the central bank
/// that sets a rate, the country whose government faces a confidence vote, the chamber that passes
/// a bill. Events of one such kind arrive many to a week (three companies' layoffs, three banks'
/// cuts of one morning) worded alike, and later reports name the earlier ones in passing ("the
/// latest in a wave of tech layoffs after Quillfeather"), so their term vectors are close; who acts
/// tells them apart (`StoryCentroid.similarity`, `EventKind.isToldApartByActor`).
///
/// Read from the headline: its names that are neither places nor people, and the countries it
/// names. A Title Case headline, or one opening with its name, yields no names to `NamedEntities`,
/// so the body's names whose words all stand in the headline stand in for them ("Chip Software
/// Maker Quillfeather Cuts 1,200 Jobs" over "Quillfeather Software said"). A headline naming no
/// actor ("Lecornu ousted as deputies topple government") takes its country from the lead, when
/// the lead names one ("leaving France without a budget").
struct EventActors: Equatable {
    var names: Set<ActorName> = []
    var countries: Set<String> = []

    /// At most this many names and countries are kept per story.
    static let limit = 16

    var isEmpty: Bool { names.isEmpty && countries.isEmpty }

    /// Whether two sides name different actors: names against names when both have some (a name
    /// matching none of the other's), otherwise countries against countries. A side naming no actor
    /// of the sort the other names tells nothing.
    func differ(from other: EventActors) -> Bool {
        if !names.isEmpty, !other.names.isEmpty {
            return !names.contains { name in other.names.contains(where: name.matches) }
        }
        if !countries.isEmpty, !other.countries.isEmpty { return countries.isDisjoint(with: other.countries) }
        return false
    }

    mutating func formUnion(_ other: EventActors) {
        // In order, so which actors a full story keeps does not depend on the sets' order.
        for name in other.names.sorted(by: { $0.key < $1.key }) where names.count < Self.limit { names.insert(name) }
        for country in other.countries.sorted() where countries.count < Self.limit { countries.insert(country) }
    }

    /// The actors of a report: `headline` the entities of the headline as compared (`HeadlineLabels.stripping`:
    /// a shouted kicker names no actor), `headlineTokens` and `headlineWords` (content
    /// words) its text, `body` the body's entities, `bodyTokens` its text and `leadTokens` the tokens of
    /// its first words.
    static func read(headline: [NamedEntity], headlineTokens: [Tokenizer.Token], headlineWords: [String],
                     body: [NamedEntity], bodyTokens: [Tokenizer.Token], leadTokens: [Tokenizer.Token],
                     isRare: (String) -> Bool) -> EventActors {
        let people = personWords(headlineTokens).union(personWords(bodyTokens))
        let words = Set(headlineWords)
        var seen: Set<String> = []
        var actors = EventActors()
        let written = headline.filter { $0.kind != .quantity }
        // Names the headline's casing hid: body names standing whole in it, or opening it ("Harrowgate
        // to lay off 6% of workforce" over "Harrowgate Networks will cut"), and institutions every
        // country has, written with a capital ("Senate Approves Insulin Price Cap").
        let opening = headlineTokens.first.flatMap { $0.isCapitalized ? $0.normalized : nil }
        let recovered = body.filter { entity in
            guard entity.kind == .name else { return false }
            let nameWords = Tokenizer.contentWords(entity.text)
            return !nameWords.isEmpty && (nameWords.allSatisfy(words.contains) || nameWords.first == opening)
        }
        var named = (written + recovered).map { (key: $0.key, tokens: Tokenizer.tokens($0.text)) }
        // A rare opening word the body writes with a capital is a name nobody wrote where capitals tell
        // ("Lumenreach to cut 800 jobs" over "Lumenreach, the online advertising software company").
        if let opening, !named.contains(where: { $0.tokens.contains { $0.normalized == opening } }), isRare(opening),
           bodyTokens.contains(where: { $0.isCapitalized && $0.normalized == opening }) {
            named.append((key: opening, tokens: [headlineTokens[0]]))
        }
        // An institution inside a longer name is that name's ("Reserve Bank" of "Reserve Bank of Australia").
        let longer = named.map { Set($0.tokens.map(\.normalized)) }
        named += institutions(headlineTokens).filter { institution in
            !longer.contains { Set(institution.tokens.map(\.normalized)).isSubset(of: $0) }
        }
        for (key, tokens) in named where seen.insert(key).inserted {
            if let country = ArticleVector.place(tokens) {
                actors.countries.insert(country)
                continue
            }
            let nameWords = tokens.map(\.normalized)
            guard let last = nameWords.last, !people.contains(last) else { continue }
            actors.names.insert(ActorName(key: key, words: Set(Tokenizer.contentWords(tokens)), initials: initials(nameWords)))
        }
        actors.countries.formUnion(AfricaGazetteer.mentions(in: headlineTokens).map(\.country))
        if actors.isEmpty, let first = AfricaGazetteer.mentions(in: leadTokens).first {
            actors.countries.insert(first.country)
        }
        return actors
    }

    /// Capitalised runs of the headline that spell an institution every country has ("Senate",
    /// "House of Representatives", "Central Bank"), as names: a Title Case headline's and the opening word's
    /// capitals say nothing to `NamedEntities`.
    private static func institutions(_ tokens: [Tokenizer.Token]) -> [(key: String, tokens: [Tokenizer.Token])] {
        var found: [(key: String, tokens: [Tokenizer.Token])] = []
        var index = 0
        while index < tokens.count {
            let spans = (1...institutionWords).reversed().lazy.filter { index + $0 <= tokens.count }.map { tokens[index..<index + $0] }
            let name = spans.first { span in
                span.first?.isCapitalized == true && span.last?.isCapitalized == true
                    && InstitutionNames.isGeneric(span.map(\.normalized).joined(separator: " "))
            }
            guard let name else { index += 1; continue }
            found.append((key: name.map(\.normalized).joined(separator: " "), tokens: Array(name)))
            index += name.count
        }
        return found
    }

    /// The longest institution name `institutions` looks for, in words ("house of representatives").
    private static let institutionWords = 3

    /// The last words of names written right after a title ("Prime Minister Ilie Bolojan" → "bolojan",
    /// "Governor Tiff Macklem" → "macklem"): people, who are no actor of these kinds; a headline's
    /// "Bolojan ousted" is about Romania's government.
    private static func personWords(_ tokens: [Tokenizer.Token]) -> Set<String> {
        var found: Set<String> = []
        var index = 0
        while index < tokens.count {
            guard personTitles.contains(tokens[index].normalized) else { index += 1; continue }
            var next = index + 1
            while next < tokens.count, personTitles.contains(tokens[next].normalized) { next += 1 }
            var last: String?
            while next < tokens.count, tokens[next].isCapitalized {
                last = tokens[next].normalized
                if tokens[next].isPossessive { break }
                next += 1
            }
            if let last { found.insert(last) }
            index = max(next, index + 1)
        }
        return found
    }

    private static let personTitles: Set<String> = WordClass.personTitle.forms

    /// What a name of several words is written as: its words' first letters, with and without the
    /// small words ("Reserve Bank of New Zealand" → "rbonz", "rbnz").
    private static func initials(_ words: [String]) -> Set<String> {
        guard words.count > 1 else { return [] }
        let content = words.filter { $0.count > 1 && !StopWords.english.contains($0) }
        return [String(words.compactMap(\.first)), String(content.compactMap(\.first))]
    }
}

/// A name that acts in an event: a company, a bank, a chamber.
struct ActorName: Hashable {
    /// `NamedEntity.key`.
    let key: String
    /// Its content words.
    let words: Set<String>
    /// What it is written as in capitals (`EventActors.initials`).
    let initials: Set<String>

    /// One actor: the same name, a name and its initials ("RBNZ", "Reserve Bank of New Zealand"),
    /// or a name and a longer one holding all its words ("Harrowgate" and "Harrowgate Networks",
    /// "Reserve Bank" and "South African Reserve Bank"), a word of three letters or more also as the
    /// start of one ("Fed" and "Federal Reserve").
    func matches(_ other: ActorName) -> Bool {
        if key == other.key || initials.contains(other.key) || other.initials.contains(key) { return true }
        return isWithin(other) || other.isWithin(self)
    }

    private func isWithin(_ other: ActorName) -> Bool {
        !words.isEmpty && words.allSatisfy { word in
            other.words.contains { $0 == word || (word.count >= 3 && $0.hasPrefix(word)) }
        }
    }
}

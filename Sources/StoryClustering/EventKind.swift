import NewsText

/// The kind of event a headline names, where the kind tells two events apart: deadly incidents,
/// and a company's results, penalties, acquisitions, recalls and launches. Headlines naming only
/// different kinds are about different subjects (`StoryCentroid.similarity`, `differ`).
///
/// Two incidents in one country on one day share their casualty wording ("killed", "injured",
/// "the civil protection service said") and the country: a quake near Béjaïa and a train collision
/// near Blida. A company's quarterly results and its EU fine of the same day share the company and
/// its products. Their kinds keep them apart.
enum EventKind: Hashable, CaseIterable {
    case earthquake, storm, fire, crash, collapse, eruption
    case results, penalty, acquisition, recall, launch
    /// A labour strike: a miners' strike and a market fire in Kitwe, a town the gazetteer does not
    /// know, would otherwise join as sharing two names (the town and Zambia).
    case strike
    /// Kinds that many actors have in one week, told apart by who acts (`isToldApartByActor`).
    case layoffs, rateDecision, confidenceVote, legislativeVote

    /// Headlines naming one kind of deadly incident share something like a name: a tabloid's "tower
    /// block crumbles in Lagos" and "building collapses in Nigeria's Lagos" share only the places
    /// otherwise. Not so a company's kinds: many companies report results on one day.
    var isDeadlyIncident: Bool {
        switch self {
        case .earthquake, .storm, .fire, .crash, .collapse, .eruption: return true
        case .results, .penalty, .acquisition, .recall, .launch, .strike: return false
        case .layoffs, .rateDecision, .confidenceVote, .legislativeVote: return false
        }
    }

    /// Events of this kind come many to a week from different actors, worded alike: three companies'
    /// layoffs, three central banks' cuts of one morning, two chambers' votes of one day. Two reports
    /// of one such kind whose actors differ (`EventActors`) report different events. These kinds say
    /// nothing against other kinds (`differ`): a company's job cuts and its results may be one event.
    var isToldApartByActor: Bool {
        switch self {
        case .layoffs, .rateDecision, .confidenceVote, .legislativeVote: return true
        default: return false
        }
    }

    /// Whether two headlines' kinds (each non-empty) name different events. A launch tells apart only
    /// from a company's other news (a phone launch and the maker's fine of one day):
    /// armies launch attacks too, so beside a deadly incident it says nothing.
    static func differ(_ first: Set<EventKind>, _ second: Set<EventKind>) -> Bool {
        func telling(_ kinds: Set<EventKind>, against other: Set<EventKind>) -> Set<EventKind> {
            other.contains { !$0.isDeadlyIncident } ? kinds : kinds.subtracting([.launch])
        }
        let first = first.filter { !$0.isToldApartByActor }, second = second.filter { !$0.isToldApartByActor }
        let (told, other) = (telling(first, against: second), telling(second, against: first))
        return !told.isEmpty && !other.isEmpty && told.isDisjoint(with: other)
    }

    /// Every word of `NaturalDisasters.words` has its kind here (a test keeps the two in step).
    /// Words politics uses too are left out ("bid", "launch", "probe": "Biden's re-election bid";
    /// "launches" and "unveils" count, and only against a company's other news: `differ`).
    static let byWord: [String: EventKind] = {
        // In a fixed order, so a word of two classes gets the same kind in every process.
        let kinds: KeyValuePairs<EventKind, WordClass> = [
            .earthquake: .earthquakeEvent,
            .storm: .stormEvent,
            .fire: .fireEvent,
            .crash: .crashEvent,
            .collapse: .collapseEvent,
            .eruption: .eruptionEvent,
            .results: .resultsEvent,
            .penalty: .penaltyEvent,
            .acquisition: .acquisitionEvent,
            .recall: .recallEvent,
            .launch: .launchEvent,
            .strike: .strikeEvent,
        ]
        return kinds.reduce(into: [:]) { table, entry in
            for word in entry.value.forms { table[word] = entry.key }
        }
    }()

    /// The kinds `words` (a headline's content words) name.
    static func kinds(in words: [String]) -> Set<EventKind> {
        // "strike" is a walkout only beside a word of labour ("miners strike", "nurses launch strike over
        // pay"): "Israel strikes Gaza hospital", "Salah strikes twice" and "drone strike" are no walkouts,
        // and beside the fire an attack started a walkout's kind would split the attack's story.
        let labour = !Set(words).isDisjoint(with: labourWords)
        var kinds = Set(words.indices.compactMap { index -> EventKind? in
            let kind = byWord[words[index]]
            if kind == .strike, !walkoutWords.contains(words[index]), !labour || (index > 0 && attackWords.contains(words[index - 1])) {
                return nil
            }
            return kind
        })
        for (kind, wordClass) in actedKindWords where words.contains(where: { wordClass.contains($0) }) {
            kinds.insert(kind)
        }
        // A chamber and what it did with a bill: "US Senate passes…", "House backs crew rule".
        if words.contains(where: legislatureWords.contains),
           words.contains(where: { word in legislativeActions.contains { $0.contains(word) } }) {
            kinds.insert(.legislativeVote)
        }
        return kinds
    }

    /// The words of each kind told apart by actor that one word names (`isToldApartByActor`).
    private static let actedKindWords: [(EventKind, WordClass)] = [
        (.layoffs, .layoffEvent), (.rateDecision, .rateDecisionEvent), (.confidenceVote, .confidenceVoteEvent),
    ]

    private static let legislatureWords: Set<String> = WordClass.legislature.forms
    private static let legislativeActions: [WordClass] = [.votePassed, .voteStalled, .legislatureAction]

    /// Words of a strike that are never an attack's.
    private static let walkoutWords: Set<String> = WordClass.walkout.forms

    /// Words that make a strike a walkout: who strikes, and over what.
    private static let labourWords: Set<String> = WordClass.labour.forms

    /// Words that make the strike after them an attack even beside a labour word: "drone strike".
    private static let attackWords: Set<String> = WordClass.attack.forms
}

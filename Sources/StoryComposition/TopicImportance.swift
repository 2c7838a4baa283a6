import NewsText

/// How much a story matters by its subject: a base per desk, raised by signal words in the
/// headlines and leads that mark consequential events (deaths, election results, rate decisions).
enum TopicImportance {
    /// Politics and the Africa desk lead; finance moves markets; tech is more often features.
    static func base(topic: Topic?) -> Int {
        switch topic {
        case .politics, .africa: return 10
        case .finance: return 9
        case .tech: return 7
        case nil: return 4
        }
    }

    /// Each class found adds `pointsPerClass`, so a coup with deaths outranks either alone.
    static let pointsPerClass = 4

    /// Families of consequential events, each a set of normalised words or phrases.
    static let signalClasses: [String: [String]] = [
        "casualties": WordClasses.shared.entries(.casualtySignal),
        "violence": WordClasses.shared.entries(.violenceSignal),
        "elections": WordClasses.shared.entries(.electionSignal),
        "monetary": WordClasses.shared.entries(.monetarySignal),
        "economy": WordClasses.shared.entries(.economySignal),
        "leadership": WordClasses.shared.entries(.leadershipSignal),
        "disaster": NaturalDisasters.words.sorted() + WordClasses.shared.entries(.disasterSignal),
        "diplomacy": WordClasses.shared.entries(.diplomacySignal),
        "markets": WordClasses.shared.entries(.marketSignal),
    ]

    /// `words`: the headlines' and leads' words in folded form, in reading order (`ArticleAnnotation.leadWords`).
    static func score(topic: Topic?, words: [String]) -> Int {
        let present = PhraseSet(words: words, longest: longestPhrase)
        let classes = signalClasses.values.filter { phrases in phrases.contains(where: present.contains) }.count
        return ScoreBreakdown.clamp(base(topic: topic) + pointsPerClass * classes)
    }

    /// The most words in any signal phrase ("debt restructuring", "state of emergency").
    static let longestPhrase = signalClasses.values.joined().map { $0.split(separator: " ").count }.max() ?? 1
}

/// Every run of up to `longest` consecutive words of a text, for phrase lookups in constant time
/// (searching the text once per phrase was the costliest step of scoring a story).
struct PhraseSet {
    private var runs: Set<String> = []

    init(words: [String], longest: Int) {
        for start in words.indices {
            var phrase = ""
            for end in start..<min(start + longest, words.count) {
                phrase += (end == start ? "" : " ") + words[end]
                runs.insert(phrase)
            }
        }
    }

    func contains(_ phrase: String) -> Bool { runs.contains(phrase) }
}

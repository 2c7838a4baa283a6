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
        "casualties": ["killed", "dead", "deaths", "death toll", "died", "fatalities", "massacre", "casualties", "drowned",
                       "killing"],
        "violence": ["attack", "bombing", "explosion", "gunmen", "shooting", "coup", "war", "invasion", "airstrike",
                     "insurgents", "militants", "hostages", "kidnapped"],
        "elections": ["election results", "wins election", "won the election", "runoff", "sworn in",
                      "president elect", "election", "polls close", "vote count", "referendum"],
        "monetary": ["interest rate", "rate hike", "rate cut", "raises rates", "cuts rates", "benchmark rate",
                     "policy rate", "central bank", "repo rate", "basis points"],
        "economy": ["inflation", "gdp", "recession", "default", "debt restructuring", "imf", "devaluation",
                    "unemployment", "budget"],
        "leadership": ["resigns", "resignation", "impeached", "impeachment", "ousted", "dies at", "arrested",
                       "sentenced", "convicted", "indicted"],
        // Natural disasters (`NaturalDisasters`, the one list), epidemics, and accidents that kill:
        // a ferry that capsized with 14 dead must not score like a rate decision.
        "disaster": NaturalDisasters.words.sorted() + [
            "drought", "famine", "outbreak", "epidemic", "pandemic", "cholera", "ebola", "mpox", "collapse", "collapsed",
            "capsized", "capsizes", "sank", "sinks", "shipwreck", "derailed", "derailment", "plane crash", "crashed",
        ],
        "diplomacy": ["sanctions", "ceasefire", "peace deal", "treaty", "summit", "state of emergency"],
        "markets": ["stocks plunge", "market crash", "shares plunge", "sell off", "bankruptcy", "bank run"],
    ]

    static func score(topic: Topic?, text: String) -> Int {
        let present = PhraseSet(words: Tokenizer.words(text), longest: longestPhrase)
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

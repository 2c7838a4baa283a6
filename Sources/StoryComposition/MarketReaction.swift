import NewsText

/// Headlines that tell how a market or its analysts took an event ("Lithuanian bonds slip as government
/// falls", "Euro slips as ECB delivers expected cut", "Analysts see rate cuts ending…"): the event is the
/// story, and another outlet's headline that states it wins while one exists (a government's collapse is
/// not headlined by its bond market). A market move without a cause ("Shares plunge 20%")
/// is news in itself and is not one.
enum MarketReaction {
    /// What moves: a market, or a currency by name.
    private static let markets: Set<String> = [
        "bonds", "bond", "yields", "shares", "stocks", "markets", "equities", "currency", "investors", "traders",
        "dollar", "euro", "pound", "sterling", "yen", "yuan", "rand", "naira", "shilling", "cedi", "kwacha", "rupee",
        "oil", "brent", "crude", "gold", "bitcoin",
    ]
    private static let moves: Set<String> = [
        "slip", "slips", "fall", "falls", "fell", "rise", "rises", "rose", "jump", "jumps", "tumble", "tumbles", "rally",
        "rallies", "climb", "climbs", "dip", "dips", "slide", "slides", "surge", "surges", "sink", "sinks", "drop",
        "drops", "gain", "gains", "edge", "ease", "eases", "firm", "firms", "steady", "steadies", "react", "cheer",
        "shrug",
    ]

    /// Who comments on an event, and the verbs of comment: "Analysts see Mexico rate cuts ending after
    /// Banxico move to 6.75%" must not head a rate-cut card over three headlines saying the bank cut.
    private static let commentators: Set<String> = [
        "analysts", "economists", "experts", "strategists", "observers", "investors", "traders",
    ]
    private static let comments: Set<String> = [
        "see", "say", "expect", "predict", "warn", "bet", "doubt", "question", "welcome", "fear", "think", "eye", "weigh",
    ]

    /// A market word within the first three words, a move right after it, and "as", "after" or
    /// "on" later naming the cause; or commentators and their comment opening the headline.
    static func isReaction(_ headline: String) -> Bool {
        let words = Tokenizer.words(headline)
        if words.count > 1, commentators.contains(words[0]), comments.contains(words[1]) { return true }
        guard let market = words.prefix(3).firstIndex(where: markets.contains), market + 1 < words.count,
              moves.contains(words[market + 1]) else { return false }
        return words[(market + 2)...].contains { ["as", "after", "on"].contains($0) }
    }
}

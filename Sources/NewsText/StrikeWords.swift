/// "Strike" names a walkout, and is also a verb: a disaster strikes, a court strikes a law down,
/// a company strikes a deal. Only the walkout is kept, so a rail strike, a quake that "struck" and
/// a court that "struck down" a law of one day share no "strike".
public enum StrikeWords {
    /// How many tokens after "strikes" / "struck" a deal may follow ("strikes US$2.4bn Congo cobalt
    /// deal" is six: "US", "2", "4bn"…).
    static let dealReach = 6

    /// The content words of `tokens` (`Tokenizer.contentWords`) without the "strike" verbs above.
    public static func contentWords(_ tokens: [Tokenizer.Token]) -> [String] {
        let words = tokens.map(\.normalized)
        var kept: [String] = []
        var previous: String?
        for (index, word) in words.enumerated() where word.count > 1 && !StopWords.english.contains(word) {
            defer { previous = word }
            if WordClass.strike.contains(word), isVerb(at: index, in: words, after: previous) { continue }
            kept.append(word)
        }
        return kept
    }

    private static func isVerb(at index: Int, in words: [String], after previous: String?) -> Bool {
        if let previous, NaturalDisasters.words.contains(previous) { return true }  // "earthquake strikes"
        let following = words[(index + 1)...]
        if following.first == "down" { return true }  // "strikes down", "struck down"
        if let next = following.first(where: { $0.count > 1 && !StopWords.english.contains($0) }), WordClass.deal.contains(next) {
            return true  // "strike a deal"
        }
        // "strikes $2bn deal"; not "strike ends after unions sign deal" (the noun, "strike").
        return words[index] != "strike" && following.prefix(dealReach).contains(where: WordClass.deal.contains)
    }
}

/// Who an outlet says won a contest: "Ruto won the presidential election", "Hichilema was
/// declared the winner", "Tinubu was elected president"; and who came second (`runnersUp`).
/// Only these explicit forms count; "won a seat" or "won approval" are not outcomes two outlets
/// can contradict.
enum DeclaredWinners {
    /// What must follow "won"/"wins" for it to name the contest's winner.
    private static let contests: Set<String> = [
        "election", "presidential", "presidency", "vote", "runoff", "run-off", "race", "poll", "polls", "final",
        "title", "championship", "primary", "ballot",
    ]

    static func winners(in sentence: String) -> [String] {
        let words = FactWords(sentence).words
        var found: [String] = []
        for (index, word) in words.enumerated() where index > 0 {
            guard declaresWin(words, at: index, verb: word.lowered), let name = name(endingAt: index - 1, in: words) else {
                continue
            }
            found.append(name)
        }
        return found
    }

    /// "X won the election", "X wins the runoff", "X was declared (the) winner", "X was elected president".
    private static func declaresWin(_ words: [FactWords.Word], at index: Int, verb: String) -> Bool {
        let following = words[(index + 1) ..< min(words.count, index + 5)].map(\.lowered)
        switch verb {
        case "won", "wins":
            return following.prefix(3).contains(where: contests.contains)
        case "was", "has", "is":
            let phrase = following.joined(separator: " ")
            return phrase.hasPrefix("declared the winner") || phrase.hasPrefix("declared winner")
                || phrase.hasPrefix("been declared") || phrase.hasPrefix("elected president")
                || phrase.hasPrefix("been elected president") || phrase.hasPrefix("declared president-elect")
        default:
            return false
        }
    }

    /// Who an outlet says came second: "defeating Ousman Darboe", "Ousman Darboe of the United
    /// Democratic Party came second", "Runner-up Lamin Jobe". A fourth reader's audit planted two
    /// outlets naming different runners-up, and no conflict said so.
    static func runnersUp(in sentence: String) -> [String] {
        let words = FactWords(sentence).words
        var found: [String] = []
        for (index, word) in words.enumerated() {
            switch word.lowered {
            case "defeating", "beating", "runner-up":
                if let name = name(startingAt: index + 1, in: words) { found.append(name) }
            case "came", "finished":
                guard index + 1 < words.count, words[index + 1].lowered == "second", index > 0 else { continue }
                if let name = personBeforeAffiliation(endingAt: index - 1, in: words) { found.append(name) }
            default:
                continue
            }
        }
        return found
    }

    /// One to three capitalised words from `start`, within the clause: "Lamin Jobe".
    private static func name(startingAt start: Int, in words: [FactWords.Word]) -> String? {
        var end = start
        while end < words.count, end - start < 3, words[end].isCapitalized, words[end].number == nil {
            end += 1
            if words[end - 1].endsClause { break }
        }
        return end > start ? words[start ..< end].map(\.text).joined(separator: " ") : nil
    }

    /// The name ending at `end`, or before an "of (the) …" affiliation that ends there: "Ousman
    /// Darboe of the United Democratic Party" is Ousman Darboe.
    private static func personBeforeAffiliation(endingAt end: Int, in words: [FactWords.Word]) -> String? {
        var before = end
        while before >= 0, words[before].isCapitalized { before -= 1 }
        if before >= 1, words[before].lowered == "the", words[before - 1].lowered == "of" {
            return before >= 2 ? name(endingAt: before - 2, in: words) : nil
        }
        if before >= 0, words[before].lowered == "of" { return before >= 1 ? name(endingAt: before - 1, in: words) : nil }
        return name(endingAt: end, in: words)
    }

    /// One to three capitalised words ending at `end`, not the sentence's opening function word:
    /// "William Ruto", "Hichilema".
    private static func name(endingAt end: Int, in words: [FactWords.Word]) -> String? {
        var start = end
        while start >= 0, end - start < 3, words[start].isCapitalized, words[start].number == nil,
              start == end || !words[start].endsClause {
            start -= 1
        }
        guard start < end else { return nil }
        let parts = words[(start + 1) ... end].map(\.text).drop { ["The", "A", "An", "But", "And"].contains($0) }
        guard !parts.isEmpty else { return nil }
        return parts.joined(separator: " ")
    }

    /// "William Ruto" and "Ruto" are one person: any shared name word.
    static func sameName(_ first: String, _ second: String) -> Bool {
        !Set(first.lowercased().split(separator: " ")).isDisjoint(with: second.lowercased().split(separator: " "))
    }
}

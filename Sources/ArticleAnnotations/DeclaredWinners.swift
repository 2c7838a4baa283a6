import NewsText

/// Who an outlet says won a contest: "Ruto won the presidential election", "Hichilema was
/// declared the winner", "Tinubu was elected president"; and who came second (`runnersUp`).
/// Only these explicit forms count; "won a seat" or "won approval" are not outcomes two outlets
/// can contradict.
package enum DeclaredWinners {
    /// What must follow "won"/"wins" for it to name the contest's winner (`WordClass.contest`).
    package static let contests: Set<String> = WordClass.contest.forms

    /// What follows "was", "has" or "is" when it declares the winner, as the start of the next words
    /// (`WordClass.winnerDeclaration`: "declared the winner", "elected president").
    private static let declarations = WordClasses.shared.entries(.winnerDeclaration)

    package static func winners(in words: [FactWords.Word]) -> [String] {
        var found: [String] = []
        for (index, word) in words.enumerated() where index > 0 {
            // "Chanida Wongsuwan of the reformist People's Future Party won": the person, not the party.
            guard declaresWin(words, at: index, verb: word.lowered), let name = personBeforeAffiliation(endingAt: index - 1, in: words) else {
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
            // Four words: "won Phnom Penh's governor election".
            return following.contains(where: contests.contains)
        case "was", "has", "is":
            let phrase = following.joined(separator: " ")
            return declarations.contains { phrase.hasPrefix($0) }
        default:
            return false
        }
    }

    /// Who an outlet says came second: "defeating Ousman Darboe", "Ousman Darboe of the United
    /// Democratic Party came second", "Runner-up Lamin Jobe": two outlets naming different
    /// runners-up are in conflict.
    package static func runnersUp(in words: [FactWords.Word]) -> [String] {
        var found: [String] = []
        let lowered = words.map(\.lowered)
        for index in words.indices {
            switch lowered[index] {
            case "defeating", "beating", "runner-up":
                if let name = name(startingAt: index + 1, in: words) { found.append(name) }
            default:
                // "… came second" (`WordClass.secondPlace`): the name before the phrase.
                guard index > 0, WordClass.secondPlace.opens(at: index, in: lowered) else { continue }
                if let name = personBeforeAffiliation(endingAt: index - 1, in: words) { found.append(name) }
            }
        }
        return found
    }

    /// Who an outlet says was appointed to what: "appointed former finance minister Amílcar Fonseca
    /// as prime minister" is (prime minister, Amílcar Fonseca); "named Olavo Brito, the former
    /// finance minister, as prime minister" too, and so is the passive "Olavo Brito, a former
    /// banker, was appointed prime minister". The role is the words after "as" (or, passive, after
    /// the verb; an article or "its", "new" aside), up to a clause end or three words, so outlets
    /// naming a new prime minister, an envoy or a mines minister differently are in conflict.
    package static func appointments(in words: [FactWords.Word]) -> [(role: String, name: String)] {
        var found: [(role: String, name: String)] = []
        for (index, word) in words.enumerated() where word.isIn(.appointing) && !word.endsClause {
            let appointment: (name: String, roleStart: Int)?
            if index >= 2, words[index - 1].isIn(.passiveAuxiliary) {
                appointment = subject(endingBefore: index - 1, in: words).map { (name: $0, roleStart: index + 1) }
            } else {
                appointment = object(after: index, in: words)
            }
            guard let appointment, let role = role(startingAt: appointment.roleStart, in: words) else { continue }
            found.append((role, appointment.name))
        }
        return found
    }

    /// "appointed [former finance minister] Amílcar Fonseca [, …,] as": the name, and where the
    /// role starts (after "as").
    private static func object(after verb: Int, in words: [FactWords.Word]) -> (name: String, roleStart: Int)? {
        // Skip a lower-case description before the name ("former finance minister").
        var start = verb + 1
        while start < words.count, start - verb <= 4, !words[start].isCapitalized, !words[start].endsClause { start += 1 }
        guard let name = name(startingAt: start, in: words) else { return nil }
        var position = start + name.split(separator: " ").count
        while position < words.count, position - start <= 12, words[position].lowered != "as" { position += 1 }
        return position < words.count ? (name, position + 1) : nil
    }

    /// "Jean-Marie Tshibanda[, a former executive of Gécamines,] was": the name before the
    /// auxiliary at `auxiliary`, or before an aside between commas that ends there.
    private static func subject(endingBefore auxiliary: Int, in words: [FactWords.Word]) -> String? {
        let last = auxiliary - 1
        guard words[last].endsClause else { return name(endingAt: last, in: words) }
        var opening = last - 1
        while opening >= 0, last - opening <= 10, !words[opening].endsClause { opening -= 1 }
        return opening >= 0 && last - opening <= 10 ? name(endingAt: opening, in: words) : nil
    }

    /// The role from `start` ("as" itself skipped): up to three words, an article or "new" aside,
    /// ending at a clause end or a preposition. One word names a role only when there is one of it:
    /// "as president", not "as minister".
    private static func role(startingAt start: Int, in words: [FactWords.Word]) -> String? {
        var role: [String] = []
        var next = start < words.count && words[start].lowered == "as" ? start + 1 : start
        while next < words.count, role.count < 3 {
            let lowered = words[next].lowered
            if role.isEmpty, ["its", "the", "a", "an", "new", "their", "his", "her"].contains(lowered) { next += 1; continue }
            guard words[next].number == nil else { break }
            role.append(lowered)
            if words[next].endsClause || WordClass.roleEnd.contains(lowered) { break }
            next += 1
        }
        while let last = role.last, WordClass.roleEnd.contains(last) { role.removeLast() }
        guard role.count > 1 || (role.count == 1 && WordClass.singleHolderRole.contains(role[0])) else { return nil }
        return role.joined(separator: " ")
    }

    /// The winners a report names: its body's (`people`), and its headline's only where the body names
    /// no one of that name. A Title Case headline's adjective reads as a name ("Reformist Chanida
    /// Wongsuwan wins…"), which the body writes plainly.
    package static func people(body: [String], headline: [String]) -> Set<String> {
        let named = people(body)
        return named.union(people(headline.filter { name in !named.contains { sameName($0, name) } }))
    }

    /// Appointments grouped by role: role → the people appointed to it (`people`).
    package static func byRole(_ appointments: [(role: String, name: String)]) -> [String: Set<String>] {
        appointments.reduce(into: [String: [String]]()) { $0[$1.role, default: []].append($1.name) }.mapValues(people)
    }

    /// The people `names` write, each once by the fullest name used: a report that heads "Chakwera wins"
    /// and writes "Lazarus Chakwera won" in its lead names one winner, not two (which had hidden its
    /// dispute with an outlet declaring someone else).
    package static func people(_ names: [String]) -> Set<String> {
        let fullestFirst = Set(names).map { (name: $0, words: Set($0.lowercased().split(separator: " "))) }.sorted { lhs, rhs in
            lhs.words.count != rhs.words.count ? lhs.words.count > rhs.words.count : lhs.name < rhs.name
        }
        var kept: [(name: String, words: Set<Substring>)] = []
        for person in fullestFirst where !kept.contains(where: { person.words.isSubset(of: $0.words) }) { kept.append(person) }
        return Set(kept.map(\.name))
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
        var start = end
        while start >= 0, words[start].isCapitalized { start -= 1 }
        guard let of = FactWords.affiliationOf(runStartingAt: start + 1, in: words) else { return name(endingAt: end, in: words) }
        return of >= 1 ? name(endingAt: of - 1, in: words) : nil
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
    package static func sameName(_ first: String, _ second: String) -> Bool {
        !Set(first.lowercased().split(separator: " ")).isDisjoint(with: second.lowercased().split(separator: " "))
    }

    /// Both name someone, and no one named in `first` is named in `second` (`sameName`).
    static func nameDifferentPeople(_ first: Set<String>, _ second: Set<String>) -> Bool {
        !first.isEmpty && !second.isEmpty && !first.contains { name in second.contains { sameName(name, $0) } }
    }
}

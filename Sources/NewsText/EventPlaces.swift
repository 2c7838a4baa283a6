/// Reads which places of one sentence (a headline, a lead) say where its event happens or whom it is
/// about, and which are passing mentions.
///
/// A sentence's main clause runs from its start to the first word that turns to something beside the
/// event: a `passingPlaceMarker` ("as Gulf of Guinea producers watch", "including shows in
/// Johannesburg", "the cuts reach its Nairobi hub"); right after a comma, dash, colon or bracket, a
/// `clauseOpener` (", with users in the UK, Germany and South Africa", ", which also discussed Libya");
/// after a `commodity` and before any place, a `causeMarker` ("Oil rises on Nigerian rebel threat": a
/// price's move and its cause).
/// A marker opening the sentence sets aside only its own clause ("While Kenya votes, the Fed holds
/// rates"). "As" before a possessive or a title names a role ("sworn in as Zambia's president", "as
/// the new governor of Lagos"), and a marker whose object is a deal is the event itself ("reaches a
/// deal with Ghana"), so neither turns aside. Places
/// in the main clause are the event's (its subject, the owner of its actor, where it happens); the
/// others are passing.
///
/// A list or range of places that mixes African places with others (`placeListConnector` words
/// between them: "from Dublin to Accra", "the UK, Germany and South Africa", "Europe and Africa") names
/// several places the event touched, so none of them is the event's place; a list of African places
/// only ("Kenya, Uganda and Tanzania sign pact") stays the event's.
public enum EventPlaces {
    /// A place name of the sentence and whether it is a passing mention.
    public struct Place: Sendable, Equatable {
        public let mention: AfricaGazetteer.Mention
        public let isPassing: Bool
    }

    /// Every place of `sentence` in reading order, each marked passing or not.
    public static func places(in sentence: String) -> [Place] {
        places(in: Tokenizer.tokens(sentence))
    }

    /// Every place of a sentence already read into `tokens` (`Tokenizer.tokens`, whose clause breaks
    /// `Token.opensClause` keeps), in reading order, each marked passing or not.
    public static func places(in tokens: [Tokenizer.Token]) -> [Place] {
        let found = AfricaGazetteer.mentions(in: tokens, actors: true)
        // An actor beside a place of its own country ("South Africa's president Cyril Ramaphosa") is
        // that place's, not a second mention: an actor stands for its country where no place of it is named.
        let named = Set(found.filter { !$0.isActor }.map(\.country))
        let mentions = found.filter { !$0.isActor || !named.contains($0.country) }
        guard !mentions.isEmpty else { return [] }
        let clauseStarts = Set(tokens.indices.filter { tokens[$0].opensClause })
        let aside = asideTokens(tokens, clauseStarts: clauseStarts, placeStarts: Set(mentions.map(\.tokenIndex)))
        let touched = mixedListMembers(mentions, tokens)
        return mentions.enumerated().map { index, mention in
            Place(mention: mention, isPassing: aside.contains(mention.tokenIndex) || touched.contains(index))
        }
    }

    /// Indices of the tokens outside the main clause.
    private static func asideTokens(_ tokens: [Tokenizer.Token], clauseStarts: Set<Int>, placeStarts: Set<Int>) -> Set<Int> {
        let words = tokens.map(\.normalized)
        let titleCase = Tokenizer.isTitleCase(tokens)
        for index in tokens.indices
        where turnsAside(tokens, words, at: index, titleCase: titleCase, clauseStarts: clauseStarts, placeStarts: placeStarts) {
            if index == 0 {
                let end = clauseStarts.filter { $0 > 0 }.min() ?? tokens.count
                return Set(0 ..< end)
            }
            return Set(index ..< tokens.count)
        }
        return []
    }

    private static func turnsAside(_ tokens: [Tokenizer.Token], _ words: [String], at index: Int, titleCase: Bool,
                                   clauseStarts: Set<Int>, placeStarts: Set<Int>) -> Bool {
        let token = tokens[index]
        // A capitalised word inside a sentence written in sentence case is part of a name ("Human Rights Watch").
        if token.isCapitalized && index > 0 && !titleCase { return false }
        let opensClause = clauseStarts.contains(index) && WordClass.clauseOpener.contains(words[index])
        guard opensClause || WordClass.passingPlaceMarker.contains(words[index])
                || opensCauseOfMove(tokens, words, at: index, titleCase: titleCase, placeStarts: placeStarts) else { return false }
        if words[index] == "as" {
            let namesRole = (index + 1 < tokens.count && tokens[index + 1].isPossessive)
                || object(of: index, in: words, placeStarts: placeStarts, is: .personTitle)
            if namesRole { return false }
        }
        return !object(of: index, in: words, placeStarts: placeStarts, is: .deal)
    }

    /// A cause marker after a commodity, with no place before it: the sentence tells a price's move and
    /// what moved it ("Oil near $50 on supply fears in Nigeria").
    private static func opensCauseOfMove(_ tokens: [Tokenizer.Token], _ words: [String], at index: Int, titleCase: Bool,
                                         placeStarts: Set<Int>) -> Bool {
        WordClass.causeMarker.contains(words[index]) && !placeStarts.contains { $0 < index }
            && (0 ..< index).contains { isCommodity(tokens, words, at: $0, titleCase: titleCase) }
    }

    /// A commodity word that is no part of a name: "gold", "Oil prices", "Oil Rises On…" in a title-case
    /// headline, but not "Gold Fields" or "Shell Oil".
    private static func isCommodity(_ tokens: [Tokenizer.Token], _ words: [String], at index: Int, titleCase: Bool) -> Bool {
        guard WordClass.commodity.contains(words[index]) else { return false }
        if titleCase || !tokens[index].isCapitalized { return true }
        return index == 0 && !(index + 1 < tokens.count && tokens[index + 1].isCapitalized)
    }

    /// Whether a word of `wordClass` is among the next three words after `index`, before any place:
    /// the marker's object is then the event itself ("reaches staff-level deal with Ghana"), or a role
    /// ("as national chairman of Nigeria's ruling party"), where "citing Rwanda deal" cites a place's deal.
    private static func object(of index: Int, in words: [String], placeStarts: Set<Int>, is wordClass: WordClass) -> Bool {
        for next in (index + 1) ..< min(index + 4, words.count) {
            if placeStarts.contains(next) { return false }
            if wordClass.contains(words[next]) { return true }
        }
        return false
    }

    /// Indices (into `mentions`) of the members of lists and ranges that mix African places with others.
    private static func mixedListMembers(_ mentions: [AfricaGazetteer.Mention], _ tokens: [Tokenizer.Token]) -> Set<Int> {
        var members: Set<Int> = []
        var start = 0
        while start < mentions.count {
            var end = start
            while end + 1 < mentions.count, joinsList(mentions[end], mentions[end + 1], tokens) { end += 1 }
            let list = mentions[start ... end]
            if list.count >= 2, list.contains(where: \.isAfrican), list.contains(where: { !$0.isAfrican }) {
                members.formUnion(start ... end)
            }
            start = end + 1
        }
        return members
    }

    /// Whether only list connectors (or nothing but punctuation) stand between two mentions.
    private static func joinsList(_ first: AfricaGazetteer.Mention, _ second: AfricaGazetteer.Mention,
                                  _ tokens: [Tokenizer.Token]) -> Bool {
        let between = tokens[(first.tokenIndex + first.tokenCount) ..< second.tokenIndex]
        return between.allSatisfy { WordClass.placeListConnector.contains($0.normalized) }
    }
}

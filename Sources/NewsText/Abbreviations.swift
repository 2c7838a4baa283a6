/// Periods that do not end a sentence in news copy, and the few that may.
enum Abbreviations {
    /// Titles, ranks and months: always followed by a name or a number, so a period after them
    /// never ends a sentence. Matched only when written capitalised ("Sen." but not "sen.").
    static let beforeName: Set<String> = WordClass.abbreviationBeforeName.forms
        .union(WordClass.monthAbbreviation.forms).union(WordClass.weekdayAbbreviation.forms)

    /// Suffixes that sit at the end of a name and so can also close a sentence
    /// ("... shares of Acme Inc. The deal ..."): a period after them ends the sentence only when
    /// the next word is one that typically opens one.
    static let closingName: Set<String> = WordClass.abbreviationClosingName.forms

    /// Whether a single period after `word` ends the sentence, given the word that follows.
    static func periodEndsSentence(after word: String, followedBy next: String) -> Bool {
        let bare = word.hasSuffix(".") ? String(word.dropLast()) : word
        guard let first = bare.first else { return true }
        // An initial: "John F. Kennedy", "J. R. R. Tolkien".
        if bare.count == 1, first.isUppercase { return false }
        let lowered = bare.lowercased()
        if first.isUppercase, beforeName.contains(lowered) { return false }
        // "U.S.", "a.m.", "e.g.", "D.C.": dotted abbreviations, and name suffixes, end a sentence
        // only before a word like "The", "He" or "But". A figure's decimal point ("3.75%.",
        // "$1.2bn.") makes no abbreviation.
        if bare.contains(".") && !bare.contains(where: \.isNumber) || closingName.contains(lowered) {
            return StopWords.english.contains(next.lowercased())
        }
        return true
    }
}

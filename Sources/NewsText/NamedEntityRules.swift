/// Turns a run of capitalised words into a name: trims words that are capitalised only because of
/// grammar (sentence starts, "The", weekdays) and splits off job titles, so "On Monday, President
/// Joe Biden" and "Biden's" meet as "joe biden" / "biden" rather than never.
enum NameRun {
    /// Lower-case words allowed inside a name: "Bank of England", "Ahmed bin Salman".
    /// ("and" is not one: "Spijkenisse and Hoogvliet" are two places far more often than one name.)
    static let connectors: Set<String> = ["of", "de", "del", "da", "dos", "du", "la", "le", "van", "von", "bin", "al", "el"]

    /// Capitalised for reasons other than being a name.
    private static let calendar: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march",
        "april", "june", "july", "august", "september", "october", "november", "december", "today", "yesterday",
    ]

    /// Job titles written before names; dropped so "President Ruto" and "Ruto" share a key.
    private static let titles: Set<String> = [
        "president", "vice", "prime", "minister", "mr", "mrs", "ms", "dr", "sen", "senator", "rep", "gov", "governor",
        "secretary", "chancellor", "king", "queen", "prince", "princess", "pope", "judge", "chief", "gen", "general",
        "lt", "col", "sgt", "mayor", "speaker", "leader", "ceo", "chairman", "chairwoman", "chair", "director",
        "commissioner", "former", "premier", "sheikh", "rev", "finance", "foreign", "defense", "defence", "health",
        "interior", "attorney", "deputy", "opposition", "coach", "captain",
    ]

    static func entity(from run: [ScannedWord]) -> NamedEntity? {
        var words = run
        let openedSentence = words.first?.startsSentence ?? false
        // "Residents of Spijkenisse": a sentence-initial word joined by a connector is ordinary
        // sentence case far more often than part of a name.
        if openedSentence, words.count > 2, connectors.contains(words[1].text) { words.removeFirst(2) }
        while let first = words.first, isGrammatical(first.text) || titles.contains(first.text.lowercased()) || connectors.contains(first.text) {
            words.removeFirst()
        }
        while let last = words.last, connectors.contains(last.text) || isGrammatical(last.text) {
            words.removeLast()
        }
        guard !words.isEmpty else { return nil }
        if words.count == 1, openedSentence, words[0].startsSentence { return nil }
        let text = words.map(\.withoutPossessive).joined(separator: " ")
        let key = NamedEntities.normalizedKey(text)
        return key.isEmpty ? nil : NamedEntity(kind: .name, text: text, key: key)
    }

    private static func isGrammatical(_ word: String) -> Bool {
        let lower = word.lowercased()
        return StopWords.english.contains(lower) || calendar.contains(lower)
    }
}

/// Numbers that identify an event: with a unit ("7.2 magnitude", "304 people", "40%"), a currency
/// ("$1.2 billion") or after "magnitude". Bare numbers and years are too ambiguous to count.
enum Quantity {
    private static let units: Set<String> = [
        "percent", "per", "pct", "percentage", "points", "point", "basis", "million", "billion", "trillion", "magnitude",
        "km", "kilometres", "kilometers", "miles", "metres", "meters", "people", "dead", "deaths", "killed", "injured",
        "tonnes", "tons", "barrels", "dollars", "euros", "pounds", "shillings", "naira", "rand", "cedis", "yuan", "yen",
        "seats", "votes", "soldiers", "troops", "children", "workers", "jobs", "cases", "passengers", "homes",
    ]
    private static let currencies: [Character: String] = ["$": "$", "€": "€", "£": "£", "¥": "¥"]

    static func entity(at index: Int, in words: [ScannedWord]) -> NamedEntity? {
        let word = words[index]
        let number = word.text.replacingOccurrences(of: ",", with: "")
        var parts: [String] = []
        var written = word.text
        if let symbol = word.gapBefore.last.flatMap({ currencies[$0] }) {
            parts.append(symbol)
            written = symbol + written
        }
        parts.append(number)
        if index > 0, words[index - 1].text.lowercased() == "magnitude", !word.punctuationBefore {
            parts.append("magnitude")
            written = "magnitude " + written
        } else if word.percentAfter {
            parts.append("%")
            written += "%"
        } else if index + 1 < words.count, ["", "-"].contains(words[index + 1].gapBefore),
                  units.contains(words[index + 1].text.lowercased()) {
            parts.append(words[index + 1].text.lowercased())
            written += " " + words[index + 1].text
        }
        guard parts.count > 1 else { return nil }
        return NamedEntity(kind: .quantity, text: written, key: parts.joined(separator: " "))
    }
}

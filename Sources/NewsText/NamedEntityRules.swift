/// Turns a run of capitalised words into a name: trims words that are capitalised only because of
/// grammar (sentence starts, "The", weekdays) and splits off job titles, so "On Monday, President
/// Joe Biden" and "Biden's" meet as "joe biden" / "biden" rather than never.
enum NameRun {
    /// Lower-case words allowed inside a name: "Bank of England", "Ahmed bin Salman".
    /// ("and" is not one: "Spijkenisse and Hoogvliet" are two places far more often than one name.)
    static let connectors: Set<String> = WordClass.nameConnector.forms

    /// Capitalised for reasons other than being a name.
    /// Not "may": a modal verb opens sentences, and "May" is a name too.
    private static let calendar: Set<String> = WordClass.weekday.forms.union(WordClass.month.forms.subtracting(["may"]))
        .union(WordClass.dayReference.forms)

    /// Job titles written before names; dropped so "President Ruto" and "Ruto" share a key.
    static let titles: Set<String> = WordClass.jobTitle.forms

    /// Titles that stand between what precedes a person and the person: "Romanian Prime Minister
    /// Ilie Bolojan" is Romanian and Ilie Bolojan, "Fed Chair Jerome Powell" the Fed and Jerome
    /// Powell. Words that also name things ("Health", "Finance", "General") are not among them:
    /// "World Health Organization" is one name.
    private static let personTitles: Set<String> = WordClass.personTitle.forms

    /// The names of a run of capitalised words: one, or several where a title splits it.
    static func entities(from run: [ScannedWord]) -> [NamedEntity] {
        var segments: [[ScannedWord]] = []
        for (index, word) in run.enumerated() {
            let isTitle = personTitles.contains(word.text.lowercased())
            let follows = index > 0 && personTitles.contains(run[index - 1].text.lowercased())
            if segments.isEmpty || isTitle && !follows { segments.append([]) }
            segments[segments.count - 1].append(word)
        }
        return segments.compactMap(entity(from:))
    }

    static func entity(from run: [ScannedWord]) -> NamedEntity? {
        var words = run
        let openedSentence = words.first?.startsSentence ?? false
        // "Residents of Spijkenisse": a sentence-initial word joined by a connector is ordinary
        // sentence case far more often than part of a name.
        if openedSentence, words.count > 2, connectors.contains(words[1].text) { words.removeFirst(2) }
        while let first = words.first, isGrammatical(first.withoutPossessive) || titles.contains(first.text.lowercased()) || connectors.contains(first.text) {
            words.removeFirst()
        }
        while let last = words.last, connectors.contains(last.text) || isGrammatical(last.withoutPossessive) {
            words.removeLast()
        }
        guard !words.isEmpty else { return nil }
        // A capital that opens a sentence says nothing, unless the word is a possessive
        // ("Nigeria's", not "It's" or "Today's").
        if words.count == 1, openedSentence, words[0].startsSentence,
           !words[0].isPossessive || isGrammatical(words[0].withoutPossessive) { return nil }
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
/// ("$1.2 billion", "N820") or after "magnitude". Bare numbers and years are too ambiguous to count.
/// Each is keyed in one spelling, so outlets that write a figure differently still share it:
/// "4.50%" and "4.5 per cent" are "4.5 %", "$57.0bn" and "$57 billion" are "$ 57 billion",
/// "N820" and "820 naira" are "820 naira", "12 killed" and "12 dead" are "12 dead".
enum Quantity {
    /// Unit words after a number → their one spelling.
    private static let units: [String: String] = {
        var units: [String: String] = [
            "pct": "%", "basis": "bp", "bps": "bp", "bp": "bp", "point": "points",
            "bn": "billion", "tn": "trillion", "mn": "million", "kilometres": "km", "kilometers": "km", "meters": "metres",
            "tons": "tonnes", "killed": "dead", "deaths": "dead",
        ]
        for same in [
            "percentage", "points", "million", "billion", "trillion", "magnitude", "km", "miles", "metres", "people",
            "dead", "injured", "tonnes", "barrels", "dollars", "euros", "pounds", "shillings", "naira", "rand",
            "cedis", "birr", "yuan", "yen", "seats", "votes", "soldiers", "troops", "children", "workers", "jobs",
            "cases", "passengers", "homes",
        ] {
            units[same] = same
        }
        return units
    }()
    private static let currencies: [Character: String] = ["$": "$", "€": "€", "£": "£", "¥": "¥"]
    /// Currencies written as letters glued to the number ("N820", "KSh42.8bn"), keyed as the unit
    /// word outlets also use ("820 naira"). Only these: Nigerian and Kenyan outlets write them so
    /// throughout, while "R2" (rand) is as often a road or a model.
    private static let letterCurrencies: [String: String] = ["N": "naira", "KSh": "shillings", "Ksh": "shillings", "Br": "birr"]
    /// ISO codes written before the number ("ETB 127.50", "USD 2bn"): the symbol or unit word
    /// outlets write instead.
    private static let codeCurrencies: [String: (symbol: String?, unit: String?)] = [
        "USD": ("$", nil), "EUR": ("€", nil), "GBP": ("£", nil), "NGN": (nil, "naira"), "KES": (nil, "shillings"),
        "ETB": (nil, "birr"), "ZAR": (nil, "rand"), "GHS": (nil, "cedis"),
    ]
    /// Units glued to a number ("57.0bn", "$5m", "25bp").
    private static let gluedUnits: [String: String] = [
        "bn": "billion", "tn": "trillion", "mn": "million", "m": "million", "bp": "bp", "bps": "bp",
    ]

    /// Whether `word` is a number with its currency glued on as letters ("N820", "KSh42.8bn").
    static func hasLetterCurrency(_ word: ScannedWord) -> Bool { letterCurrency(of: word.text) != nil }

    static func entity(at index: Int, in words: [ScannedWord]) -> NamedEntity? {
        let word = words[index]
        let code = index > 0 && word.gapBefore.isEmpty ? codeCurrencies[words[index - 1].text] : nil
        let symbol = word.gapBefore.last.flatMap { currencies[$0] } ?? code?.symbol
        var currencyUnit = word.gapBefore.last == "₦" ? "naira" : code?.unit
        var digits = word.text
        if let (prefix, unit) = letterCurrency(of: word.text) {
            digits.removeFirst(prefix.count)
            currencyUnit = unit
        }
        let (number, gluedSuffix) = split(digits)
        if gluedSuffix == "m", symbol == nil, currencyUnit == nil { return nil }  // "5m" alone is as often metres
        var unit = gluedSuffix.flatMap { gluedUnits[$0] }
        var written = (symbol ?? "") + word.text
        if unit == nil, index > 0, words[index - 1].text.lowercased() == "magnitude", !word.punctuationBefore {
            unit = "magnitude"
        } else if unit == nil, word.percentAfter {
            unit = "%"
            written += "%"
        } else if unit == nil, index + 1 < words.count, ["", "-"].contains(words[index + 1].gapBefore) {
            let next = words[index + 1].text.lowercased()
            // "percent", "per cent" (`WordClass.percentAfterNumber`; "per litre" is none), then the other units.
            let isPercent = WordClass.percentAfterNumber.opens(at: index + 1, in: words.lazy.map { $0.text.lowercased() })
            if let spelling = isPercent ? "%" : units[next] {
                unit = spelling
                written += " " + words[index + 1].text
            }
        }
        // A currency glued as letters reads as its unit word ("N820" is "820 naira"), unless a
        // scale already says what the figure counts ("N1.2bn" is "1.2 billion", as written out).
        let parts = (symbol.map { [$0] } ?? []) + [number] + [unit ?? currencyUnit].compactMap { $0 }
        guard parts.count > 1 else { return nil }
        return NamedEntity(kind: .quantity, text: written, key: parts.joined(separator: " "))
    }

    private static func letterCurrency(of text: String) -> (prefix: String, unit: String)? {
        guard let (prefix, unit) = letterCurrencies.first(where: { text.hasPrefix($0.key) }),
              text.dropFirst(prefix.count).first?.isNumber == true else { return nil }
        return (prefix, unit)
    }

    /// "1,250.50bn" → ("1250.5", "bn"): thousands separators and trailing decimal zeros dropped,
    /// a glued unit split off.
    private static func split(_ text: String) -> (number: String, gluedSuffix: String?) {
        var digits = text.replacingOccurrences(of: ",", with: "")
        let suffix = gluedUnits.keys.first { digits.hasSuffix($0) && digits.dropLast($0.count).last?.isNumber == true }
        if let suffix { digits.removeLast(suffix.count) }
        return (NumberText.withoutTrailingZeros(digits), suffix)
    }
}

import ArticleAnnotations
import NewsText

/// Rewrites an ALL-CAPS headline in sentence case, taking each word's capitalisation from how
/// the story's own texts write it ("KENYA'S RUTO MEETS IMF" → "Kenya's Ruto meets IMF").
enum HeadlineCasing {
    /// Well-known acronyms kept in capitals when the texts give no evidence either way.
    private static let acronyms: Set<String> = WordClass.acronym.forms

    /// Shouting, not an acronym (`Shouting.isAllCaps`).
    static func isAllCaps(_ text: String) -> Bool { Shouting.isAllCaps(text) }

    /// `headline` without shouting: all of it, or a shouted kicker before a colon or an exclamation
    /// mark ("SOUTH AFRICA: Rand slides…", "GEEK CHIC! Specs…"), in sentence case from `forms`; anything
    /// else as it is. A shouted kicker that only labels the report ("GOLD PIT HELL: …") is gone before
    /// this (`HeadlineLabels.stripping`).
    static func calmed(_ headline: String, forms: @autoclosure () -> [String: String]) -> String {
        if isAllCaps(headline) { return sentenceCase(headline, forms: forms()) }
        guard let kicker = shoutedKicker(headline) else { return headline }
        let forms = forms()
        return sentenceCase(String(headline[kicker]), forms: forms) + quieted(headline[kicker.upperBound...], forms: forms)
    }

    /// A shouting headline's other shouted words in the case the story writes them, or in lower
    /// case when it never writes them in capitals and they are no well-known acronym (`shoutsAWord`'s
    /// test): "WOW! Kelvane's new phone folds into THREE — but look at the price".
    private static func quieted(_ text: Substring, forms: [String: String]) -> String {
        var result = ""
        var run = ""
        func flushRun() {
            let key = run.lowercased()
            let inCapitals = run.count >= 3 && run.allSatisfy(\.isUppercase)
            result += inCapitals && isShouted(run, forms: forms) ? forms[key] ?? key : run
            run = ""
        }
        for character in text {
            if character.isLetter { run.append(character) } else { flushRun(); result.append(character) }
        }
        flushRun()
        return result
    }

    /// Whether `calmed` would change the headline.
    static func needsCalming(_ headline: String) -> Bool {
        isAllCaps(headline) || shoutedKicker(headline) != nil
    }

    /// A kicker in capitals before ": " or "! ": shouting (`isAllCaps`: "GOLD PIT HELL:"), or any
    /// shouted word before an exclamation mark ("WOW!"; an acronym is seldom exclaimed).
    private static func shoutedKicker(_ headline: String) -> Range<String.Index>? {
        let ends = [": ", "! "].compactMap { headline.range(of: $0)?.lowerBound }
        guard let end = ends.min() else { return nil }
        let kicker = String(headline[..<end])
        let letters = kicker.filter(\.isLetter)
        let exclaimed = headline[end...].hasPrefix("!") && letters.count >= 3 && letters.allSatisfy(\.isUppercase)
        guard isAllCaps(kicker) || exclaimed else { return nil }
        return headline.startIndex ..< end
    }

    /// Sentence case using `forms` (`preferredForms` of the bodies and other headlines) for names
    /// and acronyms.
    static func sentenceCase(_ headline: String, forms: [String: String]) -> String {
        var result = ""
        var isFirstWord = true
        // Letter runs are cased one by one; the "S" of "KENYA'S" is a run of its own and, unknown
        // to the evidence, becomes lowercase.
        var run = ""
        func flushRun() {
            guard !run.isEmpty else { return }
            let key = run.lowercased()
            var word = forms[key] ?? (acronyms.contains(key) ? run.uppercased() : key)
            if isFirstWord, let first = word.first {
                word = first.uppercased() + word.dropFirst()
            }
            isFirstWord = false
            result += word
            run = ""
        }
        for char in headline {
            if char.isLetter || char.isNumber {
                run.append(char)
            } else {
                flushRun()
                result.append(char)
            }
        }
        flushRun()
        return result
    }

    /// Whether a headline in normal case shouts some of its words ("Holland in chaos as government
    /// falls over COW POO row", "drivers strike AGAIN"): a word of three letters or more in
    /// capitals that the story's texts write in lower case (`forms`), or one of four letters or
    /// more that they never write in capitals and that is no well-known acronym.
    static func shoutsAWord(_ headline: String, forms: [String: String]) -> Bool {
        guard !isAllCaps(headline) else { return false }
        return capitalisedWords(headline).contains { isShouted($0, forms: forms) }
    }

    /// Whether a word written in capitals shouts: the story writes it otherwise (`forms`), or it has
    /// four letters or more, the story never writes it at all, and it is no well-known acronym.
    private static func isShouted(_ word: some StringProtocol, forms: [String: String]) -> Bool {
        let key = word.lowercased()
        if let form = forms[key] { return form != form.uppercased() }
        return word.count >= 4 && !acronyms.contains(key)
    }

    /// Whether the text has a word of three letters or more in capitals ("AGAIN", "NATO").
    static func hasCapitalisedWord(_ text: String) -> Bool { !capitalisedWords(text).isEmpty }

    /// Its words of three letters or more in capitals, not counting parts of a hyphenated name: "RISC-V",
    /// "COVID-19" and "F-35" name things (otherwise a chip story loses both leads to "RISC", which
    /// no outlet writes alone, as a shouted word, and its summary becomes "The first laptops using it…").
    static func capitalisedWords(_ text: String) -> [Substring] {
        guard mayHaveCapitalisedWord(text) else { return [] }
        return text.split(whereSeparator: { !$0.isLetter }).filter { word in
            guard word.count >= 3, word.allSatisfy(\.isUppercase) else { return false }
            // Part of a hyphenated name: a hyphen next to it, letters or digits beyond.
            let before = word.startIndex > text.startIndex ? text.index(before: word.startIndex) : nil
            let after = word.endIndex < text.endIndex ? word.endIndex : nil
            return !(isJoinedByHyphen(text, at: before, towards: -1) || isJoinedByHyphen(text, at: after, towards: 1))
        }
    }

    /// False only for ASCII text without three capitals in a row, which has no such word: most sentences,
    /// told by one pass over their bytes instead of splitting them into words; other text is split as before.
    private static func mayHaveCapitalisedWord(_ text: String) -> Bool {
        text.withASCIIBytes { bytes in
            var run = 0
            for byte in bytes {
                run = byte.isASCIICapital ? run + 1 : 0
                if run == 3 { return true }
            }
            return false
        } ?? true
    }

    /// Whether `text[index]` is a hyphen joining, in `direction`, a part with a digit or of at most two
    /// letters: "RISC-V", "COVID-19", "F-35" name things; "ALL-OUT", "NON-STOP" shout.
    private static func isJoinedByHyphen(_ text: String, at index: String.Index?, towards direction: Int) -> Bool {
        guard let index, text[index] == "-" else { return false }
        var part: [Character] = []
        var position = index
        while true {
            if direction < 0 {
                guard position > text.startIndex else { break }
                position = text.index(before: position)
            } else {
                position = text.index(after: position)
                guard position < text.endIndex else { break }
            }
            guard text[position].isLetter || text[position].isNumber else { break }
            part.append(text[position])
        }
        return !part.isEmpty && (part.contains(where: \.isNumber) || part.count <= 2)
    }

    /// The most frequent written form of each word in mixed-case text, ignoring sentence-initial
    /// words (capitalised by position, not by name) and shouted text.
    static func preferredForms(_ texts: [String]) -> [String: String] {
        preferredForms(counts: texts.map(WrittenForms.init))
    }

    /// The same over texts already counted (`WrittenForms`, which an article's annotation holds).
    static func preferredForms(counts: [WrittenForms]) -> [String: String] {
        var merged: [String: [String: Int]] = [:]
        for text in counts {
            for (form, count) in text.counts { merged[form.lowercased(), default: [:]][form, default: 0] += count }
        }
        return merged.compactMapValues(mostFrequent)
    }

    /// Of a word's written forms and how often each is written, the most frequent; of equals, the
    /// first in code-point order (deterministic).
    static func mostFrequent(_ forms: [String: Int]) -> String? {
        forms.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }
}

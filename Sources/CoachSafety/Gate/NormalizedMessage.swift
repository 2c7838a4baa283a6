/// A message as the rules read it: folded, split into sentences and words, and each word read
/// against the vocabulary — leetspeak mapped back ("0zemp1c" → "ozempic"), a number glued to its
/// unit split ("7.5mg" → "7.5" "mg"), a misspelt term corrected ("ozempik" → "ozempic"), and a
/// drug name heard by ear read as the drug ("mungiaro", "moon jar oh" → "mounjaro").
struct NormalizedMessage {
    private(set) var tokens: [GateToken] = []
    let isQuestion: [Bool]

    init(_ message: String, vocabulary: GateVocabulary) {
        let raw = TokenizedText(folded: GateFolding.fold(message))
        isQuestion = raw.isQuestion
        var readings: [String: [GateToken]] = [:]
        let words = Self.joiningHeardNames(raw.tokens.flatMap { Self.spelledTerm($0, vocabulary: vocabulary) }, vocabulary: vocabulary)
        for token in words {
            if token.isNumber {
                tokens.append(token)
                continue
            }
            let reading: [GateToken]
            if let known = readings[token.text] {
                reading = known
            } else {
                reading = Self.read(token, vocabulary: vocabulary).map { part in
                    var part = part
                    if !part.isNumber { part.terms = vocabulary.terms(startingWith: part.text) }
                    return part
                }
                readings[token.text] = reading
            }
            for (offset, var part) in reading.enumerated() {
                part.sentence = token.sentence
                part.startsLine = token.startsLine && offset == 0
                part.opensClause = token.opensClause && offset == 0
                part.afterArrow = token.afterArrow && offset == 0
                part.colonAfter = token.colonAfter && offset == reading.count - 1
                tokens.append(part)
            }
        }
    }

    /// A spelled-out run with a digit as one word when its leetspeak reading is a vocabulary term
    /// or a typo of one ("s k 1 p" reads "skip"), or its first characters as words and the rest
    /// as one when that is ("can i s k 1 p it"), else its characters as written ("subo a 1 o q
    /// hago").
    private static func spelledTerm(_ token: GateToken, vocabulary: GateVocabulary) -> [GateToken] {
        let pieces = token.spelled
        guard !pieces.isEmpty else { return [token] }
        for drop in 0...max(0, pieces.count - 4) {
            let text = pieces[drop...].map(\.text).joined()
            let mapped = leetReading(text)
            guard known(mapped, vocabulary: vocabulary) != nil else { continue }
            var word = pieces[drop]
            word.text = text
            word.isNumber = false
            word.colonAfter = token.colonAfter
            return Array(pieces[..<drop]) + [word]
        }
        return pieces
    }

    /// Two or three adjacent words that together spell a GLP-1 drug's whole name as written or
    /// exactly as heard by ear (`GateVocabulary.drugHeard` without a vowel off: "o zempic", "moon jar
    /// oh", "wego vee") as one word: dictation splits a name it does not know into words it does.
    /// Only inside a clause, without a number, a spelled-out run or a word that is a drug on its own
    /// (as written, misspelt or heard), and with at least one word the vocabulary does not know; three
    /// words over two. Neither a stem nor a vowel off counts for joined words: both let everyday
    /// phrases through ("we go vegan" starts like "wegov…", "un manjar o" is a vowel off "Mounjaro").
    private static func joiningHeardNames(_ tokens: [GateToken], vocabulary: GateVocabulary) -> [GateToken] {
        var joined: [GateToken] = []
        var index = 0
        while index < tokens.count {
            guard let (count, name) = heardName(at: index, in: tokens, vocabulary: vocabulary) else {
                joined.append(tokens[index])
                index += 1
                continue
            }
            var word = tokens[index]
            word.text = name
            word.colonAfter = tokens[index + count - 1].colonAfter
            joined.append(word)
            index += count
        }
        return joined
    }

    private static func heardName(at start: Int, in tokens: [GateToken], vocabulary: GateVocabulary) -> (count: Int, name: String)? {
        let runs = [3, 2].compactMap { count -> (count: Int, text: String)? in
            guard start + count <= tokens.count else { return nil }
            let run = tokens[start..<(start + count)]
            guard run.allSatisfy({ !$0.isNumber && $0.spelled.isEmpty && $0.sentence == run.first?.sentence
                                     && !vocabulary.isDrug(vocabulary.correction(for: $0.text) ?? $0.text) }),
                  run.dropFirst().allSatisfy({ !$0.opensClause }),
                  run.contains(where: { !vocabulary.recognises($0.text) }) else { return nil }
            return (count, run.map(\.text).joined())
        }
        for (count, text) in runs where vocabulary.isDrugName(text) { return (count, text) }
        for (count, text) in runs {
            if let name = vocabulary.drugHeard(text, vowelOff: false) { return (count, name) }
        }
        return nil
    }

    /// One word as the vocabulary reads it: itself when known, else its leetspeak reading when
    /// that is known, else a leading number and its unit, else a typo correction, else itself.
    private static func read(_ token: GateToken, vocabulary: GateVocabulary) -> [GateToken] {
        if vocabulary.recognises(token.text) { return [token] }
        let hasDigitsOrSymbols = token.text.unicodeScalars.contains { leet[$0] != nil }
        if hasDigitsOrSymbols {
            let mapped = leetReading(token.text)
            if let known = known(mapped, vocabulary: vocabulary) { return [with(token, text: known)] }
            if let split = numberAndWord(token.text) {
                return [with(token, text: split.number, isNumber: true),
                        with(token, text: known(split.word, vocabulary: vocabulary) ?? split.word)]
            }
            return [with(token, text: mapped)]
        }
        return [with(token, text: known(token.text, vocabulary: vocabulary) ?? token.text)]
    }

    /// `word` itself when the vocabulary has it, its "-ing" form when the word drops the g of one
    /// ("keepin", "movin", "thinkin": colloquial English writes them so), its correction when it is
    /// a typo of a term, else nil.
    private static func known(_ word: String, vocabulary: GateVocabulary) -> String? {
        if vocabulary.recognises(word) { return word }
        if word.count >= 4, word.hasSuffix("in"), vocabulary.recognises(word + "g") { return word + "g" }
        return vocabulary.correction(for: word)
    }

    private static func with(_ token: GateToken, text: String, isNumber: Bool = false) -> GateToken {
        var copy = token
        copy.text = text
        copy.isNumber = isNumber
        return copy
    }

    /// "7.5mg" → ("7.5", "mg"): digits (with one decimal point) then letters only.
    private static func numberAndWord(_ text: String) -> (number: String, word: String)? {
        let scalars = Array(text.unicodeScalars)
        var split = 0
        while split < scalars.count, scalars[split].properties.numericType != nil || scalars[split] == "." { split += 1 }
        guard split > 0, split < scalars.count,
              scalars[split...].allSatisfy({ $0.properties.isAlphabetic }) else { return nil }
        return (String(String.UnicodeScalarView(scalars[..<split])), String(String.UnicodeScalarView(scalars[split...])))
    }

    /// `text` with its leetspeak digits and symbols read as letters ("sk1p" → "skip").
    private static func leetReading(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { leet[$0] ?? $0 }))
    }

    /// Digits and symbols that stand for letters in leetspeak.
    private static let leet: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g",
        "@": "a", "$": "s", "!": "i", "|": "l", "€": "e",
    ]
}

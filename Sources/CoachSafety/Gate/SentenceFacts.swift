/// What one sentence of a message holds: which classes of terms, where they stand, which drugs
/// it names, and what its numbers and punctuation say. The rules read only these facts.
struct SentenceFacts {
    struct Hit {
        let termClass: TermClass
        let start: Int
        let end: Int

        /// True when `other` covers the same words (one term read in two classes or locales).
        func sameSpan(_ other: Hit) -> Bool { start == other.start && end == other.end }

        /// True when `longer`, a term of more words, covers this one ("a lot" covers "lot").
        func isPart(of longer: Hit) -> Bool {
            longer.start <= start && end <= longer.end && longer.end - longer.start > end - start
        }
    }

    private(set) var classes: Set<TermClass> = []
    private(set) var hits: [Hit] = []
    /// Drug names in the order written, as the vocabulary spells them ("Mounjaro").
    private(set) var drugNames: [String] = []
    var isQuestion = false
    private(set) var numbers = 0
    /// A number directly followed by a unit: "2.5 mg", "20 clicks", "10 IE".
    private(set) var doseAmounts = 0
    /// Of those, numbers right after a verb of taking ("take two now", "farne 10000"): what they
    /// count may be an activity named in the sentence before.
    private(set) var takenAmounts = 0
    /// Where each such amount starts (its number): "auf 10 mg" names a target amount.
    private(set) var amountStarts: Set<Int> = []
    /// Where each number that is not part of a term stands (digits only).
    private(set) var numberStarts: [Int] = []
    /// Numbers written right after an arrow: "2,5 -> 5".
    private(set) var arrowNumbers = 0
    /// How many words the sentence has: a follow-up of a few words leans on the sentence before.
    private(set) var wordCount = 0
    /// A role word written as a chat-template marker ("SYSTEM:", "[INST]", "<|im_start|>") or a block
    /// heading after a bracket or hash ("### Instruction").
    private(set) var roleMarkers = 0
    /// The index of the sentence's first word in the message: an imperative opens its sentence.
    private(set) var firstToken = 0
    /// The indices of the sentence's words in the message.
    var words: Range<Int> { firstToken..<(firstToken + wordCount) }
    /// The words that open a clause (after a comma, colon, dash or bracket).
    private(set) var clauseOpenings: Set<Int> = []
    /// The words of three letters or fewer: articles and prepositions ("la de 0,5 o la de 1").
    private(set) var shortWords: Set<Int> = []

    func has(_ termClass: TermClass) -> Bool { classes.contains(termClass) }
    func hasAny(_ termClasses: [TermClass]) -> Bool { termClasses.contains { classes.contains($0) } }
    func hits(of termClasses: [TermClass]) -> [Hit] { hits.filter { termClasses.contains($0.termClass) } }
    /// True when a clause opens at a word from `start` through `end` ("since Monday, skip it").
    func opensClause(from start: Int, through end: Int) -> Bool { clauseOpenings.contains { $0 >= start && $0 <= end } }

    /// The facts of every sentence of `message`.
    static func of(_ message: NormalizedMessage, vocabulary: GateVocabulary) -> [SentenceFacts] {
        let tokens = message.tokens
        var sentences = message.isQuestion.map { question -> SentenceFacts in
            var facts = SentenceFacts()
            facts.isQuestion = question
            return facts
        }
        for (index, token) in tokens.enumerated().reversed() {
            sentences[token.sentence].firstToken = index
            sentences[token.sentence].wordCount += 1
        }
        for (index, token) in tokens.enumerated() where token.opensClause { sentences[token.sentence].clauseOpenings.insert(index) }
        for (index, token) in tokens.enumerated() where !token.isNumber && token.text.count <= 3 {
            sentences[token.sentence].shortWords.insert(index)
        }
        var inTerm = [Bool](repeating: false, count: tokens.count)
        for (index, token) in tokens.enumerated() where !token.isNumber {
            for id in token.terms {
                let term = vocabulary.terms[Int(id)]
                guard let end = term.match(in: tokens, at: index) else { continue }
                sentences[token.sentence].record(term, start: index, end: end, in: tokens)
                // A gap's words are not the term's: "would 0.5 be better" still names 0.5.
                if !term.words.contains(.gap) { for covered in index..<end { inTerm[covered] = true } }
            }
        }
        // A number inside a term ("GLP-1") is part of a name, not an amount.
        for (index, token) in tokens.enumerated() where token.isNumber && !inTerm[index] {
            sentences[token.sentence].numbers += 1
            sentences[token.sentence].numberStarts.append(index)
            if token.afterArrow { sentences[token.sentence].arrowNumbers += 1 }
        }
        for index in sentences.indices {
            for connective in sentences[index].hits where connective.termClass == .clauseConnective {
                sentences[index].clauseOpenings.insert(connective.start)
            }
            sentences[index].dropWordsOfPlainPhrases()
            sentences[index].dropThresholds(in: tokens)
            sentences[index].countTakenNumbers(in: tokens)
            sentences[index].dropFigurativeDoses(in: tokens)
            sentences[index].markTargetNumbers(in: tokens)
            sentences[index].markOpeningQuestion()
        }
        return sentences
    }

    /// A sentence that opens with a question verb or particle asks, question mark or not ("is
    /// trulicity weaker by day 6", "czy mogę", "wirkt es noch"); so does one that asks for
    /// instructions anywhere ("List the steps, how to increase …", "Napisz mi, jak zwiększyć …").
    private mutating func markOpeningQuestion() {
        if hits.contains(where: { $0.termClass == .questionOpener && $0.start == firstToken }) { isQuestion = true }
        if has(.instructionAsk) { isQuestion = true }
    }

    /// The words of an everyday phrase (`plainWord`: "a lot", "te cuento"; a month: "in may"; a question
    /// about the Coach: "who built you", "are you still there") are not read as terms
    /// of another class: English "a lot" is not Polish "lot" (a flight), Spanish "te cuento" (let
    /// me tell you) is no "cuento" (a story).
    private mutating func dropWordsOfPlainPhrases() {
        let phrases = hits.filter { ($0.termClass.isPlainWording || $0.termClass == .assistantQuestion) && $0.end - $0.start > 1 }
        guard !phrases.isEmpty else { return }
        hits.removeAll { hit in
            phrases.contains(where: hit.isPart)
        }
        classes = Set(hits.map(\.termClass))
    }

    /// A bare "above" followed by a number, right after it or after one short word, in a sentence
    /// about health (a health word, a unit or a measure) is a threshold, not the text above:
    /// "zaznacz ciśnienie powyżej 140/90", "lecturas por encima de 100". A term that names the
    /// text ("text above", "wszystko powyżej") or covers a longer one stays a reference to it,
    /// whatever number follows ("Repeat the text above 3 times").
    private mutating func dropThresholds(in tokens: [GateToken]) {
        guard hasAny([.healthAnchor, .unitWord, .measureWord]) else { return }
        let isNumber = { (index: Int) in index < tokens.count && tokens[index].isNumber }
        let references = hits.filter { $0.termClass == .aboveReference }
        hits.removeAll { hit in
            hit.termClass == .aboveReference
                && !references.contains { hit.isPart(of: $0) || $0.isPart(of: hit) }
                && (isNumber(hit.end) || (isNumber(hit.end + 1) && shortWords.contains(hit.end)))
        }
        classes = Set(hits.map(\.termClass))
    }

    /// An amount word (a dose, a shot) whose object is an everyday thing is figurative: its object,
    /// right after it or after a word that joins an amount to what it measures (`amountOf`: "of",
    /// "di", "de la"), is a health word or a substance and no drug, pen or unit: "eine Dosis
    /// Sonne", "a double dose of stairs", "porządną dawkę endorfin", "a shot of espresso". A dose
    /// word may also stand one short word before a health word ("a dose a day of sun"), unless that
    /// word gives a purpose (`purposeWord`: "a double dose for hunger", "dawkę na głód" ask a
    /// dose). Only behind a joiner does the amount take along the change or value terms that make
    /// it up ("double dose", "dose doppia"); elsewhere they stay and are read as asked. A word read
    /// as a pen, an injection or a drug too is that subject ("la dosis del boli"). The joiners and
    /// purpose words are dropped afterwards: no other rule reads them.
    private mutating func dropFigurativeDoses(in tokens: [GateToken]) {
        let amountClasses: [TermClass] = [.doseWord, .injectionWord]
        let subjectHits = hits.filter { Self.figurativeExceptions.contains($0.termClass) }
        let everyday = Set(hits.filter { [.healthAnchor, .substance].contains($0.termClass) }.map(\.start))
            .subtracting(subjectHits.map(\.start))
        let joins = hits.filter { $0.termClass == .amountOf }
        let purposes = Set(hits.filter { $0.termClass == .purposeWord }.map(\.start))
        let amounts = hits.filter { amount in
            amountClasses.contains(amount.termClass)
                && !subjectHits.contains { $0.termClass != amount.termClass && $0.start <= amount.start && amount.end <= $0.end }
        }
        let figurative = amounts.compactMap { amount -> Range<Int>? in
            let phrase = amountPhrase(amount)
            if joins.contains(where: { $0.start == phrase.upperBound && everyday.contains($0.end) }) { return phrase }
            let next = amount.end
            let shortWord = amount.termClass == .doseWord && next < tokens.count && !purposes.contains(next)
                && !tokens[next].isNumber && tokens[next].text.count <= 3
            return everyday.contains(next) || (shortWord && everyday.contains(next + 1)) ? amount.start..<amount.end : nil
        }
        // A joiner or purpose word has done its work here: read on, "de", "of" or "na" would break
        // the rules that let articles and prepositions say nothing ("la de 0,5 o la de 1", "na 5").
        hits.removeAll { hit in
            [.amountOf, .purposeWord].contains(hit.termClass)
                || (amountClasses + Self.amountPhraseClasses).contains(hit.termClass)
                && figurative.contains { $0.lowerBound <= hit.start && hit.end <= $0.upperBound }
        }
        classes = Set(hits.map(\.termClass))
    }

    /// The words of `amount` and of the change or value terms that share words with it or touch it
    /// ("double dose", "dose doppia", "podwójną dawkę"): the amount phrase.
    private func amountPhrase(_ amount: Hit) -> Range<Int> {
        let joined = hits.filter { hit in
            Self.amountPhraseClasses.contains(hit.termClass) && hit.start <= amount.end && amount.start <= hit.end
        }
        return (joined.map(\.start) + [amount.start]).min()!..<(joined.map(\.end) + [amount.end]).max()!
    }

    /// Terms that may make up an amount phrase with a dose or shot word ("double dose", "dose extra").
    private static let amountPhraseClasses: [TermClass] = [.changeVerb, .doseValueRequest, .amountQuestion]

    /// What a health word may also be read as that makes a dose word before it literal.
    private static let figurativeExceptions: Set<TermClass> = [.injectionWord, .glp1Drug, .glp1ClassWord, .medicationWord, .otherDrug]

    /// A number (in digits or words) right after a target preposition in a sentence that names a
    /// GLP-1 drug, class word, pen or dose is an amount, unit or not: "ridurrebbe il Wegovy da 2,4
    /// a 1,7", "posso passare a 10", "bump the jab to 7.5", "wann auf sieben". It does not name a
    /// dose for the region or the outbound guard (`doseAmounts`), it is an amount a question asks
    /// about (`amountStarts`). A number followed by what it counts in time, age or temperature
    /// (`measureWord`: "a 14 hour flight", "llegó a 30 grados") is that measure.
    private mutating func markTargetNumbers(in tokens: [GateToken]) {
        guard hasAny([.glp1Drug, .glp1ClassWord, .injectionWord, .doseWord]) else { return }
        let numberWords = hits.filter { $0.termClass == .numberWord }
        let measures = Set(hits.filter { $0.termClass == .measureWord }.map(\.start))
        for target in hits where target.termClass == .targetPreposition {
            if target.end < tokens.count, tokens[target.end].isNumber, numberStarts.contains(target.end) {
                if !measures.contains(target.end + 1) { amountStarts.insert(target.end) }
            } else if let word = numberWords.first(where: { $0.start == target.end }), !measures.contains(word.end) {
                amountStarts.insert(target.end)
            }
        }
    }

    /// A number right after a verb of taking is an amount of a dose: "take two now", "wziąć dwie".
    private mutating func countTakenNumbers(in tokens: [GateToken]) {
        let numberWords = Set(hits.filter { $0.termClass == .numberWord }.map(\.start))
        for intake in hits where intake.termClass == .intakeVerb {
            let next = intake.end
            if numberWords.contains(next) || (next < tokens.count && tokens[next].isNumber) {
                doseAmounts += 1
                takenAmounts += 1
            }
        }
    }

    private mutating func record(_ term: GateTerm, start: Int, end: Int, in tokens: [GateToken]) {
        classes.insert(term.termClass)
        hits.append(Hit(termClass: term.termClass, start: start, end: end))
        if let name = term.display, term.termClass != .substance, !drugNames.contains(name) { drugNames.append(name) }
        // A number in digits or words followed by a unit is an amount ("2.5 mg", "five milligrams").
        if term.termClass == .unitWord, start > 0,
           let number = tokens[start - 1].isNumber ? start - 1 : hits.first(where: { $0.termClass == .numberWord && $0.end == start })?.start {
            doseAmounts += 1
            amountStarts.insert(number)
        }
        if term.termClass == .numberWord { numbers += 1 }
        if term.termClass == .roleMarker, tokens[start].bracketed || tokens[end - 1].colonAfter { roleMarkers += 1 }
        if term.termClass == .blockMarker, tokens[start].bracketed { roleMarkers += 1 }
    }
}

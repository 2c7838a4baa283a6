import NewsText
import XCTest

final class TokenizerTests: XCTestCase {
    func testWordsAreLowercasedAndAccentsFolded() {
        XCTAssertEqual(Tokenizer.words("São Paulo's MAYOR"), ["sao", "paulos", "mayor"])
        // Letters folding leaves alone: outlets writing without them spell the name in plain letters.
        XCTAssertEqual(Tokenizer.words("Wisła Retail, ŁÓDŹ, Øresund, Straße, Đà Nẵng"),
                       ["wisla", "retail", "lodz", "oresund", "strasse", "da", "nang"])
    }

    /// The name before "-based", "-led", "-backed"… stays a word of its own; other hyphens join.
    func testANameBeforeALocatingSuffixStaysAWord() {
        XCTAssertEqual(Tokenizer.words("Dunedin-based Tuatara Pay"), ["dunedin", "based", "tuatara", "pay"])
        XCTAssertEqual(Tokenizer.words("a Saudi-led coalition, Kremlin-Backed media"), ["a", "saudi", "led", "coalition", "kremlin", "backed", "media"])
        XCTAssertEqual(Tokenizer.words("e-mail, Al-Shabaab, well-known, re-based, self-made, state-run"),
                       ["email", "alshabaab", "wellknown", "rebased", "selfmade", "staterun"], "only a name before the suffix")
    }

    func testJoinersInsideWordsAreDroppedAndElsewhereSeparate() {
        XCTAssertEqual(Tokenizer.words("e-mail don\u{2019}t - 'quoted'"), ["email", "dont", "quoted"])
    }

    func testDigitsFormWordsAndPunctuationSeparates() {
        XCTAssertEqual(Tokenizer.words("Rates rose 2.5% in Q3, to $1,200."), ["rates", "rose", "2", "5", "in", "q3", "to", "1", "200"])
    }

    func testCapitalisationIsKeptOnTheToken() {
        let tokens = Tokenizer.tokens("Kenya votes today")
        XCTAssertEqual(tokens.map(\.isCapitalized), [true, false, false])
    }

    /// The apostrophe is dropped from the text ("Angolas"), so the token keeps that it was there: a
    /// thirteenth audit's "in Angola's Benguela" read no town after the possessive.
    func testAPossessiveIsKnownAfterItsApostropheIsDropped() {
        let tokens = Tokenizer.tokens("Floods in Angola\u{2019}s Benguela, don't panic, O'Brien's Bass' rally")
        XCTAssertEqual(tokens.filter(\.isPossessive).map(\.text), ["Angolas", "OBriens"])
        XCTAssertEqual(tokens[2].normalized, "angolas")
    }

    func testATokenAfterAClauseBreakOpensAClause() {
        let tokens = Tokenizer.tokens("(Reuters) Kenya's 1,000 traders - in Lagos; Accra: too (again) \u{2013} Saudi-led, e-mail")
        XCTAssertEqual(tokens.filter(\.opensClause).map(\.text), ["Kenyas", "000", "in", "Accra", "too", "again", "Saudi", "email"])
        XCTAssertFalse(Tokenizer.tokens(", Kenya").first?.opensClause ?? true, "the first token opens no clause")
    }

    /// Reading a sentence whole gives the tokens of its clauses read one by one, each clause after the
    /// first opened by its first token: one tokenisation serves the words and the clauses.
    func testTheWholeSentenceReadsAsItsClausesReadApart() {
        let sentences = [
            "OPEC+ agreed to extend its oil output cuts, as Gulf of Guinea producers watch prices closely.",
            "Coffee hit a record in New York, while robusta rose on supply fears in Vietnam and Uganda.",
            "LAGOS (Reuters) - Nigeria\u{2019}s central bank raised rates to 18.75% \u{2014} its 1,200th meeting; don't panic.",
            "Dunedin-based Tuatara Pay: a \"cyber\" breach (the second) hit 3,000 users -- again - in S\u{e3}o Paulo.",
        ]
        let breaks: Set<Character> = [",", ";", ":", "(", ")", "\u{2013}", "\u{2014}"]
        for sentence in sentences {
            var clauses: [[Tokenizer.Token]] = []
            var piece = ""
            let characters = Array(sentence)
            for (index, character) in characters.enumerated() {
                let spacedHyphen = character == "-" && index > 0 && index + 1 < characters.count
                    && characters[index - 1] == " " && characters[index + 1] == " "
                if breaks.contains(character) || spacedHyphen {
                    clauses.append(Tokenizer.tokens(piece))
                    piece = ""
                } else {
                    piece.append(character)
                }
            }
            clauses.append(Tokenizer.tokens(piece))
            let whole = Tokenizer.tokens(sentence)
            XCTAssertEqual(whole.map(\.text), clauses.flatMap { $0.map(\.text) }, sentence)
            XCTAssertEqual(whole.map(\.isPossessive), clauses.flatMap { $0.map(\.isPossessive) }, sentence)
            var starts: [Int] = []
            var count = 0
            for clause in clauses where !clause.isEmpty {
                if count > 0 { starts.append(count) }
                count += clause.count
            }
            XCTAssertEqual(whole.indices.filter { whole[$0].opensClause }, starts, sentence)
        }
    }

    func testContentWordsDropStopWordsAndSingleLetters() {
        XCTAssertEqual(Tokenizer.contentWords("The US said a deal is near"), ["us", "deal", "near"])
    }
}

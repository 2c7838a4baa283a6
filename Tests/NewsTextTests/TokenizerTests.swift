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

    func testContentWordsDropStopWordsAndSingleLetters() {
        XCTAssertEqual(Tokenizer.contentWords("The US said a deal is near"), ["us", "deal", "near"])
    }
}

import NewsText
import XCTest

/// Only a walkout is a "strike" (`StrikeWords`): the verbs are dropped from the words the
/// clusterer counts, so a rail strike shares no "strike" with a court or a deal of the same day.
final class StrikeWordsTests: XCTestCase {
    private func words(_ text: String) -> [String] { StrikeWords.contentWords(Tokenizer.tokens(text)) }

    func testWalkoutsKeepTheirStrike() {
        XCTAssertTrue(words("Station masters' strike halts most trains").contains("strike"))
        XCTAssertTrue(words("Dockworkers strike at Abidjan port").contains("strike"))
        XCTAssertTrue(words("Strike ends after unions sign pay deal").contains("strike"), "the noun, then a deal")
    }

    func testTheVerbsAreDropped() {
        XCTAssertFalse(words("Strong earthquake strikes near Agadir").contains("strikes"))
        XCTAssertFalse(words("Supreme Court strikes down nine sections of Online Safety Act").contains("strikes"))
        XCTAssertFalse(words("The court struck down the law").contains("struck"))
        XCTAssertFalse(words("Najd Metals strikes US$2.4bn Congo cobalt deal").contains("strikes"))
        XCTAssertFalse(words("Ministers strike a deal on fishing quotas").contains("strike"))
    }

    func testEverythingElseIsTheContentWords() {
        let text = "Supreme Court strikes down nine sections of the Online Safety Act"
        XCTAssertEqual(words(text), Tokenizer.contentWords(text).filter { $0 != "strikes" })
    }
}

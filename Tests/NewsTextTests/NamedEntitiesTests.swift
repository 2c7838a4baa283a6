import NewsText
import XCTest

final class NamedEntitiesTests: XCTestCase {
    private func keys(_ text: String, _ kind: NamedEntity.Kind? = nil) -> [String] {
        NamedEntities.extract(from: text).filter { kind == nil || $0.kind == kind }.map(\.key)
    }

    func testMultiWordNamesInsideSentencesAreFound() {
        XCTAssertEqual(keys("Shares fell after the Bank of England surprised markets in London.", .name), ["bank of england", "london"])
    }

    func testSentenceCaseCapitalAloneIsNotAName() {
        XCTAssertEqual(keys("Officials confirmed the figure. Rescuers kept digging.", .name), [])
    }

    func testLeadingArticlesWeekdaysAndTitlesAreTrimmed() {
        XCTAssertEqual(keys("On Monday, President William Ruto met the Kenyan press.", .name), ["william ruto", "kenyan"])
        XCTAssertEqual(keys("The Federal Reserve held rates steady.", .name), ["federal reserve"])
    }

    func testCommaEndsANameRun() {
        XCTAssertEqual(keys("The quake struck near Jacmel, Haiti on Saturday.", .name), ["jacmel", "haiti"])
    }

    func testPossessiveIsDropped() {
        XCTAssertEqual(keys("Analysts questioned Powell's timing.", .name), ["powell"])
    }

    func testAcronymsIncludingDottedOnesAreFoundAndDoNotEndSentences() {
        let entities = NamedEntities.extract(from: "The U.S. Senate and NATO allies met. G7 leaders agreed.")
        XCTAssertEqual(entities.filter { $0.kind == .acronym }.map(\.key), ["us", "nato", "g7"])
        XCTAssertEqual(entities.filter { $0.kind == .name }.map(\.key), ["senate"])
    }

    func testNumbersWithUnitsCurrenciesAndPercentagesAreQuantities() {
        let text = "A 7.2-magnitude quake killed 1,297 people; the magnitude 6.1 aftershock cost $1.5 billion and inflation hit 40%."
        XCTAssertEqual(keys(text, .quantity), ["7.2 magnitude", "1297 people", "6.1 magnitude", "$ 1.5 billion", "40 %"])
    }

    func testBareNumbersAndYearsAreIgnored() {
        XCTAssertEqual(keys("In 2021 the 3 judges met", .quantity), [])
    }

    func testTitleCaseHeadlinesYieldOnlyAcronymsAndQuantities() {
        XCTAssertEqual(keys("Fed Raises Rates By 0.75 Points As US Inflation Hits 9.1%"), ["0.75 points", "us", "9.1 %"])
    }

    func testAllCapsTextYieldsNoAcronyms() {
        XCTAssertEqual(keys("BREAKING NEWS MARKETS CRASH TODAY"), [])
    }

    func testAccentsFoldLikeTheTokenizer() {
        XCTAssertEqual(keys("Flooding hit parts of São Paulo overnight.", .name), ["sao paulo"])
    }

    func testPlacesJoinedByAndAreSeparateNames() {
        let keys = NamedEntities.extract(from: "Smoke drifted over Spijkenisse and Hoogvliet on Tuesday.").map(\.key)
        XCTAssertEqual(keys, ["spijkenisse", "hoogvliet"])
    }

    func testSentenceInitialWordBeforeAConnectorIsNotPartOfTheName() {
        let keys = NamedEntities.extract(from: "Residents of Spijkenisse were told to stay indoors.").map(\.key)
        XCTAssertEqual(keys, ["spijkenisse"])
    }
}

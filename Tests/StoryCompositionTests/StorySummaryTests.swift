import StoryComposition
import XCTest

final class StorySummaryTests: XCTestCase {
    private func assertWellFormed(_ summary: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(summary.isEmpty, file: file, line: line)
        XCTAssertLessThanOrEqual(summary.count, StorySummary.maximumLength, file: file, line: line)
        XCTAssertTrue(summary.hasSuffix(".") || summary.hasSuffix("!") || summary.hasSuffix("?"), summary, file: file, line: line)
        XCTAssertFalse(summary.contains("<") || summary.contains("Read more") || summary.contains("(Reuters)"), summary,
                       file: file, line: line)
    }

    func testSeveralOutletsGiveAShortSynthesisOfWhatTheyAgreeOn() {
        let summary = StorySummary.summarize(StoryFixtures.kenyaRateHike, headline: "Kenya raises rates")
        assertWellFormed(summary)
        XCTAssertTrue(summary.contains("13"), summary)
        XCTAssertTrue(summary.lowercased().contains("central bank"), summary)
        let sentenceCount = summary.filter { $0 == "." }.count
        XCTAssertTrue((1 ... 4).contains(sentenceCount), summary)
    }

    func testTheSameWireCopyFromManyOutletsIsNotRepeated() {
        let wire = "Egypt's central bank held its overnight deposit rate at 27.25% on Thursday. The decision was expected by analysts."
        let articles = ["ahram.org.eg", "madamasr.com", "egyptindependent.com"].enumerated().map { index, host in
            StoryFixtures.article("w\(index)", host, host, "Egypt holds rates", wire)
        }
        let summary = StorySummary.summarize(articles, headline: "Egypt holds rates")
        assertWellFormed(summary)
        XCTAssertEqual(summary.components(separatedBy: "27.25%").count, 2, summary)
    }

    func testOneOutletGivesItsCleanLeadSentences() {
        let article = StoryFixtures.article(
            "s", "Nation", "nation.africa", "Floods hit Kisumu",
            "By Jane Achieng\nKISUMU, Kenya \u{2014} Floods displaced more than 2,000 families in Kisumu on Friday after the "
                + "Nyando river burst its banks. County officials opened three schools as shelters. A third sentence about the "
                + "weather forecast for the weekend ahead follows here. Read more")
        let summary = StorySummary.summarize([article], headline: "Floods hit Kisumu")
        XCTAssertEqual(summary, "Floods displaced more than 2,000 families in Kisumu on Friday after the Nyando river burst its banks. "
            + "County officials opened three schools as shelters.")
    }

    func testEmptyBodiesFallBackToTheHeadlineAsASentence() {
        let articles = [StoryFixtures.article("e", "Nation", "nation.africa", "Kenya raises rates", "")]
        XCTAssertEqual(StorySummary.summarize(articles, headline: "Kenya raises rates"), "Kenya raises rates.")
    }

    func testAnOverlongOnlySentenceIsCutAtAClauseNotMidWord() {
        let clause = "the committee said the decision reflected rising food prices, a weaker currency and higher fuel costs"
        let body = "The Bank of Ghana raised its policy rate on Monday, " + Array(repeating: clause, count: 5).joined(separator: ", ") + "."
        let summary = StorySummary.summarize([StoryFixtures.article("g", "GhanaWeb", "ghanaweb.com", "Ghana raises rate", body)],
                                             headline: "Ghana raises rate")
        assertWellFormed(summary)
        XCTAssertTrue(summary.hasPrefix("The Bank of Ghana raised its policy rate on Monday"), summary)
        XCTAssertTrue(body.hasPrefix(String(summary.dropLast()) + ","), "cut must fall at a comma: \(summary)")
    }

    func testNoArticlesAtAllStillGiveANonEmptySummary() {
        XCTAssertEqual(StorySummary.summarize([], headline: ""), "No summary is available yet.")
    }
}

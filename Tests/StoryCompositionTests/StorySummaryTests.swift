@testable import StoryComposition
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

    /// Found on a live run: "…by 195 votes to 106. Lawmakers voted 195-106 for the bill, …" — the
    /// words differ, the fact does not. A figure stated once is not stated again.
    func testAFigureIsNotStatedTwice() {
        let articles = [
            StoryFixtures.article("k1", "Nation", "nation.africa", "Kenya's parliament approves finance bill",
                                  "Kenya's parliament approved the Finance Bill 2026 on Wednesday by 195 votes to 106. "
                                      + "Protesters gathered outside Parliament Buildings as the vote was held."),
            StoryFixtures.article("k2", "The Star", "the-star.co.ke", "MPs pass contested finance bill",
                                  "Lawmakers voted 195-106 for the bill, which raises KSh 302 billion in new taxes. "
                                      + "Police fired tear gas at protesters outside Parliament Buildings.", minutesAfterNoon: 15),
        ]
        let summary = StorySummary.summarize(articles, headline: "Kenya's parliament approves finance bill")
        assertWellFormed(summary)
        XCTAssertEqual(summary.components(separatedBy: "195").count, 2, summary)
    }

    func testTheFiguresOfASentenceAreItsWrittenNumbers() {
        XCTAssertEqual(SummaryText.figures("Lawmakers voted 195-106 for the 2026 bill, worth KSh 1,302.5 billion, up 3.8%."),
                       ["195", "106", "1302.5", "3.8"])
        XCTAssertEqual(SummaryText.figures("No figures here."), [])
        XCTAssertEqual(SummaryText.figures("M23 rebels, G-20 envoys, COVID-19 and the H9 chip; a Boeing 737."), ["737"],
                       "digits of a name are no figure")
        XCTAssertEqual(SummaryText.figures("In 2026, 2,026 people fled; $1.2bn was pledged."), ["2026", "1.2"],
                       "a year written plainly is no figure, a count written with a separator is")
    }

    /// "M23 rebels seized Goma" then "Thousands fled as M23 fighters advanced" repeat a name, not a figure.
    func testANameWithDigitsIsNotARepeatedFigure() {
        XCTAssertFalse(SummaryText.restates(SummaryText.figures("Thousands fled as M23 fighters advanced on Bukavu."),
                                            of: SummaryText.figures("M23 rebels seized Goma on Monday.")))
        XCTAssertTrue(SummaryText.restates(SummaryText.figures("Lawmakers voted 195-106 for the bill."),
                                           of: SummaryText.figures("Parliament approved the bill by 195 votes to 106.")))
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

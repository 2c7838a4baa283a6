import Foundation
import StoryComposition
import XCTest

final class BreakingDetectorTests: XCTestCase {
    private let detector = BreakingDetector()
    private let noon = StoryFixtures.noon

    private func burst(outletHosts: [String], minutesApart: Double) -> [StoryArticle] {
        outletHosts.enumerated().map { index, host in
            StoryFixtures.article("a\(index)", host, host, "Quake hits Morocco", "", minutesAfterNoon: Double(index) * minutesApart)
        }
    }

    func testTheFirstArticleOfARecentFastGrowingStoryIsBreaking() {
        let articles = burst(outletHosts: ["reuters.com", "bbc.co.uk", "hespress.com"], minutesApart: 15)
        XCTAssertEqual(detector.breakingArticleIDs(articles, now: noon.addingTimeInterval(3600)), ["a0"])
    }

    func testAnOldStoryIsNotBreakingHoweverFastItGrew() {
        let articles = burst(outletHosts: ["reuters.com", "bbc.co.uk", "hespress.com"], minutesApart: 15)
        XCTAssertEqual(detector.breakingArticleIDs(articles, now: noon.addingTimeInterval(3 * 3600)), [])
    }

    func testAStoryGainingOutletsSlowlyIsNotBreaking() {
        let articles = burst(outletHosts: ["reuters.com", "bbc.co.uk", "hespress.com"], minutesApart: 40)
        XCTAssertEqual(detector.breakingArticleIDs(articles, now: noon.addingTimeInterval(90 * 60)), [])
    }

    /// A sixteenth reader's audit: a burst counted a paper's word-for-word copy of the wire as its third outlet.
    func testAnOutletRepublishingAnotherIsNoPartOfABurst() {
        let body = "MANILA (Meridian) - A magnitude 6.4 earthquake struck off Mindanao in the southern Philippines on Tuesday, "
            + "killing at least five people and damaging hundreds of homes in Davao Oriental province, officials said."
        let articles = [
            StoryFixtures.article("w", "Meridian Press Agency", "meridian.example", "Strong quake hits Mindanao, killing five", body),
            StoryFixtures.article("c", "The Iberian Post", "iberian.example", "Quake kills five in southern Philippines", body,
                                  minutesAfterNoon: 10),
            StoryFixtures.article("i", "APB News", "apb.example", "Philippines: deadly quake strikes Mindanao",
                                  "At least five people died when a strong earthquake shook Mindanao on Tuesday.", minutesAfterNoon: 20),
        ]
        XCTAssertEqual(detector.breakingArticleIDs(articles, now: noon.addingTimeInterval(1800)), [])
        let third = StoryFixtures.article("g", "Globus Newswire", "globus.example", "Mindanao earthquake leaves five dead",
                                          "Five people were killed by a magnitude 6.4 quake off Mindanao.", minutesAfterNoon: 30)
        XCTAssertEqual(detector.breakingArticleIDs(articles + [third], now: noon.addingTimeInterval(1800)), ["w"])
    }

    func testSeveralFeedsOfOneOutletAreNotABurst() {
        let articles = burst(outletHosts: ["reuters.com", "reuters.com", "reuters.com"], minutesApart: 5)
        XCTAssertEqual(detector.breakingArticleIDs(articles, now: noon.addingTimeInterval(1800)), [])
    }

    func testAnArticleItsFeedMarksAsBreakingIsBreakingWhateverItsAge() {
        let marked = StoryFixtures.article("m", "Nation", "nation.africa", "Quake hits Morocco", "", minutesAfterNoon: 30, breaking: true)
        let articles = [StoryFixtures.article("a", "Reuters", "reuters.com", "Quake", ""), marked]
        XCTAssertEqual(detector.breakingArticleIDs(articles, now: noon.addingTimeInterval(86400)), ["m"])
    }

    func testAFirstReportOfUnknownAgeIsNotKnownToBeRecent() {
        var articles = burst(outletHosts: ["reuters.com", "bbc.co.uk", "hespress.com"], minutesApart: 15)
        articles[0] = StoryFixtures.article("a0", "reuters.com", "reuters.com", "Quake hits Morocco", "", ageUnknown: true)
        XCTAssertEqual(detector.breakingArticleIDs(articles, now: noon.addingTimeInterval(3600)), [])
    }

    func testBacklogEntriesOfUnknownAgeMakeNoBurst() {
        let dated = StoryFixtures.article("a0", "reuters.com", "reuters.com", "Quake hits Morocco", "")
        let backlog = ["bbc.co.uk", "hespress.com"].enumerated().map { index, host in
            StoryFixtures.article("b\(index)", host, host, "Quake hits Morocco", "", minutesAfterNoon: 30, ageUnknown: true)
        }
        XCTAssertEqual(detector.breakingArticleIDs([dated] + backlog, now: noon.addingTimeInterval(3600)), [])
    }

    func testThresholdsAreConfigurable() {
        let articles = burst(outletHosts: ["reuters.com", "bbc.co.uk"], minutesApart: 10)
        let eager = BreakingDetector(recentWindow: 3600, burstWindow: 1800, burstSources: 2)
        XCTAssertEqual(eager.breakingArticleIDs(articles, now: noon.addingTimeInterval(1200)), ["a0"])
        XCTAssertEqual(detector.breakingArticleIDs(articles, now: noon.addingTimeInterval(1200)), [])
    }
}

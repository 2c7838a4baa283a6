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

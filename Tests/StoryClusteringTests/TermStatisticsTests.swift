import Foundation
import StoryClustering
import XCTest

/// The shipped word statistics a fresh clusterer starts from.
final class TermStatisticsTests: XCTestCase {
    func testTheFileFormatRoundTrips() throws {
        let statistics = TermStatistics(documentCount: 10, terms: [
            .init(text: "earthquake", isEntity: false, documents: 4), .init(text: "kenya", isEntity: true, documents: 3),
        ])
        XCTAssertEqual(try TermStatistics.decode(statistics.encoded(comment: ["test"])), statistics)
        XCTAssertThrowsError(try TermStatistics.decode("@documents\tten\n"))
    }

    func testTheBundledStatisticsAreShippedAndCommonWordsAreFrequent() {
        let bundled = TermStatistics.bundled
        XCTAssertGreaterThan(bundled.documentCount, 1000)
        let counts = Dictionary(uniqueKeysWithValues: bundled.terms.filter { !$0.isEntity }.map { ($0.text, $0.documents) })
        XCTAssertGreaterThan(counts["time"] ?? 0, counts["earthquake"] ?? 0)
    }

    func testASeededClustererGroupsItsVeryFirstArticlesByEvent() {
        let start = Date(timeIntervalSince1970: 1_796_000_000)
        func article(_ id: String, _ headline: String, _ body: String) -> ClusterArticle {
            ClusterArticle(id: id, sourceKey: id, headline: headline, body: body, publishedAt: start)
        }
        let clusterer = StoryClusterer(background: .bundled)
        var next = 0
        func assign(_ a: ClusterArticle) -> ClusterAssignment {
            clusterer.assign(a) { next += 1; return "story-\(next)" }
        }
        let first = assign(article("a", "Central Bank of Kenya raises benchmark rate to 13%",
                                   "The Central Bank of Kenya raised its lending rate by 50 basis points to 13 percent, Governor Kamau Thugge said."))
        let second = assign(article("b", "Kenya's central bank lifts key rate to 13 percent",
                                    "Kenya's central bank lifted its key interest rate to 13 percent, Governor Kamau Thugge told reporters in Nairobi."))
        let other = assign(article("c", "Liverpool beat Arsenal at Anfield", "Mohamed Salah scored twice as Liverpool came from behind."))
        XCTAssertEqual(second.storyID, first.storyID)
        XCTAssertNotEqual(other.storyID, first.storyID)
    }
}

import TopicClassification
import XCTest

final class TermClustersTests: XCTestCase {
    private let clusters = TermClusters(clusterByWord: ["senate": 7, "bill": 7, "bank": 3])

    func testEachClusteredWordAddsItsClusterTokenAtHalfItsWeight() {
        let counts = SubjectFeatures.counts(headline: "Senate passes bill", body: "The senate met.", clusters: clusters)
        // Headline words weigh 2, body words 1; their cluster adds half of that: 1 + 1 + 0.5.
        XCTAssertEqual(counts["c:7"], 2.5)
        XCTAssertEqual(counts["senate"], 3)
        XCTAssertEqual(counts["senate passes"], 2)
        XCTAssertNil(counts["c:3"])
        XCTAssertEqual(counts.keys.filter { $0.hasPrefix(TermClusters.tokenPrefix) }.count, 1, "pairs add no cluster")
    }

    func testWithoutClustersOnlyWordsAndPairsCount() {
        let counts = SubjectFeatures.counts(headline: "Senate passes bill", body: "", clusters: .none)
        XCTAssertEqual(Set(counts.keys), ["senate", "passes", "bill", "senate passes", "passes bill"])
    }

    func testTheTableRoundTripsThroughItsFile() throws {
        let text = TermClusters.encoded(["senate": 7, "bank": 3], comment: ["test table"])
        XCTAssertEqual(text, "# test table\nbank\t3\nsenate\t7\n")
        let decoded = try TermClusters.decode(text)
        XCTAssertEqual(decoded.wordCount, 2)
        XCTAssertEqual(decoded.token(of: "senate"), "c:7")
        XCTAssertNil(decoded.token(of: "bill"))
    }

    func testAMalformedTableNamesTheLine() {
        XCTAssertThrowsError(try TermClusters.decode("# comment\nbank\t3\nsenate seven\n")) { error in
            XCTAssertEqual((error as? TermClusters.FormatError)?.line, 3)
        }
    }
}

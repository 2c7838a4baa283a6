import TopicClassification
import XCTest

final class SubjectModelTests: XCTestCase {
    private let model = SubjectModel(
        classes: Subject.allCases,
        termWeights: ["bank": [2, 0, 0, 0], "classes": [0, 1, 0, 0], "central bank": [1, 0, 0.5, 0]],
        bias: [0, 0, 0, 0.5])

    func testProbabilitiesFollowTheWeightsAndSumToOne() {
        let probabilities = model.probabilities(["bank": 1])
        XCTAssertEqual(probabilities.reduce(0, +), 1, accuracy: 1e-9)
        XCTAssertEqual(probabilities.indices.max { probabilities[$0] < probabilities[$1] }, 0)
    }

    func testUnknownTermsLeaveOnlyTheBias() {
        let probabilities = model.probabilities(["zebra": 1])
        XCTAssertEqual(probabilities.indices.max { probabilities[$0] < probabilities[$1] }, 3)
    }

    func testTheWeightsFileRoundTripsEvenForTheWordClasses() throws {
        let text = model.encoded(comment: ["test model"])
        XCTAssertTrue(text.hasPrefix("# test model\n@classes\tfinance\ttech\tpolitics\tother\n"))
        let decoded = try SubjectModel.decode(text)
        XCTAssertEqual(decoded.termCount, 3)
        XCTAssertEqual(decoded.probabilities(["classes": 1, "central bank": 1]),
                       model.probabilities(["classes": 1, "central bank": 1]))
    }

    func testAMalformedWeightsFileNamesTheLine() {
        XCTAssertThrowsError(try SubjectModel.decode("@classes\tfinance\tother\n@bias\t0\t0\nbank\t1\n")) { error in
            XCTAssertEqual((error as? SubjectModel.FormatError)?.line, 3)
        }
        XCTAssertThrowsError(try SubjectModel.decode("@classes\tfinance\tsport\n"))
        XCTAssertThrowsError(try SubjectModel.decode("bank\t1\t2\n"))
    }
}

import TopicClassification
import XCTest

final class SubjectModelTests: XCTestCase {
    private let model = SubjectModel(
        classes: Subject.allCases,
        termWeights: ["bank": [2, 0, 0, 0], "classes": [0, 1, 0, 0], "central bank": [1, 0, 0.5, 0]],
        bias: [0, 0, 0, 0.5])

    /// Swift seeds hashing per process, so a dictionary's order differs between runs; here the same
    /// terms are put in dictionaries of different histories, which order them differently in one
    /// process. Weights and idfs of very different sizes make a sum depend on its order in the last
    /// bits (1e17 + 1 rounds to 1e17), so summing in the dictionary's order gives different scores.
    func testScoresAreTheSameBitsWhateverTheDictionarysOrder() {
        let terms = (0..<48).map { "term\($0)" }
        let model = SubjectModel(
            classes: Subject.allCases,
            termWeights: Dictionary(uniqueKeysWithValues: terms.enumerated().map { index, term in
                (term, [index % 2 == 0 ? 1e17 * Float(index + 1) : Float(index) + 0.3, -Float(index), 0.7, 0])
            }),
            bias: [0, 0, 0, 0],
            idf: Dictionary(uniqueKeysWithValues: terms.enumerated().map { index, term in
                (term, index % 3 == 0 ? 1e8 * Float(index + 1) : 1 + Float(index) / 7)
            }))
        func counts(_ order: [String], capacity: Int) -> [String: Double] {
            var counts: [String: Double] = [:]
            counts.reserveCapacity(capacity)
            for term in order { counts[term] = 1 + Double(terms.firstIndex(of: term)! % 5) }
            return counts
        }
        let dictionaries = [counts(terms, capacity: 0), counts(terms.reversed(), capacity: 0),
                            counts(terms, capacity: 500), counts(terms.reversed(), capacity: 2_000)]
        XCTAssertGreaterThan(Set(dictionaries.map { Array($0.keys) }).count, 1, "the dictionaries are in different orders")
        let scores = dictionaries.map { model.scores(model.weightedVector($0)) }
        for other in scores.dropFirst() {
            XCTAssertEqual(other.map(\.bitPattern), scores[0].map(\.bitPattern))
        }
        let features = dictionaries.map { counts in counts.mapValues { $0 * 0.1 } }
        for other in features.dropFirst() {
            XCTAssertEqual(model.scores(other).map(\.bitPattern), model.scores(features[0]).map(\.bitPattern))
        }
    }

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

    func testCountsAreWeighedByIDFAndScaledOverEveryTermOfTheText() {
        let weighted = SubjectModel(classes: Subject.allCases, termWeights: ["bank": [1, 0, 0, 0]], bias: [0, 0, 0, 0],
                                    idf: ["bank": 3], unlistedIDF: 2)
        let vector = weighted.weightedVector(["bank": 1, "zebra": 1])
        // log(2)·3 and log(2)·2 before scaling: "zebra" has no weights but still counts in the length.
        XCTAssertEqual(Array(vector.keys), ["bank"])
        XCTAssertEqual(vector["bank"]!, 3 / 13.0.squareRoot(), accuracy: 1e-9)
    }

    func testTheIDFColumnRoundTrips() throws {
        let weighted = SubjectModel(classes: Subject.allCases, termWeights: ["bank": [1, 0, 0, 0], "loan": [0.5, 0, 0, 0]],
                                    bias: [0, 0, 0, 0], idf: ["bank": 3, "loan": 1.5], unlistedIDF: 4.25)
        let text = weighted.encoded(comment: [])
        XCTAssertTrue(text.contains("@unlisted-idf\t4.25\n"))
        XCTAssertTrue(text.contains("bank\t3\t1\t0\t0\t0\n"))
        let decoded = try SubjectModel.decode(text)
        XCTAssertEqual(decoded.unlistedIDF, 4.25)
        let counts = ["bank": 2.0, "loan": 1, "zebra": 3]
        XCTAssertEqual(decoded.weightedVector(counts), weighted.weightedVector(counts))
    }

    func testAWeightsFileWithoutTheIDFColumnIsRejected() {
        XCTAssertThrowsError(try SubjectModel.decode("@classes\tfinance\tother\n@bias\t0\t0\nbank\t1\t2\n")) { error in
            XCTAssertEqual((error as? SubjectModel.FormatError)?.line, 3)
        }
        XCTAssertThrowsError(try SubjectModel.decode("@classes\tfinance\tother\n@bias\t0\t0\nbank\t1\t1\t2\n")) { error in
            XCTAssertEqual((error as? SubjectModel.FormatError)?.line, 0, "no @unlisted-idf line")
        }
    }

    func testAMalformedWeightsFileNamesTheLine() {
        XCTAssertThrowsError(try SubjectModel.decode("@classes\tfinance\tother\n@bias\t0\t0\nbank\t1\n")) { error in
            XCTAssertEqual((error as? SubjectModel.FormatError)?.line, 3)
        }
        XCTAssertThrowsError(try SubjectModel.decode("@classes\tfinance\tsport\n"))
        XCTAssertThrowsError(try SubjectModel.decode("bank\t1\t2\n"))
    }
}

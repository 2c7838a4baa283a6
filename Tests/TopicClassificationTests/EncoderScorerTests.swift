import SentenceEncoding
import TopicClassification
import XCTest

/// `EncoderScorer`: the scores of the sentence encoder's vector are added to the word model's.
final class EncoderScorerTests: XCTestCase {
    /// A scorer whose finance weights are one text's vector: it scores texts by their likeness to it.
    private func prototypeScorer(_ text: String, mix: Double) throws -> EncoderScorer {
        let prototype = try SentenceEncoder.bundled().encode(text)
        var weights = [Float](repeating: 0, count: SentenceEncoder.dimension * Subject.allCases.count)
        for (dimension, value) in prototype.enumerated() { weights[dimension * Subject.allCases.count] = 10 * value }
        return EncoderScorer(classes: Subject.allCases, weights: weights, bias: [0, 0, 0, 2], mix: mix)
    }

    /// A word model that knows no word and leans to `other`.
    private let blankWords = SubjectModel(classes: Subject.allCases, termWeights: [:], bias: [0, 0, 0, 1])

    func testTheEncoderScoresDecideWhereTheWordsSayNothing() throws {
        let scorer = try prototypeScorer("Central bank raises interest rates to fight inflation", mix: 1)
        let wordsOnly = TopicClassifier(model: blankWords, clusters: .none)
        let withEncoder = TopicClassifier(model: blankWords, clusters: .none,
                                          encoderReading: .init(encoder: try SentenceEncoder.bundled(), scorer: scorer))
        let headline = "Monetary authority lifts borrowing costs for third time", body = "Policymakers acted on Thursday."
        XCTAssertNil(wordsOnly.classify(headline: headline, body: body))
        XCTAssertEqual(withEncoder.classify(headline: headline, body: body), .finance)
        // Unlike the prototype: the encoder's finance score stays below the bias of `other`.
        XCTAssertNil(withEncoder.classify(headline: "Striker scores twice in cup final", body: "The home side won 3-1."))
    }

    func testMixScalesTheScores() throws {
        let vector = try SentenceEncoder.bundled().encode("anything")
        let half = try prototypeScorer("anything", mix: 0.5), whole = try prototypeScorer("anything", mix: 1)
        for (a, b) in zip(half.scores(vector), whole.scores(vector)) { XCTAssertEqual(a * 2, b, accuracy: 1e-9) }
    }

    func testTheEncoderReadsTheHeadlineAndTheLeadOnly() {
        let body = (1...100).map { "w\($0)" }.joined(separator: "  ")
        let text = EncoderScorer.text(headline: "Headline", body: body)
        XCTAssertTrue(text.hasPrefix("Headline. w1 w2 "))
        XCTAssertTrue(text.hasSuffix(" w60"))
    }

    func testTheWeightsFileRoundTrips() throws {
        let scorer = try prototypeScorer("Central bank raises interest rates", mix: 0.5)
        let decoded = try EncoderScorer.decode(scorer.encoded(comment: ["test"]))
        XCTAssertEqual(decoded.classes, scorer.classes)
        XCTAssertEqual(decoded.mix, 0.5)
        let vector = try SentenceEncoder.bundled().encode("Fed lifts rates")
        for (a, b) in zip(decoded.scores(vector), scorer.scores(vector)) { XCTAssertEqual(a, b, accuracy: 1e-3) }
    }

    func testAnIncompleteWeightsFileIsRejected() throws {
        let text = try prototypeScorer("x", mix: 0.5).encoded(comment: [])
        let withoutLastDimension = text.split(separator: "\n").dropLast().joined(separator: "\n")
        XCTAssertThrowsError(try EncoderScorer.decode(withoutLastDimension))
        XCTAssertThrowsError(try EncoderScorer.decode(text.replacingOccurrences(of: "@mix\t0.5", with: "@mix\thalf")))
        XCTAssertThrowsError(try EncoderScorer.decode(text.replacingOccurrences(of: "\tpolitics", with: "\tweather")))
    }

    func testWeightsTrainedOnAnotherTokenCutAreRejected() throws {
        let text = try prototypeScorer("x", mix: 0.5).encoded(comment: [])
        let cut = "@max-tokens\t\(SentenceEncoder.maxTokens)"
        XCTAssertTrue(text.contains(cut))
        XCTAssertThrowsError(try EncoderScorer.decode(text.replacingOccurrences(of: cut, with: "@max-tokens\t\(2 * SentenceEncoder.maxTokens)")))
        XCTAssertThrowsError(try EncoderScorer.decode(text.replacingOccurrences(of: cut + "\n", with: "")))
    }

    /// A scorer through two rectified units, one reading a text's vector and one its opposite: finance from the
    /// first, politics from the second.
    private func rectifiedScorer(_ text: String) throws -> (scorer: EncoderScorer, prototype: [Float]) {
        let prototype = try SentenceEncoder.bundled().encode(text)
        let hidden = EncoderHiddenLayer(weights: prototype.flatMap { [$0, -$0] }, bias: [0, 0])
        var weights = [Float](repeating: 0, count: 2 * Subject.allCases.count)
        weights[Subject.allCases.firstIndex(of: .finance)!] = 10
        weights[Subject.allCases.count + Subject.allCases.firstIndex(of: .politics)!] = 10
        return (EncoderScorer(classes: Subject.allCases, weights: weights, bias: [0, 0, 0, 1], mix: 1, hidden: hidden), prototype)
    }

    func testAHiddenLayerRectifiesItsUnits() throws {
        let (scorer, prototype) = try rectifiedScorer("Central bank raises interest rates")
        let likeness = zip(prototype, prototype).reduce(Float(0)) { $0 + $1.0 * $1.1 }
        let scores = scorer.scores(prototype)
        XCTAssertEqual(scores[Subject.allCases.firstIndex(of: .finance)!], Double(10 * likeness), accuracy: 1e-4)
        // The opposite unit's sum is negative and is cut to 0: a linear scorer would give politics -10 × likeness.
        XCTAssertEqual(scores[Subject.allCases.firstIndex(of: .politics)!], 0)
        XCTAssertEqual(scores[Subject.allCases.firstIndex(of: .other)!], 1)
    }

    func testAWeightsFileWithAHiddenLayerRoundTrips() throws {
        let (scorer, _) = try rectifiedScorer("Central bank raises interest rates")
        let text = scorer.encoded(comment: ["test"])
        let decoded = try EncoderScorer.decode(text)
        XCTAssertEqual(decoded.hidden?.width, 2)
        let vector = try SentenceEncoder.bundled().encode("Parliament passes the budget")
        for (a, b) in zip(decoded.scores(vector), scorer.scores(vector)) { XCTAssertEqual(a, b, accuracy: 1e-3) }
        let withoutOneDimension = text.split(separator: "\n").filter { !$0.hasPrefix("h7\t") }.joined(separator: "\n")
        XCTAssertThrowsError(try EncoderScorer.decode(withoutOneDimension))
        let withoutHiddenBias = text.split(separator: "\n").filter { !$0.hasPrefix("@hidden-bias") }.joined(separator: "\n")
        XCTAssertThrowsError(try EncoderScorer.decode(withoutHiddenBias))
    }

    func testAnAverageOfScorersScoresAsTheMeanOfTheirScores() throws {
        let (first, _) = try rectifiedScorer("Central bank raises interest rates")
        let (second, _) = try rectifiedScorer("Parliament passes the budget")
        let (third, _) = try rectifiedScorer("Chipmaker unveils a faster processor")
        let average = EncoderScorer.averaging([first, second, third])
        XCTAssertEqual(average.hidden?.width, 6)
        let vector = try SentenceEncoder.bundled().encode("Senate votes on the spending bill")
        let mean = zip(zip(first.scores(vector), second.scores(vector)), third.scores(vector)).map { ($0.0 + $0.1 + $1) / 3 }
        for (a, b) in zip(average.scores(vector), mean) { XCTAssertEqual(a, b, accuracy: 1e-5) }
        let decoded = try EncoderScorer.decode(average.encoded(comment: []))
        for (a, b) in zip(decoded.scores(vector), mean) { XCTAssertEqual(a, b, accuracy: 1e-3) }
    }

    /// The shipped scorer was trained on vectors of texts cut where the encoder cuts them.
    func testTheShippedClassifierReadsWithTheEncoder() throws {
        let classifier = try TopicClassifier.bundled()
        let reading = try XCTUnwrap(classifier.encoderReading)
        XCTAssertEqual(reading.scorer.classes, classifier.model.classes)
        XCTAssertGreaterThan(reading.scorer.mix, 0)
    }
}

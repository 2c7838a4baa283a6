import TopicClassification
import XCTest

/// `TopicClassifier.listingConfidence`: a story is listed only when the desks together are probable
/// enough over the whole story, however the probability without a desk is split among its kinds.
final class ListingConfidenceTests: XCTestCase {
    /// Three kinds of `other`; "telescope" leans a little to tech and almost as much to each kind of
    /// `other`, "chip" is tech. A story of "telescope" has tech as its most probable class (0.24),
    /// while the desks together are 0.41 and the kinds without one 0.59.
    private let model = SubjectModel(
        classes: [.finance, .tech, .politics, .other, .other, .other],
        termWeights: ["telescope": [0, 1, 0, 0.8, 0.8, 0.8], "chip": [0, 3, 0, 0, 0, 0]],
        bias: [0, 0, 0, 0, 0, 0])

    func testAStoryWhoseDesksTogetherAreLessProbableThanTheBarIsNotListed() {
        let classifier = TopicClassifier(model: model, clusters: .none, listingConfidence: 0.5)
        XCTAssertEqual(classifier.subject([(headline: "telescope", body: "")]), .tech)
        XCTAssertNil(classifier.classify(headline: "telescope", body: ""))
        XCTAssertNil(classifier.subjectDesk([(headline: "telescope", body: "")]))
        XCTAssertEqual(classifier.classify(headline: "chip", body: ""), .tech)
        XCTAssertEqual(classifier.listing(atConfidence: 0).classify(headline: "telescope", body: ""), .tech)
    }

    /// The bar is read on the whole story (every article's probabilities averaged): one clear report
    /// of the desk's subject among three that are mostly about something else does not list the story
    /// (desks 0.53), two of three do (0.72).
    func testTheBarIsReadOverEveryArticleOfTheStory() {
        let classifier = TopicClassifier(model: model, clusters: .none, listingConfidence: 0.6)
        let telescope = (headline: "telescope", body: ""), chip = (headline: "chip", body: "")
        XCTAssertEqual(classifier.classify([chip]), .tech)
        XCTAssertEqual(classifier.subject([chip, telescope, telescope, telescope]), .tech)
        XCTAssertNil(classifier.classify([chip, telescope, telescope, telescope]))
        XCTAssertEqual(classifier.classify([chip, chip, telescope]), .tech)
    }
}

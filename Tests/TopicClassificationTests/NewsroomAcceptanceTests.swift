import TopicClassification
import XCTest

/// Realistic multi-outlet stories (the fictional newsroom corpus shared with the Jarvis API
/// tests) must land on the desk a reader expects. These feeds are NOT training or tuning data:
/// they are a check that the model generalises beyond the labeled sets' own style. A failure
/// prints the subject probabilities so the cause is visible.
final class NewsroomAcceptanceTests: XCTestCase {
    func testEveryNewsroomEventGetsItsExpectedDeskOrNone() throws {
        let classifier = try TopicClassifier.bundled()
        let events = try NewsroomFeeds().events
        XCTAssertEqual(events.count, 12, "the manifest lists 12 events")
        for event in events {
            let desk = classifier.classify(event.texts)
            let probabilities = Self.describe(classifier, event.texts)
            if event.acceptableTopics.isEmpty {
                XCTAssertNil(desk, "\(event.id): expected no desk, got \(desk?.rawValue ?? "-") (\(probabilities))")
            } else {
                XCTAssertTrue(desk.map(event.acceptableTopics.contains) ?? false,
                              "\(event.id): expected \(event.acceptableTopics.map(\.rawValue)), got \(desk?.rawValue ?? "none") (\(probabilities))")
            }
        }
    }

    /// Each article alone, as the engine classifies a story that so far has one report: a
    /// quake or a legislature vote must not wait for a second outlet to be filed correctly.
    func testEverySingleNewsroomReportGetsItsEventsDeskOrNone() throws {
        let classifier = try TopicClassifier.bundled()
        for event in try NewsroomFeeds().events {
            for text in event.texts {
                let desk = classifier.classify(headline: text.headline, body: text.body)
                let probabilities = Self.describe(classifier, [text])
                if event.acceptableTopics.isEmpty {
                    XCTAssertNil(desk, "\(event.id) / \(text.headline): got \(desk?.rawValue ?? "-") (\(probabilities))")
                } else {
                    XCTAssertTrue(desk.map(event.acceptableTopics.contains) ?? false,
                                  "\(event.id) / \(text.headline): got \(desk?.rawValue ?? "none") (\(probabilities))")
                }
            }
        }
    }

    private static func describe(_ classifier: TopicClassifier, _ texts: [(headline: String, body: String)]) -> String {
        zip(classifier.model.classes, classifier.subjectProbabilities(texts))
            .map { "\($0.0.rawValue) \(String(format: "%.2f", $0.1))" }.joined(separator: ", ")
    }
}

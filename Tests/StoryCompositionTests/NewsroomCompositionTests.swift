import StoryComposition
import XCTest

/// Composition over the newsroom corpus: twelve fictional events reported by one to six outlets
/// in their own words, the closest thing to real feeds the repository holds.
final class NewsroomCompositionTests: XCTestCase {
    private static let corpus = Result { try NewsroomCorpus() }

    private func events() throws -> [NewsroomCorpus.Event] {
        let events = try Self.corpus.get().events
        XCTAssertEqual(events.count, 12, "the manifest lists twelve events")
        return events
    }

    func testConflictIsReportedExactlyForTheEventsWhoseOutletsDisagree() throws {
        for event in try events() {
            let conflict = Conflict.sentence(for: event.articles)
            if event.conflictExpected {
                XCTAssertNotNil(conflict, "\(event.id): the outlets' figures disagree")
            } else {
                XCTAssertNil(conflict, "\(event.id): no outlet contradicts another")
            }
        }
    }

    func testConflictSentencesNameTheDisputedFigures() throws {
        let byID = Dictionary(uniqueKeysWithValues: try events().map { ($0.id, $0.articles) })
        XCTAssertEqual(Conflict.sentence(for: byID["ghana-election"] ?? []),
                       "Accra Morning Post reports 52.3% of the vote for Kwabena Asante-Mensah while Lagos Ledger reports 53.1%.")
        XCTAssertEqual(Conflict.sentence(for: byID["bank-cyber"] ?? []),
                       "Silicon Harbor Times reports about 1.9 million customers while Euro Finance Monitor reports some 2.4 million.")
    }

    func testComposedStoriesHaveShortCompleteSummariesAndNoFalseConflicts() throws {
        let composer = StoryComposer(authority: .bundled)
        for event in try events() {
            let latest = event.articles.map(\.publishedAt).max() ?? Date()
            let story = composer.compose(event.articles, topic: nil, now: latest)
            XCTAssertFalse(story.summary.isEmpty, event.id)
            XCTAssertLessThanOrEqual(story.summary.count, StorySummary.maximumLength, event.id)
            XCTAssertTrue(story.summary.last.map { ".!?\u{201D}\"".contains($0) } ?? false, "\(event.id): \(story.summary)")
            XCTAssertEqual(story.conflict != nil, event.conflictExpected, "\(event.id): \(story.conflict ?? "nil")")
        }
    }
}

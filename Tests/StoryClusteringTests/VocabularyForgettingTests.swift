@testable import StoryClustering
import XCTest

final class VocabularyForgettingTests: XCTestCase {
    /// Halving document frequencies recycles the ids of rare terms; terms a live story still uses
    /// must survive it, or a later article of that story would be compared against the wrong terms.
    func testLiveStoriesStayJoinableAcrossManyForgettingRounds() {
        var configuration = ClusteringConfiguration()
        configuration.documentFrequencyHorizon = 6
        let clusterer = Newsroom.primedClusterer(configuration)
        let ids = Newsroom.IDs()
        for article in Events.kenyaAirwaysWire().prefix(3) { _ = clusterer.assign(article, newStoryID: ids.next) }
        for round in 0..<5 {
            for (index, text) in Newsroom.background.enumerated() {
                let filler = Newsroom.article("filler-\(round)-\(index)", "archive.example", hoursAfterMorning: -200,
                                              text.0 + " round \(round)", text.1 + " Reference \(round)-\(index).")
                clusterer.learnTermStatistics(from: filler)
            }
        }
        let late = clusterer.assign(Events.kenyaAirwaysWire()[4], newStoryID: ids.next)
        XCTAssertEqual(late, ClusterAssignment(storyID: "story-1", isNewStory: false, mergedStoryIDs: []))
    }

    /// Ids order the sums over a story's terms and break ties between equally heavy terms, so which
    /// term gets a recycled id must not follow the dictionary's order (hashing is seeded per
    /// process): recycled ids go smallest first.
    func testRecycledIDsAreReusedSmallestFirst() {
        var vocabulary = TermVocabulary(horizon: 2)
        let old = (0..<64).map { vocabulary.id(for: "old\($0)", isEntity: false) }
        vocabulary.observe(distinctTerms: old)
        vocabulary.observe(distinctTerms: [])
        vocabulary.forgetOldCountsIfDue { _ in false }
        let new = (0..<64).map { vocabulary.id(for: "new\($0)", isEntity: false) }
        XCTAssertEqual(old, (0..<64).map(Int32.init))
        XCTAssertEqual(new, old)
    }
}

import Foundation
import StoryEngine
import StoryEngineFixtures
import XCTest

/// The stories of a round are composed on several threads (`StoryEngine.Configuration.threads`): the
/// stories must be the ones composing them one after another gives.
final class ParallelCompositionTests: XCTestCase {
    private let start = KenyaRateDecision.start

    /// Eight unrelated events in eight cities, each told by three outlets in their own words, the
    /// third outlet an hour late with a higher toll: a round touches eight stories at once.
    private var stream: [EngineArticle] {
        let cities = ["Mombasa", "Lagos", "Accra", "Dakar", "Kampala", "Lusaka", "Harare", "Maputo"]
        let events = [("factory fire", "A fire swept through a textile factory in"), ("ferry capsizing", "A passenger ferry capsized off"),
                      ("bridge collapse", "A road bridge collapsed in"), ("flash flood", "Flash floods tore through"),
                      ("market fire", "Fire destroyed hundreds of stalls at the central market in"),
                      ("train derailment", "A cargo train derailed outside"), ("gas explosion", "A gas tanker exploded in"),
                      ("mine collapse", "A gold mine caved in near")]
        let outlets = ["Harbour Herald", "Coast Daily", "Continental Wire"]
        return zip(cities, events).enumerated().flatMap { index, pair -> [EngineArticle] in
            let (city, (event, opening)) = pair
            let toll = 4 + index
            return outlets.enumerated().map { number, outlet in
                let dead = number == 2 ? toll + 3 : toll
                return KenyaRateDecision.report(
                    "e\(index)-\(number)", outlet: outlet, minutes: Double(10 * index + (number == 2 ? 60 : 5 * number)),
                    "\(dead) dead in \(city) \(event)" + (number == 1 ? ", officials say" : ""),
                    "\(opening) \(city) on Tuesday, killing at least \(dead) people, officials said. "
                        + "Rescuers were searching for survivors and the \(city) governor ordered an inquiry into the \(event). "
                        + (number == 0 ? "Witnesses described scenes of panic as emergency crews arrived." : "Hospitals in \(city) appealed for blood donors."))
            }
        }.sorted { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) }
    }

    /// Each round's stories, keyed by the first article placed in each story (story ids are random).
    private func rounds(threads: Int) throws -> [[String: StorySnapshot]] {
        var configuration = StoryEngine.Configuration()
        configuration.threads = threads
        let engine = try StoryEngine(configuration: configuration)
        var firstArticle: [String: String] = [:]
        let articles = stream
        return stride(from: 0, to: articles.count, by: 8).map { offset in
            let round = Array(articles[offset..<min(offset + 8, articles.count)])
            let update = engine.ingest(round, now: round.last!.publishedAt.addingTimeInterval(60))
            for placement in update.placements where firstArticle[placement.storyID] == nil {
                firstArticle[placement.storyID] = placement.articleID
            }
            return Dictionary(uniqueKeysWithValues: update.stories.map { (firstArticle[$0.key]!, $0.value) })
        }
    }

    func testStoriesComposedInParallelAreTheStoriesComposedOneAfterAnother() throws {
        let serial = try rounds(threads: 1)
        let parallel = try rounds(threads: 4)
        XCTAssertEqual(serial.count, parallel.count)
        XCTAssertGreaterThanOrEqual(serial.map(\.count).max() ?? 0, 4, "rounds touch several stories at once")
        XCTAssertEqual(Set(serial.flatMap(\.keys)).count, 8, "eight events, eight stories")
        for (one, many) in zip(serial, parallel) {
            XCTAssertEqual(Set(one.keys), Set(many.keys))
            for (key, story) in one {
                let other = try XCTUnwrap(many[key])
                XCTAssertEqual(story.headline, other.headline)
                XCTAssertEqual(story.summary, other.summary)
                XCTAssertEqual(story.topic, other.topic)
                XCTAssertEqual(story.isListed, other.isListed)
                XCTAssertEqual(story.breakdown, other.breakdown)
                XCTAssertEqual(story.sourceCount, other.sourceCount)
                XCTAssertEqual(story.consensus, other.consensus)
                XCTAssertEqual(story.conflict, other.conflict)
                XCTAssertEqual(story.latestArticleAt, other.latestArticleAt)
                XCTAssertEqual(story.breakingArticleIDs, other.breakingArticleIDs)
            }
        }
    }
}

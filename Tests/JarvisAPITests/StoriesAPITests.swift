import Foundation
import TestDatabaseSupport
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// The home feed a person gets when Jarvis reads two dozen outlets: one story per real-world
/// event with all its sources, a timeline, a summary, a topic and a score, decoded exactly as
/// the iOS app decodes it. On SQLite; `StoriesAPIOnPostgreSQLTests` repeats the storage-heavy
/// ones on PostgreSQL.
class StoriesAPITests: XCTestCase {
    class var onPostgreSQL: Bool { false }

    private var jarvis: RunningJarvis!
    private var newsroom: Newsroom!
    private var client: StoryTestClient { StoryTestClient(jarvis: jarvis) }

    override func setUp() async throws {
        jarvis = try await RunningJarvis(databaseURL: Self.onPostgreSQL ? try makePostgresSchemaURL(prefix: "jarvis_stories") : nil)
        newsroom = try Newsroom()
    }

    /// Optional chaining: without PostgreSQL the subclass's `setUp` skips before either is made.
    override func tearDown() async throws {
        await jarvis?.stop()
        await newsroom?.stop()
    }

    private var itemCount: Int { newsroom.articleCount() }

    private func outletName(_ file: String) -> String {
        newsroom.manifest.outlets.first { $0.file == file }!.name
    }

    private func storyIDs(of event: Newsroom.Manifest.Event) async throws -> Set<String> {
        var ids = Set<String>()
        for item in event.items {
            let placement = try await client.placement(source: outletName(item.file), guidOrLink: item.guidOrLink)
            XCTAssertNotNil(placement, "item \(item.guidOrLink) of \(event.id) was not stored")
            if let placement { ids.insert(placement.storyID) }
        }
        return ids
    }

    func testEachEventFromManyOutletsIsOneStoryWithAllItsSources() async throws {
        try client.subscribe(newsroom)
        try await client.waitForClustering(articles: itemCount)
        var storyOfEvent: [String: String] = [:]
        for event in newsroom.manifest.events {
            let ids = try await storyIDs(of: event)
            XCTAssertEqual(ids.count, 1, "event \(event.id) is split over \(ids.count) stories")
            guard let id = ids.first else { continue }
            XCTAssertFalse(storyOfEvent.values.contains(id), "event \(event.id) shares a story with another event")
            storyOfEvent[event.id] = id

            let (detail, body) = try client.story(id)
            let outlets = Set(event.items.map(\.file))
            XCTAssertEqual(detail.sourceCount, outlets.count, "sources of \(event.id)")
            XCTAssertEqual(detail.timeline.count, event.items.count,
                           "timeline of \(event.id): \(detail.timeline.map { "\($0.source): \($0.headline)" })")
            XCTAssertEqual(detail.timeline.map(\.publishedAt), detail.timeline.map(\.publishedAt).sorted(), "timeline is earliest first")
            XCTAssertFalse(detail.summary.isEmpty)
            XCTAssertEqual(detail.signalScore, Self.sum(detail.scoreBreakdown))
            if let topic = event.expectedTopic {
                let acceptable = [topic] + (event.alsoAcceptableTopics ?? [])
                XCTAssertTrue(acceptable.map(\.rawValue).contains(detail.topic.rawValue), "topic of \(event.id): \(detail.topic.rawValue)")
            }
            XCTAssertEqual(detail.consensus == nil, outlets.count == 1, "consensus of \(event.id): \(detail.consensus ?? "nil")")
            XCTAssertEqual(detail.conflict != nil, event.conflictExpected, "conflict of \(event.id): \(detail.conflict ?? "nil")")
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            XCTAssertNil(json["sources"], "the detail has a timeline, not sources")
            try AppDecoding.assertKeysPresent(["consensus", "conflict"], in: body)
        }

        let listed = try client.allStories()
        let listedIDs = Set(listed.map(\.id))
        XCTAssertEqual(listedIDs.count, listed.count, "no story is listed twice")
        for event in newsroom.manifest.events {
            guard let id = storyOfEvent[event.id] else { continue }
            XCTAssertEqual(listedIDs.contains(id), event.expectedTopic != nil,
                           "\(event.id) (\(listed.first { $0.id == id }?.topic.rawValue ?? "unlisted")) is \(event.expectedTopic == nil ? "about no desk and must not be" : "a desk story and must be") listed")
        }
        XCTAssertEqual(listed.map(\.signalScore), listed.map(\.signalScore).sorted(by: >), "best first")
        for story in listed {
            XCTAssertEqual(story.sources.count, story.sourceCount)
            XCTAssertEqual(story.signalScore, Self.sum(story.scoreBreakdown))
            let b = story.scoreBreakdown
            for component in [b.sourceAuthority, b.freshness, b.localRelevance, b.crossSourceConfirmation, b.topicImportance] {
                XCTAssertTrue((0...20).contains(component), "component \(component) of \(story.id)")
            }
        }
    }

    func testTheHealthCheckCountsListedStories() async throws {
        try client.subscribe(newsroom)
        try await client.waitForClustering(articles: itemCount)
        let health = try AppDecoding.decode(AppServerHealth.self, from: try curl([jarvis.url + "/health"]).body)
        XCTAssertEqual(health.storiesCount, try client.stories().page.total)
        XCTAssertEqual(health.feedsCount, newsroom.manifest.outlets.count)
    }

    func testListItemsAlwaysCarrySourcesAndNullableKeys() async throws {
        try client.subscribe(newsroom)
        try await client.waitForClustering(articles: itemCount)
        let (page, body) = try client.stories("?limit=100")
        XCTAssertFalse(page.data.isEmpty)
        try AppDecoding.assertKeysPresent(["sources", "consensus", "conflict"], in: body, path: ["data"])
        try AppDecoding.assertKeysPresent(["nextCursor"], in: body)
    }

    /// Reads only the outlets of the event reported most widely (a quarter of the newsroom's
    /// articles, so the engine's work is a quarter too): enough for a story of many sources.
    func testArticlesResolveToTheirStory() async throws {
        let event = try XCTUnwrap(newsroom.manifest.events.max { $0.items.count < $1.items.count })
        let files = Set(event.items.map(\.file))
        let outlets = newsroom.manifest.outlets.filter { files.contains($0.file) }
        try client.subscribe(newsroom, outlets: outlets)
        try await client.waitForClustering(articles: newsroom.articleCount(outlets: outlets))
        let item = event.items[0]
        let found = try await client.placement(source: outletName(item.file), guidOrLink: item.guidOrLink)
        let placement = try XCTUnwrap(found)
        let response = try curl([jarvis.url + "/articles/\(placement.articleID)"])
        XCTAssertEqual(response.status, 200, response.body)
        let article = try AppDecoding.decode(AppArticle.self, from: response.body)
        XCTAssertEqual(article.storyId, placement.storyID)
        XCTAssertEqual(article.source, outletName(item.file))
        XCTAssertFalse(article.body.contains("<"), "body is plain text")
        try AppDecoding.assertKeysPresent(["imageUrl", "author"], in: response.body)
        XCTAssertEqual(try curl([jarvis.url + "/stories/\(article.storyId)"]).status, 200)
    }

    func testTopicFilterAndMinimumSignal() async throws {
        try client.subscribe(newsroom)
        try await client.waitForClustering(articles: itemCount)
        let all = try client.allStories()
        XCTAssertEqual(StoryFilter.topicSlugs, AppTopic.allCases.map(\.rawValue), "the server's desks are the app's, in its order")
        for topic in AppTopic.allCases.map(\.rawValue) {
            let page = try client.stories("?topic=\(topic)&limit=100").page
            XCTAssertEqual(page.data.map(\.id), all.filter { $0.topic.rawValue == topic }.map(\.id), topic)
            XCTAssertEqual(page.total, page.data.count)
        }
        let threshold = all.map(\.signalScore).sorted()[all.count / 2]
        let strong = try client.stories("?min_signal=\(threshold)&limit=100").page
        XCTAssertEqual(strong.data.map(\.id), all.filter { $0.signalScore >= threshold }.map(\.id))
        XCTAssertEqual(strong.total, strong.data.count, "total counts what min_signal keeps")
        XCTAssertLessThan(strong.total, all.count)
    }

    func testUnknownIdsAndBadQueriesGetJSONErrors() throws {
        for path in ["/stories/no-such-story", "/articles/no-such-article", "/stories/%00", "/articles/a%00b"] {
            let response = try curl([jarvis.url + path])
            XCTAssertEqual(response.status, 404, path)
            try AppDecoding.assertErrorEnvelope(response.body)
        }
        for query in ["?limit=0", "?limit=101", "?limit=ten", "?topic=sport", "?min_signal=-1", "?after=not-a-cursor"] {
            let response = try curl([jarvis.url + "/stories" + query])
            XCTAssertEqual(response.status, 400, query)
            try AppDecoding.assertErrorEnvelope(response.body)
        }
    }

    func testDefaultPageSizeIsTwenty() async throws {
        let empty = try client.stories().page
        XCTAssertEqual(empty.total, 0)
        XCTAssertFalse(empty.hasMore)
        XCTAssertNil(empty.nextCursor)
        try client.subscribe(newsroom)
        try await client.waitForClustering(articles: itemCount)
        let page = try client.stories().page
        XCTAssertGreaterThan(page.total, 20, "the newsroom lists more than one default page")
        XCTAssertEqual(page.data.count, 20)
        XCTAssertTrue(page.hasMore)
        XCTAssertNotNil(page.nextCursor)
    }

    static func sum(_ breakdown: AppScoreBreakdown) -> Int {
        breakdown.sourceAuthority + breakdown.freshness + breakdown.localRelevance + breakdown.crossSourceConfirmation
            + breakdown.topicImportance
    }
}

/// Linux XCTest discovers only methods declared in the class itself, hence the forwarding.
final class StoriesAPIOnPostgreSQLTests: StoriesAPITests {
    override class var onPostgreSQL: Bool { true }

    func testOnPostgreSQLEachEventIsOneStoryWithAllItsSources() async throws {
        try await testEachEventFromManyOutletsIsOneStoryWithAllItsSources()
    }

    func testOnPostgreSQLTopicFilterAndMinimumSignal() async throws {
        try await testTopicFilterAndMinimumSignal()
    }
}

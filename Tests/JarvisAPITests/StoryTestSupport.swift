import Foundation
import Storage
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// What a stories test does to a running Jarvis: subscribe outlets, wait for the engine, read
/// the API as the app does, and look up which story a given feed item landed in.
struct StoryTestClient {
    let jarvis: RunningJarvis

    /// How long a test waits for a clustering step it cannot watch progress of (a round's
    /// commit, a story's announcement). Generous: the first round of a process loads the story
    /// models, a debug build runs the sentence encoder unoptimized, and a busy machine shares its
    /// cores; a wait that ends early costs nothing, so the bound only says "never".
    static let patienceSeconds: Double = 180

    func subscribe(_ newsroom: Newsroom, outlets: [Newsroom.Manifest.Outlet]? = nil) throws {
        for outlet in outlets ?? newsroom.manifest.outlets {
            let body = #"{"url":"\#(newsroom.feedURL(outlet.file))","name":"\#(outlet.name)","pollIntervalSeconds":900}"#
            let created = try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", body, jarvis.url + "/feeds"])
            XCTAssertEqual(created.status, 201, created.body)
        }
    }

    /// Waits until `count` articles are stored and every one is in a story.
    ///
    /// There is no total deadline: how long the engine takes depends on the build and the machine
    /// (a debug build runs the sentence encoder, most of the engine's time, unoptimized, and a
    /// busy machine shares its cores). It fails once nothing has moved for `stalledSeconds` — no
    /// article stored, claimed by a round or placed. That pause must cover one whole round, since
    /// a round places all its articles in one commit, and the first round loads the story models.
    func waitForClustering(articles count: Int, stalledSeconds: Double = patienceSeconds) async throws {
        try await Self.waitForClustering(databaseURL: jarvis.databaseURL, articles: count, stalledSeconds: stalledSeconds)
    }

    /// `waitForClustering(articles:stalledSeconds:)` for the server on `databaseURL`, one of this process or another.
    static func waitForClustering(databaseURL: String, articles count: Int, stalledSeconds: Double = patienceSeconds) async throws {
        let database = try Database.open(url: databaseURL, poolSize: 1)
        defer { database.close() }
        var last: [Int] = []
        var lastMoved = Date()
        while true {
            // Stored, claimed by a round and not yet placed, placed.
            let progress = try await database.read { connection in
                try ["", "WHERE story_id IS NULL AND cluster_holder IS NOT NULL", "WHERE story_id IS NOT NULL"].map { filter in
                    try connection.queryFirst("SELECT COUNT(*) AS n FROM articles " + filter, [])!.decode(Int.self, "n")
                }
            }
            let (stored, placed) = (progress[0], progress[2])
            if stored >= count, placed == stored { return }
            if progress != last {
                (last, lastMoved) = (progress, Date())
            } else if Date().timeIntervalSince(lastMoved) > stalledSeconds {
                XCTFail("\(placed) of \(stored) stored articles placed (\(count) expected); nothing moved for \(Int(stalledSeconds)) s")
                return
            }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
    }

    /// The article id and story id of a feed item (source = outlet name, key = guid or link).
    func placement(source: String, guidOrLink: String) async throws -> (articleID: String, storyID: String)? {
        let database = try Database.open(url: jarvis.databaseURL, poolSize: 1)
        defer { database.close() }
        return try await database.read { connection in
            try connection.queryFirst("""
                SELECT id, story_id FROM articles WHERE source = $1 AND (dedup_key = $2 OR dedup_key = $3 OR source_url = $4)
                """, [.text(source), .text("guid:" + guidOrLink), .text("link:" + guidOrLink), .text(guidOrLink)])
                .map { (try $0.decode(String.self, "id"), try $0.decode(String.self, "story_id")) }
        }
    }

    func stories(_ query: String = "") throws -> (page: AppPaginatedStories, body: String) {
        let response = try curl([jarvis.url + "/stories" + query])
        XCTAssertEqual(response.status, 200, response.body)
        return (try AppDecoding.decode(AppPaginatedStories.self, from: response.body), response.body)
    }

    /// Every listed story, following cursors.
    func allStories(limit: Int = 100) throws -> [AppStorySummary] {
        var result: [AppStorySummary] = []
        var query = "?limit=\(limit)"
        while true {
            let page = try stories(query).page
            result += page.data
            guard page.hasMore, let cursor = page.nextCursor else { return result }
            query = "?limit=\(limit)&after=\(cursor)"
        }
    }

    func story(_ id: String) throws -> (detail: AppStoryDetail, body: String) {
        let response = try curl([jarvis.url + "/stories/\(id)"])
        XCTAssertEqual(response.status, 200, response.body)
        return (try AppDecoding.decode(AppStoryDetail.self, from: response.body), response.body)
    }
}

extension Newsroom {
    /// How many articles the feeds of `outlets` (all of them by default) hold: every item the
    /// manifest lists, in an event or alone, is one stored article.
    func articleCount(outlets: [Manifest.Outlet]? = nil) -> Int {
        let files = Set((outlets ?? manifest.outlets).map(\.file))
        return (manifest.singletons + manifest.events.flatMap(\.items)).filter { files.contains($0.file) }.count
    }
}

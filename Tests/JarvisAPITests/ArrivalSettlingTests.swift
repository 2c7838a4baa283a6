import Foundation
import HTTPServer
import Storage
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// A poll of many feeds stores their entries feed by feed over a moment; the story worker waits
/// for arrivals to pause so such a burst is placed in one round, in publication order, not in
/// pieces decided by which feed answered first (a tenth reader's audit saw replays of one first
/// poll give different stories). Two outlets' reports of one event, fetched moments or 1.5 s apart.
final class ArrivalSettlingTests: XCTestCase {
    private static let reports = [
        ("Central Bank of Kenya raises benchmark rate to 13%",
         "The Central Bank of Kenya raised its benchmark lending rate by 50 basis points to 13 percent on Tuesday, citing "
             + "persistent inflation and a weaker shilling. Governor Kamau Thugge said the committee would act again if needed."),
        ("Kenya's central bank lifts key rate to 13 percent",
         "Kenya's central bank lifted its key interest rate to 13 percent from 12.5 percent, Governor Kamau Thugge said, as the "
             + "Monetary Policy Committee moved to tame inflation and support the shilling."),
    ]

    /// The longest wait a 30 s lease allows. The second feed is subscribed as soon as the first report is
    /// stored, so however slow the machine, the two arrive as close together as a subscription and a fetch allow.
    func testReportsArrivingWithinTheSettleTimeArePlacedInOneRound() async throws {
        let rounds = try await roundsPlacingTwoReports(settleSeconds: 5, apart: 0)
        XCTAssertEqual(rounds, 1)
    }

    func testWithoutWaitingTheSameReportsTakeTwoRounds() async throws {
        let rounds = try await roundsPlacingTwoReports(settleSeconds: 0.05, apart: 1.5)
        XCTAssertEqual(rounds, 2, "the case the wait exists for")
    }

    /// How many committed rounds placed the two reports, the second feed subscribed `apart` seconds after the
    /// first report was stored: one when the story was announced with both outlets, two when it was announced
    /// with the first and updated with the second.
    private func roundsPlacingTwoReports(settleSeconds: Double, apart: Double) async throws -> Int {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_ARRIVAL_SETTLE_SECONDS": "\(settleSeconds)"])
        // Awaiting a `story.stale` that never comes keeps the client listening after the first announcement.
        let socket = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["story.created", "story.stale"])
        let database = try Database.open(url: jarvis.databaseURL, poolSize: 1)
        var sites: [HTTPServer] = []
        for (index, report) in Self.reports.enumerated() {
            var router = Router()
            let published = DateFormatter.rfc822.string(from: Date().addingTimeInterval(-600 + Double(index) * 60))
            router.get("/feed") { _ in
                .bytes(Array("""
                    <?xml version="1.0" encoding="UTF-8"?>
                    <rss version="2.0"><channel><title>Outlet \(index)</title><link>http://127.0.0.1/</link>
                    <item><guid>r\(index)</guid><title>\(report.0)</title><link>http://127.0.0.1/r\(index)</link>
                    <pubDate>\(published)</pubDate><description>\(report.1)</description></item>
                    </channel></rss>
                    """.utf8), contentType: "application/rss+xml")
            }
            sites.append(try LoopbackSite.start(router))
        }
        for (index, site) in sites.enumerated() {
            if index > 0 {
                let stored = try eventually(StoryTestClient.patienceSeconds) {
                    try database.readBlocking { try $0.query("SELECT id FROM articles", []).count } > 0
                }
                XCTAssertTrue(stored, "the first report was never stored")
                try await Task.sleep(nanoseconds: UInt64(apart * 1e9))
            }
            let created = try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d",
                                    #"{"url":"http://127.0.0.1:\#(site.port)/feed","name":"Outlet \#(index)","pollIntervalSeconds":900}"#,
                                    jarvis.url + "/feeds"])
            XCTAssertEqual(created.status, 201, created.body)
        }
        try await StoryTestClient(jarvis: jarvis).waitForClustering(articles: 2)
        let stories = try await database.read { connection in
            try connection.query("SELECT id, source_count FROM stories", []).map {
                (id: try $0.decode(String.self, "id"), sources: try $0.decode(Int.self, "source_count"))
            }
        }
        database.close()
        func events(_ log: String) throws -> [AppStoryEvent] {
            try log.split(separator: "\n").filter { $0.contains("\"story.") }.map { try AppDecoding.decode(AppStoryEvent.self, from: String($0)) }
        }
        let announced = try eventually(StoryTestClient.patienceSeconds) { try events(socket.log).contains { $0.sourceCount == 2 } }
        let log = socket.finish(within: 0).log
        for site in sites { await site.shutdown() }
        await jarvis.stop()
        XCTAssertEqual(stories.count, 1, "one event")
        XCTAssertEqual(stories.first?.sources, 2)
        XCTAssertTrue(announced, "the story with both outlets was announced: \(log)")
        let created = try events(log).filter { $0.type == "story.created" }
        XCTAssertEqual(created.map(\.storyId), [stories.first?.id], log)
        return created.first.map { $0.sourceCount == 2 ? 1 : 2 } ?? 0
    }
}

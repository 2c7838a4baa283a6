import Foundation
import Storage
import XCTest
@testable import JarvisAPI

/// `sources[]` of a listed story: each outlet once, with its earliest report, the first
/// `maximumSourcesPerItem` outlets to report — picked by the database, on both engines.
final class StorySourcesTests: XCTestCase {
    func testEachOutletOnceWithItsFirstReportAndAtMostTheLimitOnSQLite() throws {
        try sources(makeJarvisSQLite().database)
    }

    func testEachOutletOnceWithItsFirstReportAndAtMostTheLimitOnPostgres() throws {
        try sources(makeJarvisPostgres(prefix: "jarvis_sources"))
    }

    private func sources(_ database: Database) throws {
        let start = 1_800_000_000
        let outlets = StoryReads.maximumSourcesPerItem + 5
        try database.writeBlocking { connection in
            for outlet in 0 ..< outlets {
                // Each outlet's follow-up comes first in the table but later in time; outlet 3
                // has two feeds (names) on one host, which is one source.
                for (report, minutes) in [(1, 500 + outlet), (0, outlet)] {
                    let name = outlet == 3 && report == 1 ? "Outlet 3 Business" : "Outlet \(outlet)"
                    try connection.execute("""
                        INSERT INTO articles (id, dedup_key, source, source_key, source_url, headline, body, published_at,
                            first_seen_at, updated_at, content_hash, story_id)
                        VALUES ($1, $1, $2, $3, $4, 'Headline', 'Body.', $5, $5, $5, $1, 'story')
                        """, [.text("o\(outlet)-r\(report)"), .text(name), .text("outlet\(outlet).example"),
                              .text("https://outlet\(outlet).example/\(report)"), .integer(Int64(start + minutes * 60))])
                }
            }
            // Another story, of feeds with no host key: the outlet is then its name.
            for (id, name, at) in [("n1", "Wire A", 10), ("n2", "Wire A", 5), ("n3", "Wire B", 20), ("x", "Outlet 0", 1)] {
                try connection.execute("""
                    INSERT INTO articles (id, dedup_key, source, source_key, source_url, headline, body, published_at,
                        first_seen_at, updated_at, content_hash, story_id)
                    VALUES ($1, $1, $2, '', 'https://example.com/n', 'Other', 'Body.', $3, $3, $3, $1, $4)
                    """, [.text(id), .text(name), .integer(Int64(at)), .text(id == "x" ? "not-asked" : "another")])
            }
        }
        let found = try database.readBlocking { try StoryReads.sources(of: ["story", "another"], $0) }
        let listed = try XCTUnwrap(found["story"])
        XCTAssertEqual(listed.map(\.id), (0 ..< StoryReads.maximumSourcesPerItem).map { "o\($0)-r0" },
                       "one per outlet, its first report, the first outlets to report, earliest first")
        XCTAssertEqual(listed[3].name, "Outlet 3")
        XCTAssertEqual(found["another"]?.map(\.id), ["n2", "n3"], "by name when there is no host key, each story apart")
        XCTAssertNil(found["not-asked"], "only the stories asked for")
    }
}

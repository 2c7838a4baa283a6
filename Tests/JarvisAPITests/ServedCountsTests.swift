import Foundation
import Storage
import TestDatabaseSupport
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// `GET /health` serves counts the writers keep (`ServedCounts`, migration 13): two real `jarvis`
/// processes on one database each see their own writes at once and the other's within
/// `ServedCounts.maxAge`; the triggers follow every way a row enters or leaves the counted sets.
final class ServedCountsTests: XCTestCase {
    func testTwoProcessesOnOneSQLiteFileSeeEachOthersFeeds() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("counts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try assertCountsFollowWrites(databaseURL: directory.appendingPathComponent("j.sqlite").path)
    }

    func testTwoProcessesOnOnePostgreSQLDatabaseSeeEachOthersFeeds() throws {
        try assertCountsFollowWrites(databaseURL: try makePostgresSchemaURL(prefix: "served_counts"))
    }

    func testTriggersFollowStoriesInAndOutOfTheListingOnSQLite() throws {
        try assertTriggersFollowStories(try makeJarvisSQLite().database)
    }

    func testTriggersFollowStoriesInAndOutOfTheListingOnPostgreSQL() throws {
        try assertTriggersFollowStories(try makeJarvisPostgres(prefix: "served_counts_triggers"))
    }

    /// Feeds added and removed through either process: the writer's own `/health` answers with
    /// the new count at once, the other process's within the bound.
    private func assertCountsFollowWrites(databaseURL: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let first = try ServiceProcess("jarvis", arguments: ["--database", databaseURL], environment: RunningJarvis.loopbackFeeds)
        let second = try ServiceProcess("jarvis", arguments: ["--database", databaseURL], environment: RunningJarvis.loopbackFeeds)
        let processes = [first, second]
        for process in processes { XCTAssertEqual(try health(process).feedsCount, 0, file: file, line: line) }

        var ids: [String] = []
        for (index, writer) in [first, second, first].enumerated() {
            let body = #"{"url":"http://127.0.0.1:9/counted-\#(index).xml","name":"Counted \#(index)","pollIntervalSeconds":900}"#
            let created = try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", body, writer.url + "/feeds"])
            XCTAssertEqual(created.status, 201, created.body, file: file, line: line)
            ids.append(try AppDecoding.decode(AppFeed.self, from: created.body).id)
            XCTAssertEqual(try health(writer).feedsCount, ids.count, "the writer's own count", file: file, line: line)
            let reader = writer === first ? second : first
            XCTAssertTrue(try eventually(Self.otherProcessSeconds) { try health(reader).feedsCount == ids.count },
                          "the other process's count", file: file, line: line)
        }
        let deleted = try curl(["-X", "DELETE", second.url + "/feeds/\(ids[0])"])
        XCTAssertEqual(deleted.status, 204, file: file, line: line)
        XCTAssertEqual(try health(second).feedsCount, 2, file: file, line: line)
        XCTAssertTrue(try eventually(Self.otherProcessSeconds) { try health(first).feedsCount == 2 }, file: file, line: line)
        for process in processes { XCTAssertEqual(try health(process).storiesCount, 0, file: file, line: line) }
    }

    /// Stories inserted live or not, listed or not, moved between states and deleted: the
    /// counts row agrees with counting the rows after every step.
    private func assertTriggersFollowStories(_ database: Database, file: StaticString = #filePath, line: UInt = #line) throws {
        func check(_ step: String) throws {
            let (counted, kept) = try database.readBlocking { connection in
                (try connection.queryFirst("SELECT COUNT(*) AS n FROM stories WHERE state = 'live' AND listed = 1", [])!.decode(Int.self, "n"),
                 try ServedCounts.read(connection).listedStories)
            }
            XCTAssertEqual(kept, counted, step, file: file, line: line)
        }
        func insert(_ id: String, seq: Int, listed: Bool, state: String) throws {
            try database.writeBlocking { connection in
                try connection.execute("""
                    INSERT INTO stories (id, seq, headline, summary, topic, listed, source_authority, freshness, local_relevance,
                        cross_source_confirmation, topic_importance, signal_score, source_count, state, latest_article_at,
                        created_at, updated_at)
                    VALUES ($1, $2, 'h', 's', 'tech', $3, 0, 0, 0, 0, 0, 0, 1, $4, 0, 0, 0)
                    """, [.text(id), .integer(Int64(seq)), .integer(listed ? 1 : 0), .text(state)])
            }
        }
        func update(_ sql: String, _ step: String) throws {
            _ = try database.writeBlocking { try $0.execute(sql, []) }
            try check(step)
        }
        try check("empty")
        try insert("a", seq: 1, listed: true, state: "live"); try check("a listed live")
        try insert("b", seq: 2, listed: false, state: "live"); try check("b unlisted")
        try insert("c", seq: 3, listed: true, state: "stale"); try check("c stale")
        try insert("d", seq: 4, listed: true, state: "live"); try check("d listed live")
        try update("UPDATE stories SET listed = 1 WHERE id = 'b'", "b listed")
        try update("UPDATE stories SET state = 'live' WHERE id = 'c'", "c revived")
        try update("UPDATE stories SET state = 'merged' WHERE id = 'a'", "a merged")
        try update("UPDATE stories SET listed = 0, state = 'stale' WHERE id = 'd'", "d out twice over")
        try update("UPDATE stories SET headline = 'other', listed = 1 WHERE id = 'b'", "b unchanged")
        try update("UPDATE stories SET state = 'live', listed = 1", "all in")
        try update("DELETE FROM stories WHERE id IN ('a', 'b')", "two deleted")
        try update("UPDATE stories SET state = 'stale'", "all out")
        try update("DELETE FROM stories", "none left")
        XCTAssertEqual(try database.readBlocking(ServedCounts.read).listedStories, 0, file: file, line: line)
    }

    /// `ServedCounts.maxAge` and room for a loaded machine.
    private static let otherProcessSeconds = 10.0

    private func health(_ process: ServiceProcess) throws -> AppServerHealth {
        let answer = try curl([process.url + "/health"])
        XCTAssertEqual(answer.status, 200, answer.body)
        return try AppDecoding.decode(AppServerHealth.self, from: answer.body)
    }
}

import FeedParsing
import Foundation
import Storage
import XCTest
@testable import JarvisAPI

/// The story-engine golden set (`Tests/StoryEngineGolden`, docs/jarvis/story-engine.md, "Golden
/// set"): each case is a small newsroom of real RSS 2.0, Atom and RSS 1.0 feeds and the story
/// cards a reviewer accepted for it. Every case is served on loopback, read by a fresh Jarvis
/// (subscribe, poll, cluster), and its stories, read from `GET /stories` as the app reads them,
/// are compared with the accepted cards. A case marked `open` documents a known wrong outcome:
/// its cards say what should happen, and a difference is reported, not failed.
///
/// `GOLDEN_ACCEPT=1` rewrites the cards of every accepted case from what the engine gives now
/// (`scripts/golden-accept.sh`), so accepting a case is reading its `git diff`; `GOLDEN_CASE=name`
/// replays one case.
final class StoryEngineGoldenTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StoryEngineGolden")

    func testEveryGoldenCaseGivesItsAcceptedCards() async throws {
        let environment = ProcessInfo.processInfo.environment
        let accepting = environment["GOLDEN_ACCEPT"] == "1"
        let only = environment["GOLDEN_CASE"].flatMap { $0.isEmpty ? nil : $0 }
        let cases = try GoldenCase.all(in: Self.root).filter { only == nil || only == $0.name }
        XCTAssertFalse(cases.isEmpty, "no golden case under \(Self.root.path)")
        var (passed, failed, stillOpen, openNowPassing, rewritten) = (0, [String](), 0, [String](), 0)
        for golden in cases {
            let observed = try await replay(golden)
            let differences = GoldenCard.differences(expected: golden.cards, observed: observed)
            let report = differences.map { "    " + $0 }.joined(separator: "\n")
            for problem in golden.known { print("golden known \(golden.name): \(problem)") }
            switch golden.status {
            case .open:
                if differences.isEmpty {
                    openNowPassing.append(golden.name)
                    print("golden OPEN-NOW-PASSES \(golden.name): mark it accepted in case.json")
                } else {
                    stillOpen += 1
                    print("golden open \(golden.name) (\(golden.open ?? "known problem")):\n\(report)")
                }
            case .accepted where accepting:
                if differences.isEmpty && GoldenCard.encode(observed) == golden.cardsText { passed += 1; continue }
                try GoldenCard.encode(observed).write(to: golden.cardsFile, atomically: true, encoding: .utf8)
                rewritten += 1
                print("golden ACCEPTED \(golden.name): cards rewritten\(differences.isEmpty ? "" : ":\n" + report)")
            case .accepted:
                if differences.isEmpty {
                    passed += 1
                    print("golden pass \(golden.name)")
                } else {
                    failed.append(golden.name)
                    XCTFail("golden case \(golden.name) (\(golden.title)) differs from its accepted cards "
                            + "(- accepted, + observed; GOLDEN_ACCEPT=1 rewrites them):\n\(report)")
                }
            }
        }
        let accepted = cases.filter { $0.status == .accepted }.count
        print("golden: \(passed) of \(accepted) accepted cases pass"
              + (failed.isEmpty ? "" : " (failing: \(failed.joined(separator: ", ")))")
              + (rewritten > 0 ? ", \(rewritten) rewritten" : "")
              + "; \(stillOpen) expected-open cases still open"
              + (openNowPassing.isEmpty ? "" : ", \(openNowPassing.count) now pass (\(openNowPassing.joined(separator: ", ")))"))
    }

    /// The stories a fresh Jarvis makes of the case's feeds, as cards.
    private func replay(_ golden: GoldenCase) async throws -> [GoldenCard] {
        // One round for the whole first poll (the settle wait at its longest), and no story retired
        // as quiet: a case may span days, and its dates are moved so its newest item is an hour old.
        let jarvis = try await RunningJarvis(environment: ["JARVIS_ARRIVAL_SETTLE_SECONDS": "5",
                                                           "JARVIS_STORY_STALE_SECONDS": "\(14 * 86_400)"])
        let newsroom: Newsroom
        let articles: Int
        do {
            (newsroom, articles) = try golden.newsroom()
        } catch {
            await jarvis.stop()
            throw error
        }
        do {
            let cards = try await readCards(jarvis: jarvis, newsroom: newsroom, articles: articles)
            await jarvis.stop()
            await newsroom.stop()
            return cards
        } catch {
            await jarvis.stop()
            await newsroom.stop()
            throw error
        }
    }

    private func readCards(jarvis: RunningJarvis, newsroom: Newsroom, articles: Int) async throws -> [GoldenCard] {
        let client = StoryTestClient(jarvis: jarvis)
        try client.subscribe(newsroom)
        try await client.waitForClustering(articles: articles)
        let database = try Database.open(url: jarvis.databaseURL, poolSize: 1)
        defer { database.close() }
        let placed = try await database.read { connection in
            try connection.query("SELECT source, dedup_key, story_id FROM articles").map { row in
                (story: try row.decode(String.self, "story_id"),
                 label: "\(try row.decode(String.self, "source")): \(GoldenCard.itemKey(try row.decode(String.self, "dedup_key")))")
            }
        }
        let listed = Dictionary(uniqueKeysWithValues: try client.allStories().map { ($0.id, $0) })
        var cards: [GoldenCard] = []
        for (story, rows) in Dictionary(grouping: placed, by: \.story) {
            let detail = try client.story(story).detail
            var card = GoldenCard(articles: rows.map(\.label).sorted(), desk: listed[story]?.topic.rawValue ?? GoldenCard.unlisted)
            card.headline = detail.headline
            card.sourceCount = detail.sourceCount
            card.summaryFigures = GoldenCard.figures(in: detail.summary)
            card.hasConsensus = detail.consensus != nil
            card.conflict = .some(detail.conflict)
            if let summary = listed[story] {
                XCTAssertEqual([summary.headline, summary.summary], [detail.headline, detail.summary], "list and detail of \(story)")
            }
            cards.append(card)
        }
        return cards.sorted { $0.articles[0] < $1.articles[0] }
    }
}

/// One case folder: `case.json` (title, the finding it reproduces, status, outlets), the feeds it
/// names, and `cards.json`, the accepted stories. A case whose `newsroom` is `demo` replays the
/// bundled newsroom of `jarvis demo` instead of feeds of its own.
struct GoldenCase {
    enum Status: String, Decodable { case accepted, open }
    struct File: Decodable {
        let title: String
        let finding: String
        let status: Status
        /// Why an open case is open, and where the doc discusses it.
        let open: String?
        /// What a reader would still fault in an accepted case's cards, reported with the result.
        let known: [String]?
        let newsroom: String?
        let outlets: [Newsroom.Manifest.Outlet]?
    }

    let name: String
    let directory: URL
    let file: File
    let cards: [GoldenCard]
    let cardsText: String
    var title: String { file.title }
    var status: Status { file.status }
    var open: String? { file.open }
    var known: [String] { file.known ?? [] }
    var cardsFile: URL { directory.appendingPathComponent("cards.json") }

    static func all(in root: URL) throws -> [GoldenCase] {
        try FileManager.default.contentsOfDirectory(atPath: root.path).sorted().compactMap { name in
            let directory = root.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("case.json").path) else { return nil }
            return try GoldenCase(name: name, directory: directory)
        }
    }

    init(name: String, directory: URL) throws {
        self.name = name
        self.directory = directory
        file = try JSONDecoder().decode(File.self, from: Data(contentsOf: directory.appendingPathComponent("case.json")))
        cardsText = try String(contentsOf: directory.appendingPathComponent("cards.json"), encoding: .utf8)
        cards = try JSONDecoder().decode(GoldenCard.Stories.self, from: Data(cardsText.utf8)).stories
    }

    /// The case's outlets served on loopback, and how many articles they hold (every feed item
    /// is one stored article).
    func newsroom() throws -> (Newsroom, articles: Int) {
        if file.newsroom == "demo" {
            let newsroom = try Newsroom()
            return (newsroom, newsroom.articleCount())
        }
        let entries = try parsedFeeds().flatMap(\.entries)
        let newest = try XCTUnwrap(entries.map(\.publishedAt).max(), "\(name) has no dated item")
        let manifest = Newsroom.Manifest(outlets: file.outlets ?? [], events: [], singletons: [])
        return (try Newsroom(directory: directory, manifest: manifest, newest: newest), entries.count)
    }

    private func parsedFeeds() throws -> [ParsedFeed] {
        try (file.outlets ?? []).map { outlet in
            try FeedParser.parse(Data(contentsOf: directory.appendingPathComponent(outlet.file)), fetchedAt: Date())
        }
    }
}

/// One accepted story: the articles that form it ("Outlet: guid or link", sorted) and its desk
/// (`unlisted` when `GET /stories` does not list it), then what the card shows that the engine
/// decides deterministically. A field left out of a hand-written card is not compared; `conflict`
/// is compared when present, `null` meaning none.
struct GoldenCard: Codable, Equatable {
    struct Stories: Codable { let stories: [GoldenCard] }
    static let unlisted = "unlisted"

    var articles: [String]
    var desk: String
    var headline: String?
    var sourceCount: Int?
    /// The figures the summary states (digits with their currency sign or unit), in order.
    var summaryFigures: [String]?
    var hasConsensus: Bool?
    var conflict: String??

    init(articles: [String], desk: String) {
        self.articles = articles
        self.desk = desk
    }

    private enum CodingKeys: String, CodingKey { case articles, desk, headline, sourceCount, summaryFigures, hasConsensus, conflict }

    /// Decoded by hand to tell a `conflict` left out (not compared) from `null` (no conflict); the
    /// synthesized encoding writes `.some(nil)` as `null` and leaves out `nil`.
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        articles = try container.decode([String].self, forKey: .articles)
        desk = try container.decode(String.self, forKey: .desk)
        headline = try container.decodeIfPresent(String.self, forKey: .headline)
        sourceCount = try container.decodeIfPresent(Int.self, forKey: .sourceCount)
        summaryFigures = try container.decodeIfPresent([String].self, forKey: .summaryFigures)
        hasConsensus = try container.decodeIfPresent(Bool.self, forKey: .hasConsensus)
        conflict = container.contains(.conflict) ? .some(try container.decodeIfPresent(String.self, forKey: .conflict)) : .none
    }

    static func encode(_ cards: [GoldenCard]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(Stories(stories: cards)), as: UTF8.self) + "\n"
    }

    /// A stored article's dedup key as its feed wrote it (`FeedParser.dedupKey`).
    static func itemKey(_ dedupKey: String) -> String {
        for prefix in ["guid:", "link:"] where dedupKey.hasPrefix(prefix) { return String(dedupKey.dropFirst(prefix.count)) }
        return dedupKey
    }

    private static let figure = try! NSRegularExpression(
        pattern: #"[$€£]?\d[\d,.]*(?:%|bn\b|m\b|bps?\b| (?:per ?cent|million|billion|trillion|basis points)\b)?"#)

    static func figures(in text: String) -> [String] {
        figure.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range, in: text).map { String(text[$0]).trimmingCharacters(in: CharacterSet(charactersIn: ".,")) }
        }
    }

    /// The differences of `observed` from `expected`, one readable line each: `-` an accepted story
    /// the engine did not make, `+` a story it made that no card accepts, `~` a field of a story
    /// both have.
    static func differences(expected: [GoldenCard], observed: [GoldenCard]) -> [String] {
        var lines: [String] = []
        var unmatched = observed
        for card in expected {
            guard let index = unmatched.firstIndex(where: { Set($0.articles) == Set(card.articles) }) else {
                lines.append("- story " + card.oneLine)
                continue
            }
            let story = unmatched.remove(at: index)
            let name = "story of \(card.articles[0])\(card.articles.count > 1 ? " (+\(card.articles.count - 1))" : "")"
            func compare<T: Equatable>(_ field: String, _ accepted: T?, _ found: T?) {
                if let accepted, accepted != found { lines.append("~ \(name): \(field) \(show(accepted)) → \(show(found))") }
            }
            compare("desk", card.desk, story.desk)
            compare("headline", card.headline, story.headline)
            compare("sourceCount", card.sourceCount, story.sourceCount)
            compare("summaryFigures", card.summaryFigures, story.summaryFigures)
            compare("hasConsensus", card.hasConsensus, story.hasConsensus)
            if let accepted = card.conflict, accepted != story.conflict ?? nil {
                lines.append("~ \(name): conflict \(show(accepted)) → \(show(story.conflict ?? nil))")
            }
        }
        return lines + unmatched.map { "+ story " + $0.oneLine }
    }

    private var oneLine: String {
        "[\(articles.joined(separator: " | "))] desk \(desk)" + (headline.map { ", headline \"\($0)\"" } ?? "")
    }

    private static func show<T>(_ value: T?) -> String {
        switch value {
        case nil: return "none"
        case let string as String: return "\"\(string)\""
        case let strings as [String]: return "[\(strings.joined(separator: ", "))]"
        case let value?: return "\(value)"
        }
    }
}

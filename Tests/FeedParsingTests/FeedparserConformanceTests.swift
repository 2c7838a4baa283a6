import FeedParsing
import Foundation
import XCTest

/// Runs Python feedparser's own test documents through FeedParsing and prints pass rates by
/// group. Needs the expectations JSON produced by `scripts/feed-conformance.sh` (which downloads
/// the suite from PyPI); without `FEEDPARSER_CASES` in the environment the test is skipped.
final class FeedparserConformanceTests: XCTestCase {
    /// Groups of plain feeds in the formats FeedParsing claims, without the large HTML-sanitising
    /// group: printed as a second, stricter figure next to the rate over all well-formed groups.
    private static let coreGroups: Set<String> = [
        "wellformed/rss", "wellformed/rdf", "wellformed/atom", "wellformed/atom10", "wellformed/base",
        "wellformed/amp", "wellformed/namespace", "wellformed/node_precedence", "wellformed/media-rss", "wellformed/xml",
    ]

    func testFeedparserSuiteMeetsTheConformanceTarget() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let casesPath = environment["FEEDPARSER_CASES"] else {
            throw XCTSkip("set FEEDPARSER_CASES (scripts/feed-conformance.sh does) to run feedparser's suite")
        }
        let suite = try ConformanceSuite.load(path: casesPath)
        var report = ConformanceReport()
        for document in suite.documents {
            report.record(document, outcome: Self.parseWithDeadline(document))
        }
        for dateCase in suite.dates {
            let parsed = FeedDate.parse(dateCase.input).map { Int($0.timeIntervalSince1970.rounded(.down)) }
            report.recordDate(dateCase, actual: parsed)
        }
        print(report.table(coreGroups: Self.coreGroups))
        if let path = environment["FEEDPARSER_REPORT"] {
            try report.failures.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        let minimum = Double(environment["FEEDPARSER_MIN_RATE"] ?? "") ?? 0.95
        XCTAssertEqual(report.hung, [], "documents that did not finish within the deadline")
        let wellFormed = Set(report.groups.keys.filter { $0.hasPrefix("wellformed/") })
        XCTAssertGreaterThanOrEqual(report.rate(of: wellFormed), minimum, "well-formed pass rate")
    }

    enum Outcome {
        case parsed(ParsedFeed)
        case rejected(FeedParseError)
        case hung
    }

    /// Parses on another thread so a document that never finishes is reported instead of
    /// stalling the suite.
    private static func parseWithDeadline(_ document: DocumentCase, seconds: Double = 10) -> Outcome {
        guard let data = FileManager.default.contents(atPath: document.path) else { return .rejected(.empty) }
        let charset = document.contentType.flatMap(FeedParser.charset(fromContentType:))
        let baseURL = document.baseURL.flatMap(URL.init(string:))
        let result = OutcomeBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do throws(FeedParseError) {
                result.set(.parsed(try FeedParser.parse(data, contentTypeCharset: charset, baseURL: baseURL,
                                                        fetchedAt: Date(timeIntervalSince1970: 0))))
            } catch {
                result.set(.rejected(error))
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return .hung }
        return result.get() ?? .hung
    }
}

/// Hands a parse outcome from the worker thread back to the test; a lock because the two
/// threads touch it.
private final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: FeedparserConformanceTests.Outcome?

    func set(_ value: FeedparserConformanceTests.Outcome) { lock.withLock { outcome = value } }
    func get() -> FeedparserConformanceTests.Outcome? { lock.withLock { outcome } }
}

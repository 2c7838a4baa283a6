import FeedParsing
import Foundation
import XCTest

/// The parser holds no shared mutable state beyond libxml2's (initialised once) and the HTML
/// entity table (behind a lock), so fetch tasks can parse on any threads at once.
final class ConcurrentParsingTests: XCTestCase {
    func testParallelParsesMatchASequentialParse() throws {
        let documents = [
            FeedFixtures.rssItem("<title>Caf&eacute; &hellip; &mdash;</title><description>&lt;p&gt;One&lt;/p&gt;&lt;p&gt;Two&lt;/p&gt;</description>"),
            FeedFixtures.atomEntry(#"<title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">X <b>y</b></div></title><updated>2020-01-01T00:00:00Z</updated>"#),
            FeedFixtures.rssItem("<title>&bogus; AT&T</title><link>http://e.com/?a=1&b=2</link>"),
        ].map { Array($0.utf8) }
        let expected = try documents.map { try FeedFixtures.parse(bytes: $0) }
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            let index = iteration % documents.count
            let parsed = try? FeedParser.parse(documents[index], fetchedAt: FeedFixtures.fetchedAt)
            if parsed != expected[index] { mismatches.add(iteration) }
        }
        XCTAssertEqual(mismatches.all, [])
    }
}

/// Collects failing iterations from concurrent workers; a lock because they run at once.
private final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var iterations: [Int] = []

    func add(_ iteration: Int) { lock.withLock { iterations.append(iteration) } }
    var all: [Int] { lock.withLock { iterations.sorted() } }
}

import FeedParsing
import XCTest

/// Entry bodies are plain text: no tag survives, entities are decoded, blocks become lines.
final class HTMLToTextTests: XCTestCase {
    private func body(_ html: String) throws -> String {
        let escaped = html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let feed = try FeedFixtures.parse(FeedFixtures.rssItem("<title>t</title><description>\(escaped)</description>"))
        return try XCTUnwrap(feed.entries.first?.bodyText)
    }

    func testTagsAreRemovedAndEntitiesDecoded() throws {
        XCTAssertEqual(try body("<b>Bold</b> &amp; <a href='x'>linked</a> &eacute;t&eacute; &#8217; &lt;3"), "Bold & linked été ’ <3")
    }

    func testParagraphsAndBreaksBecomeLines() throws {
        XCTAssertEqual(try body("<p>One</p><p>Two<br>Three</p><ul><li>A</li><li>B</li></ul><h2>Head</h2>"),
                       "One\n\nTwo\nThree\n\nA\nB\n\nHead")
    }

    func testScriptsStylesAndFramesAreDropped() throws {
        XCTAssertEqual(try body("Keep<script>alert('x')</script><style>p{}</style><noscript>no</noscript><iframe src=x>frame</iframe> this"),
                       "Keep this")
    }

    func testWhitespaceIsNormalised() throws {
        XCTAssertEqual(try body("  Lots   of\n\n\tspace <div>  </div><div></div><p></p><p>\n  after  </p>  "), "Lots of space\n\nafter")
    }

    func testDoubleEscapedMarkupLeavesNoTag() throws {
        XCTAssertEqual(try body("&lt;p&gt;Escaped &lt;b&gt;twice&lt;/b&gt;&lt;/p&gt;"), "Escaped twice")
    }

    func testBrokenMarkupIsRecovered() throws {
        let text = try body("<div><p>Unclosed <b>bold <i>and <table><tr><td>cell</td><td>two")
        XCTAssertEqual(text, "Unclosed bold and\n\ncell two")
        XCTAssertFalse(text.contains("<"))
    }
}

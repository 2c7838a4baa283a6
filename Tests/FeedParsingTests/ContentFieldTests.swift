import FeedParsing
import XCTest

/// Which element fills which field: bodies, summaries, Atom text constructs, authors.
final class ContentFieldTests: XCTestCase {
    private let contentNamespace = #"xmlns:content="http://purl.org/rss/1.0/modules/content/""#
    private let dublinCore = #"xmlns:dc="http://purl.org/dc/elements/1.1/""#

    func testContentEncodedIsTheBodyAndDescriptionTheSummary() throws {
        let feed = try FeedFixtures.parse(FeedFixtures.rssItem("""
        <title>T</title><description>Teaser only.</description>
        <content:encoded><![CDATA[<p>The full story, told at length.</p><p>Second paragraph.</p>]]></content:encoded>
        """, namespaces: contentNamespace))
        let entry = try XCTUnwrap(feed.entries.first)
        XCTAssertEqual(entry.bodyText, "The full story, told at length.\n\nSecond paragraph.")
        XCTAssertEqual(entry.summaryText, "Teaser only.")
    }

    func testTheRichestSourceWinsEvenWhenItIsTheDescription() throws {
        let feed = try FeedFixtures.parse(FeedFixtures.rssItem("""
        <description>A long description that carries the whole article text.</description>
        <content:encoded>Short.</content:encoded>
        """, namespaces: contentNamespace))
        XCTAssertEqual(feed.entries.first?.bodyText, "A long description that carries the whole article text.")
    }

    func testAtomContentTypesTextHTMLAndXHTML() throws {
        let text = try FeedFixtures.parse(FeedFixtures.atomEntry(#"<title>t</title><content type="text">Plain &amp; simple</content>"#))
        XCTAssertEqual(text.entries.first?.bodyText, "Plain & simple")
        let html = try FeedFixtures.parse(FeedFixtures.atomEntry(
            #"<title>t</title><content type="html">&lt;p&gt;Escaped &lt;b&gt;HTML&lt;/b&gt; &amp;amp; more&lt;/p&gt;</content>"#))
        XCTAssertEqual(html.entries.first?.bodyText, "Escaped HTML & more")
        let xhtml = try FeedFixtures.parse(FeedFixtures.atomEntry("""
        <title>t</title><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">
        <p>Inline <em>XHTML</em> with 1 &lt; 2</p><p>Next</p></div></content>
        """))
        XCTAssertEqual(xhtml.entries.first?.bodyText, "Inline XHTML with 1 < 2\n\nNext")
    }

    func testAtomSummaryIsTheSummaryAndContentTheBody() throws {
        let feed = try FeedFixtures.parse(FeedFixtures.atomEntry(
            #"<title>t</title><summary>Brief.</summary><content type="html">&lt;p&gt;Longer body text.&lt;/p&gt;</content>"#))
        XCTAssertEqual(feed.entries.first?.summaryText, "Brief.")
        XCTAssertEqual(feed.entries.first?.bodyText, "Longer body text.")
    }

    func testCDATAAndEntitiesInTitles() throws {
        let feed = try FeedFixtures.parse(FeedFixtures.rssItem("<title><![CDATA[Fish & Chips <i>tonight</i>]]></title>"))
        XCTAssertEqual(feed.entries.first?.title, "Fish & Chips tonight")
        let entities = try FeedFixtures.parse(FeedFixtures.rssItem("<title>Caf&#233; &amp; Bar &#x2014; open</title>"))
        XCTAssertEqual(entities.entries.first?.title, "Café & Bar — open")
    }

    func testUndeclaredHTMLEntitiesAreDecoded() throws {
        let feed = try FeedFixtures.parse(FeedFixtures.rssItem("<title>Wait&hellip; it&rsquo;s&nbsp;here &eacute;t&eacute;</title>"))
        XCTAssertEqual(feed.entries.first?.title, "Wait… it’s here été")
    }

    func testBareAmpersandsInLinksAndTitlesSurvive() throws {
        let feed = try FeedFixtures.parse(FeedFixtures.rssItem("<title>AT&T results</title><link>http://example.com/?a=1&b=2</link>"))
        XCTAssertEqual(feed.entries.first?.title, "AT&T results")
        XCTAssertEqual(feed.entries.first?.link, "http://example.com/?a=1&b=2")
    }

    func testAuthorFromRSSAuthorDublinCoreAndAtomPerson() throws {
        let rss = try FeedFixtures.parse(FeedFixtures.rssItem("<author>Jane Roe &lt;jane@example.com&gt;</author>"))
        XCTAssertEqual(rss.entries.first?.author, "Jane Roe")
        XCTAssertEqual(rss.entries.first?.authorEmail, "jane@example.com")
        let emailOnly = try FeedFixtures.parse(FeedFixtures.rssItem("<author>desk@example.com</author>"))
        XCTAssertEqual(emailOnly.entries.first?.author, "desk@example.com")
        let dc = try FeedFixtures.parse(FeedFixtures.rssItem("<dc:creator>Ann Writer</dc:creator>", namespaces: dublinCore))
        XCTAssertEqual(dc.entries.first?.author, "Ann Writer")
        XCTAssertNil(dc.entries.first?.authorEmail)
        let atom = try FeedFixtures.parse(FeedFixtures.atomEntry(
            "<title>t</title><author><name>Sam Poe</name><email>sam@example.org</email><uri>http://sam.example.org/</uri></author>"))
        XCTAssertEqual(atom.entries.first?.author, "Sam Poe")
        XCTAssertEqual(atom.entries.first?.authorEmail, "sam@example.org")
    }

    func testAtomSourceElementsDoNotOverrideTheEntry() throws {
        let feed = try FeedFixtures.parse(FeedFixtures.atomEntry("""
        <title>Entry title</title><source><title>Source feed title</title><link href="http://source.example/"/>
        <author><name>Source author</name></author></source><link href="http://entry.example/1"/>
        """))
        let entry = try XCTUnwrap(feed.entries.first)
        XCTAssertEqual(entry.title, "Entry title")
        XCTAssertEqual(entry.link, "http://entry.example/1")
        XCTAssertNil(entry.author)
    }

    func testChannelImageTitleDoesNotOverrideTheFeedTitle() throws {
        let feed = try FeedFixtures.parse("""
        <rss version="2.0"><channel><image><title>Logo title</title><url>http://example.com/logo.png</url>
        <link>http://example.com/elsewhere</link></image><title>Real title</title><link>http://example.com/</link></channel></rss>
        """)
        XCTAssertEqual(feed.title, "Real title")
        XCTAssertEqual(feed.link, "http://example.com/")
        XCTAssertEqual(feed.imageURL, "http://example.com/logo.png")
    }

    func testCategoriesAndBreakingFlag() throws {
        let flagged = try FeedFixtures.parse(FeedFixtures.rssItem("<title>Quake</title><category>World</category><category>Breaking News</category>"))
        XCTAssertEqual(flagged.entries.first?.categories, ["World", "Breaking News"])
        XCTAssertEqual(flagged.entries.first?.isBreaking, true)
        let prefixed = try FeedFixtures.parse(FeedFixtures.rssItem("<title>BREAKING: Markets fall</title>"))
        XCTAssertEqual(prefixed.entries.first?.isBreaking, true)
        let ordinary = try FeedFixtures.parse(FeedFixtures.rssItem("<title>Breaking Bad returns</title><category>TV</category>"))
        XCTAssertEqual(ordinary.entries.first?.isBreaking, false)
    }

    func testUntitledEntryBorrowsAHeadlineFromItsBody() throws {
        let body = String(repeating: "word ", count: 60)
        let feed = try FeedFixtures.parse(FeedFixtures.rssItem("<description>\(body)</description>"))
        let title = try XCTUnwrap(feed.entries.first?.title)
        XCTAssertTrue(title.hasSuffix("…"))
        XCTAssertLessThanOrEqual(title.count, 121)
        XCTAssertTrue(title.hasPrefix("word word"))
    }
}

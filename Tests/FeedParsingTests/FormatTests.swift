import FeedParsing
import XCTest

/// Each supported format is recognised and its entries read.
final class FormatTests: XCTestCase {
    func testRSS20ChannelAndItemFieldsAreRead() throws {
        let feed = try FeedFixtures.parse("""
        <rss version="2.0"><channel>
          <title>Example News</title><link>https://news.example.com/</link>
          <description>All the news</description><language>en-gb</language>
          <lastBuildDate>Mon, 06 Sep 2010 16:45:00 +0000</lastBuildDate>
          <item>
            <title>First story</title><link>https://news.example.com/1</link>
            <description>Short version</description><guid isPermaLink="false">story-1</guid>
            <pubDate>Sun, 06 Sep 2009 16:20:00 +0000</pubDate><author>desk@example.com (News Desk)</author>
            <category>World</category>
          </item>
        </channel></rss>
        """)
        XCTAssertEqual(feed.format, .rss20)
        XCTAssertEqual(feed.title, "Example News")
        XCTAssertEqual(feed.link, "https://news.example.com/")
        XCTAssertEqual(feed.subtitle, "All the news")
        XCTAssertEqual(feed.language, "en-gb")
        XCTAssertEqual(feed.updatedAt, FeedFixtures.utc("2010-09-06T16:45:00Z"))
        let entry = try XCTUnwrap(feed.entries.first)
        XCTAssertEqual(entry.title, "First story")
        XCTAssertEqual(entry.link, "https://news.example.com/1")
        XCTAssertEqual(entry.guid, "story-1")
        XCTAssertEqual(entry.summaryText, "Short version")
        XCTAssertEqual(entry.bodyText, "Short version")
        XCTAssertEqual(entry.author, "News Desk")
        XCTAssertEqual(entry.authorEmail, "desk@example.com")
        XCTAssertEqual(entry.publishedAt, FeedFixtures.utc("2009-09-06T16:20:00Z"))
        XCTAssertEqual(entry.publishedAtSource, .published)
        XCTAssertEqual(entry.categories, ["World"])
    }

    func testRSS091And092AreRecognisedByVersion() throws {
        let netscape = try FeedFixtures.parse("""
        <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
        <rss version="0.91"><channel><title>Old</title><item><title>A</title><link>http://example.com/a</link></item></channel></rss>
        """)
        XCTAssertEqual(netscape.format, .rss091n)
        XCTAssertEqual(netscape.entries.map(\.title), ["A"])
        let userland = try FeedFixtures.parse(#"<rss version="0.92"><channel><item><description>Only text</description></item></channel></rss>"#)
        XCTAssertEqual(userland.format, .rss092)
        XCTAssertEqual(userland.entries.first?.title, "Only text", "an untitled item borrows its body's first line")
    }

    func testRSS10RDFItemsOutsideTheChannelAreRead() throws {
        let feed = try FeedFixtures.parse("""
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                 xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel rdf:about="http://example.org/rss"><title>RDF feed</title><link>http://example.org/</link></channel>
          <item rdf:about="http://example.org/item/1"><title>One</title><link>http://example.org/item/1</link>
            <dc:date>2004-01-01T19:48:21Z</dc:date><dc:creator>Ann Author</dc:creator></item>
        </rdf:RDF>
        """)
        XCTAssertEqual(feed.format, .rss10)
        XCTAssertEqual(feed.title, "RDF feed")
        let entry = try XCTUnwrap(feed.entries.first)
        XCTAssertEqual(entry.guid, "http://example.org/item/1")
        XCTAssertEqual(entry.author, "Ann Author")
        XCTAssertEqual(entry.publishedAt, FeedFixtures.utc("2004-01-01T19:48:21Z"))
    }

    func testRSS090IsRecognisedByItsNamespace() throws {
        let feed = try FeedFixtures.parse("""
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
          <channel><title>Netscape</title><link>http://example.com/</link></channel>
          <item><title>Item</title><link>http://example.com/i</link></item>
        </rdf:RDF>
        """)
        XCTAssertEqual(feed.format, .rss090)
        XCTAssertEqual(feed.entries.first?.link, "http://example.com/i")
    }

    func testAtom10FeedAndEntryFieldsAreRead() throws {
        let feed = try FeedFixtures.parse(FeedFixtures.atomEntry("""
        <title type="html">Big &lt;em&gt;news&lt;/em&gt;</title>
        <link rel="self" href="http://example.org/self"/><link href="http://example.org/2003/12/13/atom03"/>
        <id>urn:uuid:1225c695</id><updated>2003-12-13T18:30:02Z</updated><published>2003-12-13T08:29:29-04:00</published>
        <author><name>John Doe</name><email>john@example.org</email></author>
        <summary>Some text.</summary><category term="tech"/>
        """, feed: #"<subtitle>Sub</subtitle><link href="http://example.org/"/><id>urn:feed</id><updated>2003-12-13T18:30:02Z</updated>"#))
        XCTAssertEqual(feed.format, .atom10)
        XCTAssertEqual(feed.link, "http://example.org/")
        XCTAssertEqual(feed.subtitle, "Sub")
        XCTAssertEqual(feed.id, "urn:feed")
        let entry = try XCTUnwrap(feed.entries.first)
        XCTAssertEqual(entry.title, "Big news")
        XCTAssertEqual(entry.link, "http://example.org/2003/12/13/atom03")
        XCTAssertEqual(entry.guid, "urn:uuid:1225c695")
        XCTAssertEqual(entry.author, "John Doe")
        XCTAssertEqual(entry.authorEmail, "john@example.org")
        XCTAssertEqual(entry.publishedAt, FeedFixtures.utc("2003-12-13T12:29:29Z"))
        XCTAssertEqual(entry.updatedAt, FeedFixtures.utc("2003-12-13T18:30:02Z"))
        XCTAssertEqual(entry.categories, ["tech"])
    }

    func testAtom03WithModeAttributesIsRead() throws {
        let feed = try FeedFixtures.parse("""
        <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old Atom</title>
          <link rel="alternate" type="text/html" href="http://example.com/"/>
          <entry><title>E</title><issued>2004-06-02T19:07:55-04:00</issued><modified>2004-06-03T00:00:00Z</modified>
            <content type="text/html" mode="base64">PHA+SGVsbG8gPGI+d29ybGQ8L2I+PC9wPg==</content></entry>
        </feed>
        """)
        XCTAssertEqual(feed.format, .atom03)
        let entry = try XCTUnwrap(feed.entries.first)
        XCTAssertEqual(entry.bodyText, "Hello world")
        XCTAssertEqual(entry.publishedAt, FeedFixtures.utc("2004-06-02T23:07:55Z"))
        XCTAssertEqual(entry.updatedAt, FeedFixtures.utc("2004-06-03T00:00:00Z"))
    }

    func testADocumentThatIsNotAFeedIsRejected() {
        XCTAssertThrowsError(try FeedFixtures.parse("<html><body>Hi</body></html>")) { error in
            XCTAssertEqual(error as? FeedParseError, .notAFeed(rootElement: "html"))
        }
        XCTAssertThrowsError(try FeedFixtures.parse("   ")) { error in
            XCTAssertEqual(error as? FeedParseError, .empty)
        }
    }
}

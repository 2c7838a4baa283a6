import FeedParsing
import XCTest

/// Images come from the richest media reference; links are made absolute against xml:base,
/// the feed's own link, or the URL the feed was fetched from.
final class ImageAndLinkTests: XCTestCase {
    private let media = #"xmlns:media="http://search.yahoo.com/mrss/""#

    func testMediaContentImageComesFirst() throws {
        let feed = try FeedFixtures.parse(FeedFixtures.rssItem("""
        <title>t</title><enclosure url="http://example.com/enclosure.jpg" type="image/jpeg" length="1"/>
        <media:thumbnail url="http://example.com/thumb.jpg"/>
        <media:content url="http://example.com/video.mp4" medium="video"/>
        <media:content url="http://example.com/full.jpg" medium="image"/>
        <description>&lt;img src="http://example.com/inline.jpg"&gt;</description>
        """, namespaces: media))
        XCTAssertEqual(feed.entries.first?.imageURL, "http://example.com/full.jpg")
    }

    func testThumbnailThenEnclosureThenInlineImage() throws {
        let thumbnail = try FeedFixtures.parse(FeedFixtures.rssItem("""
        <title>t</title><enclosure url="http://example.com/e.png" type="image/png"/>
        <media:group><media:thumbnail url="http://example.com/t.jpg"/></media:group>
        """, namespaces: media))
        XCTAssertEqual(thumbnail.entries.first?.imageURL, "http://example.com/t.jpg")
        let enclosure = try FeedFixtures.parse(FeedFixtures.rssItem("""
        <title>t</title><enclosure url="http://example.com/a.mp3" type="audio/mpeg"/><enclosure url="http://example.com/e.png" type="image/png"/>
        """))
        XCTAssertEqual(enclosure.entries.first?.imageURL, "http://example.com/e.png")
        let inline = try FeedFixtures.parse(FeedFixtures.rssItem(
            #"<title>t</title><link>http://example.com/post/1</link><description>&lt;p&gt;Hi &lt;img src="/img/a.gif" alt=""&gt;&lt;img src="b.gif"&gt;&lt;/p&gt;</description>"#,
            channel: "<link>http://example.com/</link>"))
        XCTAssertEqual(inline.entries.first?.imageURL, "http://example.com/img/a.gif")
    }

    func testNoImageWhenNothingIsAPicture() throws {
        let feed = try FeedFixtures.parse(FeedFixtures.rssItem(#"<title>t</title><enclosure url="http://example.com/a.mp3" type="audio/mpeg"/>"#))
        XCTAssertNil(feed.entries.first?.imageURL)
    }

    func testRelativeLinksResolveAgainstXMLBase() throws {
        let feed = try FeedFixtures.parse("""
        <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.org/blog/"><title>t</title>
          <link href="./"/>
          <entry xml:base="2024/"><title>a</title><link href="post.html"/></entry>
          <entry><title>b</title><link href="/about"/><content type="html">&lt;img src="pics/x.png"&gt;</content></entry>
        </feed>
        """)
        XCTAssertEqual(feed.link, "http://example.org/blog/")
        XCTAssertEqual(feed.entries.map(\.link), ["http://example.org/blog/2024/post.html", "http://example.org/about"])
        XCTAssertEqual(feed.entries.last?.imageURL, "http://example.org/blog/pics/x.png")
    }

    func testRelativeItemLinksResolveAgainstTheFeedLinkThenTheFetchURL() throws {
        let withSite = try FeedFixtures.parse(FeedFixtures.rssItem("<title>t</title><link>/news/1</link>",
                                                                   channel: "<link>https://site.example/</link>"),
                                              baseURL: URL(string: "https://feeds.example/rss"))
        XCTAssertEqual(withSite.entries.first?.link, "https://site.example/news/1")
        let withoutSite = try FeedFixtures.parse(FeedFixtures.rssItem("<title>t</title><link>/news/1</link>"),
                                                 baseURL: URL(string: "https://feeds.example/rss"))
        XCTAssertEqual(withoutSite.entries.first?.link, "https://feeds.example/news/1")
        let nowhere = try FeedFixtures.parse(FeedFixtures.rssItem("<title>t</title><link>/news/1</link>"))
        XCTAssertNil(nowhere.entries.first?.link, "a link that cannot be made absolute is dropped")
    }

    func testPermalinkGuidStandsInForAMissingLink() throws {
        let permalink = try FeedFixtures.parse(FeedFixtures.rssItem("<title>t</title><guid>http://example.com/p/1</guid>"))
        XCTAssertEqual(permalink.entries.first?.link, "http://example.com/p/1")
        let opaque = try FeedFixtures.parse(FeedFixtures.rssItem(#"<title>t</title><guid isPermaLink="false">http://example.com/p/1</guid>"#))
        XCTAssertNil(opaque.entries.first?.link)
    }

    func testUnsafeSchemesAreNotLinks() throws {
        let feed = try FeedFixtures.parse(FeedFixtures.rssItem("<title>t</title><link>javascript:alert(1)</link>"))
        XCTAssertNil(feed.entries.first?.link)
    }
}

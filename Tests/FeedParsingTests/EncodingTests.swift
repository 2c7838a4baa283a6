import FeedParsing
import XCTest

/// Documents in the encodings feeds really use, declared in the document or by the server.
final class EncodingTests: XCTestCase {
    /// An RSS document whose title and description are given as raw bytes in some encoding.
    private func document(declaration: String?, title: [UInt8]) -> [UInt8] {
        let head = declaration.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>" } ?? ""
        return Array("\(head)<rss version=\"2.0\"><channel><item><title>".utf8) + title
            + Array("</title></item></channel></rss>".utf8)
    }

    func testWindows1252SmartQuotesAreDecoded() throws {
        // “Don’t” — with a euro sign — in Windows-1252: 0x93 0x94 0x92 0x80.
        let title: [UInt8] = [0x93] + Array("Don".utf8) + [0x92] + Array("t".utf8) + [0x94, 0x20, 0x80, 0x35]
        let feed = try FeedFixtures.parse(bytes: document(declaration: "windows-1252", title: title))
        XCTAssertEqual(feed.entries.first?.title, "“Don’t” €5")
        XCTAssertEqual(feed.encoding, "windows-1252")
    }

    func testDeclaredISO88591IsDecoded() throws {
        let title: [UInt8] = Array("Caf".utf8) + [0xE9] + Array(" M".utf8) + [0xFC] + Array("ller".utf8)
        let feed = try FeedFixtures.parse(bytes: document(declaration: "ISO-8859-1", title: title))
        XCTAssertEqual(feed.entries.first?.title, "Café Müller")
        XCTAssertEqual(feed.encoding, "iso-8859-1")
    }

    func testLatin1LabelWithWindows1252BytesGetsTheIntendedQuotes() throws {
        let title: [UInt8] = [0x93] + Array("quoted".utf8) + [0x94]
        let feed = try FeedFixtures.parse(bytes: document(declaration: "iso-8859-1", title: title))
        XCTAssertEqual(feed.entries.first?.title, "“quoted”")
    }

    func testHeaderCharsetOverridesTheDeclaration() throws {
        // The document claims UTF-8 but the server says Latin-1, and the bytes are Latin-1.
        let title: [UInt8] = Array("na".utf8) + [0xEF] + Array("ve".utf8)
        let feed = try FeedFixtures.parse(bytes: document(declaration: "utf-8", title: title), charset: "iso-8859-1")
        XCTAssertEqual(feed.entries.first?.title, "naïve")
        XCTAssertEqual(feed.encoding, "iso-8859-1")
    }

    func testUTF8IsTheDefaultAndInvalidBytesAreRepairedOneByOne() throws {
        let valid = try FeedFixtures.parse(bytes: document(declaration: nil, title: Array("Zoë – ✓".utf8)))
        XCTAssertEqual(valid.entries.first?.title, "Zoë – ✓")
        XCTAssertEqual(valid.encoding, "utf-8")
        // One stray Windows-1252 apostrophe (0x92) among correct UTF-8.
        let mixed = try FeedFixtures.parse(bytes: document(declaration: "utf-8", title: Array("Zoë".utf8) + [0x92] + Array("s café".utf8)))
        XCTAssertEqual(mixed.entries.first?.title, "Zoë’s café")
    }

    func testByteOrderMarksDecideUTF8AndUTF16() throws {
        let xml = "<rss version=\"2.0\"><channel><title>Grüße</title></channel></rss>"
        let utf8 = try FeedFixtures.parse(bytes: [0xEF, 0xBB, 0xBF] + Array(xml.utf8))
        XCTAssertEqual(utf8.title, "Grüße")
        var utf16 = [UInt8]([0xFF, 0xFE])
        for unit in xml.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let feed = try FeedFixtures.parse(bytes: utf16)
        XCTAssertEqual(feed.title, "Grüße")
        XCTAssertEqual(feed.encoding, "utf-16le")
    }

    func testCharsetIsReadFromAContentTypeHeader() {
        XCTAssertEqual(FeedParser.charset(fromContentType: "text/xml; charset=ISO-8859-1"), "ISO-8859-1")
        XCTAssertEqual(FeedParser.charset(fromContentType: #"application/rss+xml;charset = "windows-1252""#), "windows-1252")
        XCTAssertEqual(FeedParser.charset(fromContentType: "application/atom+xml; type=entry; Charset='utf-8'"), "utf-8")
        XCTAssertNil(FeedParser.charset(fromContentType: "text/xml"))
    }
}

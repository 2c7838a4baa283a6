import APIToolkit
import Foundation
import XCTest
@testable import JarvisAPI

/// The patterns `POST /feeds` publishes are the rules it enforces: a URL the pattern admits is
/// one `FeedURL.normalized` stores, and a name the pattern admits is not blank once trimmed.
final class NewFeedRequestTests: XCTestCase {
    private func admits(_ pattern: String, _ text: String) -> Bool {
        SchemaValidator.validate(.string(text), against: .string(pattern: pattern)).isEmpty
    }

    func testTheBlankClassIsFoundationsWhiteSpace() throws {
        let blank = try NSRegularExpression(pattern: "^[" + NewFeedRequest.blank + "]$")
        for value in UInt32(1)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            let matched = blank.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            XCTAssertEqual(matched, CharacterSet.whitespacesAndNewlines.contains(scalar), String(value, radix: 16))
        }
    }

    func testNamesThePatternAdmitsAreNotBlank() {
        for name in ["x", " x ", "\u{3000}雨\u{3000}", "\u{FEFF}"] {
            XCTAssertTrue(admits(NewFeedRequest.namePattern, name), name)
        }
        let separators = "\u{85}\u{A0}\u{1680}\u{2000}\u{200A}\u{200B}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}"
        for name in ["", " ", "\t\n\u{0B}\u{0C}\r", separators, "a\u{0}"] {
            XCTAssertFalse(admits(NewFeedRequest.namePattern, name), name.debugDescription)
        }
    }

    func testURLsThePatternAdmitsAreStoredAndTheOthersRefused() {
        let admitted = ["http://a", "HTTPS://Example.COM:443/feed#top", "http://a:/", "http://a:99999/x", "http://u:p@a/",
                        "http://a@b@c/", "http://[::1]:8080/rss", "http://[::ffff:127.0.0.1]/", "http://[1:2:3:4:5:6:7::]/",
                        "http://../", "http://a./", "http://2130706433/", "http://a/ b/[c]/%zz?q= #f#g", "http://é@a/",
                        "http://!$&'()*+,;=_~-/"]
        for url in admitted {
            XCTAssertTrue(admits(NewFeedRequest.urlPattern, url), url)
            XCTAssertNotNil(FeedURL.normalized(url), url)
        }
        let refused = ["", "ftp://a/", "http:/a", "http://", "http:///feed", "http://./", "http://.:80/", "http://u@/",
                       "http://a b/", "http://%41/", "http://é/", "http://[0]/", "http://[::1]./", "http://[1.2.3.4]/",
                       "http://a:123456/", "http://a:-1/", " http://a/", "http://a\n", "example.com/feed"]
        for url in refused {
            XCTAssertFalse(admits(NewFeedRequest.urlPattern, url), url.debugDescription)
        }
    }

    /// Random URLs over the characters the pattern treats specially: every one it admits is
    /// stored (the pattern may refuse what `normalized` would take, never the reverse).
    func testEveryRandomURLThePatternAdmitsIsStored() {
        let pieces = ["a", "Z", "0", "9", ".", "-", "_", "~", "!", "$", "'", "(", "*", "+", ",", ";", "=", ":", "@", "/", "?",
                      "#", "[", "]", "%", "%4", "%41", " ", "é", "雨", "\u{1F600}", "\\", "^", "|", "{", "\"", "::", "1.2.3.4"]
        var state: UInt64 = 0x2026_1206
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var admitted = 0
        for _ in 0..<20_000 {
            var url = ["http://", "HTTPS://", "http://u@", "http://["][next(4)]
            for _ in 0..<next(12) { url += pieces[next(pieces.count)] }
            guard admits(NewFeedRequest.urlPattern, url) else { continue }
            admitted += 1
            XCTAssertNotNil(FeedURL.normalized(url), url)
        }
        XCTAssertGreaterThan(admitted, 1_000)
    }
}

import FeedParsing
import Foundation

/// libFuzzer's entry point: the first byte picks the HTTP charset the parser is told (so the
/// header-override and fallback paths are fuzzed too), the rest is the document. The parser's
/// promises are checked on whatever it returns.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FeedFuzzing.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

enum FeedFuzzing {
    static let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000)
    static let charsets: [String?] = [nil, nil, nil, "utf-8", "iso-8859-1", "windows-1252", "utf-16", "gb2312", "no-such-charset"]

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first else { return }
        let charset = charsets[Int(first) % charsets.count]
        let document = Array(input.dropFirst())
        let feed: ParsedFeed
        do throws(FeedParseError) {
            feed = try FeedParser.parse(document, contentTypeCharset: charset, baseURL: URL(string: "https://fuzz.example/feed/"),
                                        fetchedAt: fetchedAt)
        } catch {
            return
        }
        check(feed)
    }

    static func check(_ feed: ParsedFeed) {
        precondition(!containsTag(feed.title) && !containsTag(feed.subtitle ?? ""), "a tag survived into feed text")
        precondition(isPlausible(feed.updatedAt) && isPlausible(feed.publishedAt), "feed date out of range")
        precondition(isWebURL(feed.link) && isWebURL(feed.imageURL), "feed link is not an absolute web URL")
        for entry in feed.entries {
            precondition(!containsTag(entry.bodyText), "a tag survived into bodyText")
            precondition(!containsTag(entry.title) && !containsTag(entry.summaryText ?? ""), "a tag survived into entry text")
            precondition(isPlausible(entry.publishedAt) && isPlausible(entry.updatedAt), "entry date out of range")
            precondition(entry.publishedAtSource != .fetchTime || entry.publishedAt == fetchedAt, "fallback date is not the fetch time")
            precondition(isWebURL(entry.link) && isWebURL(entry.imageURL), "entry link is not an absolute web URL")
            precondition(FeedParser.dedupKey(for: entry).count > 5 || entry.title.isEmpty, "dedup key without substance")
        }
    }

    /// `<` followed by a letter, `/letter`, `!` or `?`, closed by a later `>`: what markup looks like.
    static func containsTag(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let lastClose = bytes.lastIndex(of: UInt8(ascii: ">")) else { return false }
        for index in bytes.indices where index < lastClose && bytes[index] == UInt8(ascii: "<") && index + 1 < bytes.count {
            let next = bytes[index + 1]
            if isLetter(next) || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") { return true }
            if next == UInt8(ascii: "/"), index + 2 < bytes.count, isLetter(bytes[index + 2]) { return true }
        }
        return false
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }

    /// A real instant between years 1 and 9999 (Date has no zone: every value is a UTC instant).
    static func isPlausible(_ date: Date?) -> Bool {
        guard let seconds = date?.timeIntervalSince1970 else { return true }
        return seconds.isFinite && seconds >= -62_135_596_800 && seconds <= 253_402_300_799
    }

    static func isWebURL(_ link: String?) -> Bool {
        guard let link else { return true }
        return link.hasPrefix("http://") || link.hasPrefix("https://")
    }
}

#if !FUZZING
import FuzzSupport

@main
struct Replay {
    static func main() { CorpusReplay.main(name: "FuzzFeedParser", FeedFuzzing.run) }
}
#endif

import FeedParsing
import Foundation

/// Reads the field an assertion names out of a `ParsedFeed` and compares it the way the
/// translator promised: text whitespace-normalised, dates as UTC seconds, the rest exactly.
enum ConformanceEvaluator {
    enum Actual: Equatable {
        case text(String?)
        case integer(Int?)
    }

    static func passes(_ assertion: FieldAssertion, in feed: ParsedFeed) -> Bool {
        let actual = value(of: assertion, in: feed)
        switch (assertion.kind, actual, assertion.expected) {
        case ("text", .text(let text), .string(let expected)):
            return normalised(text ?? "") == normalised(expected)
        case ("exact", .text(let text), .string(let expected)):
            return text?.trimmingCharacters(in: .whitespacesAndNewlines) == expected.trimmingCharacters(in: .whitespacesAndNewlines)
        case ("exact", .text(let text), .null):
            return text == nil
        case ("date", .integer(let seconds), .integer(let expected)), ("count", .integer(let seconds), .integer(let expected)):
            return seconds == expected
        case ("date", .integer(let seconds), .null):
            return seconds == nil
        default:
            return false
        }
    }

    static func value(of assertion: FieldAssertion, in feed: ParsedFeed) -> Actual {
        switch assertion.target {
        case "version": return .text(feed.format.rawValue)
        case "encoding": return .text(feed.encoding)
        case "entries.count": return .integer(feed.entries.count)
        case "feed.title": return .text(feed.title)
        case "feed.link": return .text(feed.link)
        case "feed.subtitle": return .text(feed.subtitle)
        case "feed.id": return .text(feed.id)
        case "feed.language": return .text(feed.language)
        case "feed.author": return .text(feed.author)
        case "feed.authorEmail": return .text(feed.authorEmail)
        case "feed.imageURL": return .text(feed.imageURL)
        case "feed.updated": return .integer(seconds(feed.updatedAt ?? feed.publishedAt))
        case "feed.published": return .integer(seconds(feed.publishedAt))
        default: break
        }
        let index = assertion.index ?? 0
        guard feed.entries.indices.contains(index) else { return .text(nil) }
        let entry = feed.entries[index]
        let ownPublished = entry.publishedAtSource == .published ? entry.publishedAt : nil
        switch assertion.target {
        case "entry.title": return .text(entry.title)
        case "entry.link": return .text(entry.link)
        case "entry.guid": return .text(entry.guid)
        case "entry.summary": return .text(entry.summaryText ?? entry.bodyText)
        case "entry.body": return .text(entry.bodyText)
        case "entry.author": return .text(entry.author)
        case "entry.authorEmail": return .text(entry.authorEmail)
        case "entry.imageURL": return .text(entry.imageURL)
        case "entry.published": return .integer(seconds(ownPublished))
        case "entry.updated": return .integer(seconds(entry.updatedAt ?? ownPublished))
        case let target where target.hasPrefix("entry.category"):
            let position = Int(target.dropFirst("entry.category".count)) ?? 0
            return .text(entry.categories.indices.contains(position) ? entry.categories[position] : nil)
        default:
            return .text(nil)
        }
    }

    static func describe(_ actual: Actual) -> String {
        switch actual {
        case .text(let text): return text.map { "\"\($0)\"" } ?? "nil"
        case .integer(let value): return value.map(String.init) ?? "nil"
        }
    }

    /// Runs of any Unicode whitespace (feedparser keeps U+00A0 and newlines) become one space.
    static func normalised(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static func seconds(_ date: Date?) -> Int? {
        date.map { Int($0.timeIntervalSince1970.rounded(.down)) }
    }
}

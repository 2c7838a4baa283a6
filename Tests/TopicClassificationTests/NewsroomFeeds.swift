import Foundation
import NewsText
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The newsroom corpus (Sources/JarvisAPI/Demo/Newsroom: 24 fictional feeds and a
/// manifest saying which items report which event) reduced to what the topic classifier reads:
/// headline and plain-text body of each item, grouped by event. A minimal XMLParser reader
/// because the real feed parser lives in a module this test target does not depend on.
struct NewsroomFeeds {
    struct Event {
        let id: String
        /// The desks the event may get; empty means "no desk" (`nil`).
        let acceptableTopics: [Topic]
        let texts: [(headline: String, body: String)]
    }

    private struct Manifest: Decodable {
        struct Item: Decodable { let file: String; let title: String }
        struct Event: Decodable {
            let id: String
            let expectedTopic: Topic?
            let alsoAcceptableTopics: [Topic]?
            let items: [Item]
        }
        let events: [Event]
    }

    let events: [Event]

    static var directory: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/JarvisAPI/Demo/Newsroom")
    }

    init() throws {
        let manifestURL = Self.directory.appendingPathComponent("manifest.json")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
        var feeds: [String: [String: String]] = [:]
        events = try manifest.events.map { event in
            let texts = try event.items.map { item -> (headline: String, body: String) in
                if feeds[item.file] == nil {
                    feeds[item.file] = try FeedTextReader.bodiesByTitle(in: Self.directory.appendingPathComponent(item.file))
                }
                guard let body = feeds[item.file]?[item.title] else {
                    throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(item.file): \(item.title)"])
                }
                return (headline: item.title, body: body)
            }
            let expected = event.expectedTopic.map { [$0] + (event.alsoAcceptableTopics ?? []) } ?? []
            return Event(id: event.id, acceptableTopics: expected, texts: texts)
        }
    }
}

/// Title → plain-text body of every item of an RSS 2.0, RSS 1.0 or Atom feed. The body is the
/// fullest text offered (`content:encoded` or Atom `content`, else `description` / `summary`).
final class FeedTextReader: NSObject, XMLParserDelegate {
    private static let atom = "http://www.w3.org/2005/Atom"
    private static let contentModule = "http://purl.org/rss/1.0/modules/content/"
    private var bodies: [String: String] = [:]
    private var fields: [String: String]?
    private var field: String?
    private var text = ""

    static func bodiesByTitle(in file: URL) throws -> [String: String] {
        let parser = XMLParser(data: try Data(contentsOf: file))
        parser.shouldProcessNamespaces = true
        let reader = FeedTextReader()
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return reader.bodies
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "item" || name == "entry" {
            fields = [:]
        } else if fields != nil, let kind = Self.kind(name, namespaceURI ?? "") {
            field = kind
            text = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if field != nil { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if field != nil { text += String(decoding: block, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if let kind = field, Self.kind(name, namespaceURI ?? "") == kind {
            if fields?[kind] == nil { fields?[kind] = text }
            field = nil
        } else if name == "item" || name == "entry", let done = fields {
            bodies[done["title"] ?? ""] = Self.plain(done["content"] ?? done["description"] ?? "")
            fields = nil
        }
    }

    private static func kind(_ name: String, _ namespace: String) -> String? {
        switch (name, namespace) {
        case ("title", _): "title"
        case ("encoded", contentModule), ("content", atom): "content"
        case ("description", _), ("summary", atom): "description"
        default: nil
        }
    }

    /// Tags dropped and the common entities decoded; the classifier needs words, not layout.
    private static func plain(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
        for (entity, character) in [("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&lt;", "<"), ("&gt;", ">"),
                                    ("&nbsp;", " "), ("&#8230;", "…"), ("&#8217;", "’"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

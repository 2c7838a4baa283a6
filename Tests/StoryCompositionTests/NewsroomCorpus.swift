import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import StoryComposition

/// The end-to-end newsroom corpus (Sources/JarvisAPI/Demo/Newsroom: 24 fictional feeds
/// and a manifest of which items report which event) read as the story engine would receive it:
/// one `[StoryArticle]` per event. The feeds are read with a minimal XMLParser delegate, since
/// the real feed parser lives in a module this one must not depend on; dates come from the
/// manifest, which the corpus README says repeats each feed's own date.
struct NewsroomCorpus {
    struct Manifest: Decodable {
        struct Outlet: Decodable { let file: String; let name: String }
        struct Item: Decodable { let file: String; let title: String; let publishedAt: String }
        struct Event: Decodable { let id: String; let conflictExpected: Bool?; let items: [Item] }
        let outlets: [Outlet]
        let events: [Event]
    }

    struct Event {
        let id: String
        let conflictExpected: Bool
        let articles: [StoryArticle]
    }

    let events: [Event]

    static var directory: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/JarvisAPI/Demo/Newsroom")
    }

    init() throws {
        let manifest = try JSONDecoder().decode(Manifest.self,
                                                from: Data(contentsOf: Self.directory.appendingPathComponent("manifest.json")))
        let names = Dictionary(uniqueKeysWithValues: manifest.outlets.map { ($0.file, $0.name) })
        var feeds: [String: [FeedItemReader.Item]] = [:]
        for file in Set(manifest.events.flatMap { $0.items.map(\.file) }) {
            feeds[file] = try FeedItemReader.items(in: Self.directory.appendingPathComponent(file))
        }
        events = try manifest.events.map { event in
            let articles = try event.items.enumerated().map { index, item in
                guard let entry = feeds[item.file]?.first(where: { $0.title == item.title }),
                      let date = ISO8601DateFormatter().date(from: item.publishedAt) else {
                    throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(item.file): \(item.title)"])
                }
                return StoryArticle(id: "\(event.id)-\(index)", sourceName: names[item.file] ?? item.file,
                                    sourceKey: item.file, headline: entry.title, body: HTMLText.plain(entry.body),
                                    publishedAt: date, url: "")
            }
            return Event(id: event.id, conflictExpected: event.conflictExpected ?? false, articles: articles)
        }
    }
}

/// Titles and bodies of a feed's items (RSS 2.0, RSS 1.0 or Atom). The body is the fullest text
/// offered: `content:encoded` or Atom `content`, else `description` or Atom `summary`.
final class FeedItemReader: NSObject, XMLParserDelegate {
    struct Item { let title: String; let body: String }

    private static let atom = "http://www.w3.org/2005/Atom"
    private static let contentModule = "http://purl.org/rss/1.0/modules/content/"
    private var items: [Item] = []
    private var fields: [String: String]?
    private var current: String?
    private var text = ""

    static func items(in file: URL) throws -> [Item] {
        let parser = XMLParser(data: try Data(contentsOf: file))
        parser.shouldProcessNamespaces = true
        let reader = FeedItemReader()
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return reader.items
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "item" || name == "entry" {
            fields = [:]
        } else if fields != nil, let field = Self.field(name, namespaceURI ?? "") {
            current = field
            text = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if current != nil { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if current != nil { text += String(decoding: block, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if let field = current, Self.field(name, namespaceURI ?? "") == field {
            if fields?[field] == nil { fields?[field] = text }
            current = nil
        } else if (name == "item" || name == "entry"), let done = fields {
            items.append(Item(title: done["title"] ?? "", body: done["content"] ?? done["description"] ?? ""))
            fields = nil
        }
    }

    private static func field(_ name: String, _ namespace: String) -> String? {
        switch (name, namespace) {
        case ("title", _): return "title"
        case ("encoded", contentModule), ("content", atom): return "content"
        case ("description", _), ("summary", atom): return "description"
        default: return nil
        }
    }
}

/// Feed HTML as plain text: paragraphs on their own lines, tags dropped, entities decoded.
enum HTMLText {
    static func plain(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "</p>", with: "\n").replacingOccurrences(of: "<br />", with: "\n")
        text = text.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        for (entity, character) in [("&quot;", "\""), ("&#x27;", "'"), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"),
                                    ("&nbsp;", " "), ("&#8230;", "\u{2026}"), ("&#8217;", "\u{2019}"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

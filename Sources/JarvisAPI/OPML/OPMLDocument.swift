import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// OPML subscription lists, the format every feed reader imports and exports (OPML 2.0:
/// `<outline type="rss" xmlUrl="…" text="…"/>`, possibly nested in category outlines).
enum OPMLDocument {
    struct Subscription: Equatable, Sendable {
        let url: String
        let name: String
    }

    struct ParseFailed: Error, CustomStringConvertible {
        let description: String
    }

    static func subscriptions(in data: Data) throws -> [Subscription] {
        let collector = OutlineCollector()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseFailed(description: "not a readable OPML file: \(parser.parserError.map { String(describing: $0) } ?? "unknown error")")
        }
        guard collector.sawOPML else { throw ParseFailed(description: "no <opml> element: not an OPML file") }
        return collector.subscriptions
    }

    static func render(_ feeds: [Subscription], title: String, now: Date) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<opml version="2.0">"#,
            "  <head>",
            "    <title>\(escape(title))</title>",
            "    <dateCreated>\(rfc822(now))</dateCreated>",
            "  </head>",
            "  <body>",
        ]
        for feed in feeds {
            lines.append(#"    <outline type="rss" text="\#(escape(feed.name))" title="\#(escape(feed.name))" xmlUrl="\#(escape(feed.url))"/>"#)
        }
        lines += ["  </body>", "</opml>", ""]
        return lines.joined(separator: "\n")
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }

    private static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

/// Collects every outline that carries an `xmlUrl`, whatever its nesting.
private final class OutlineCollector: NSObject, XMLParserDelegate {
    var subscriptions: [OPMLDocument.Subscription] = []
    var sawOPML = false

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if elementName.lowercased() == "opml" { sawOPML = true }
        guard elementName.lowercased() == "outline" else { return }
        let lowered = Dictionary(attributes.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let url = lowered["xmlurl"]?.trimmingCharacters(in: .whitespacesAndNewlines), !url.isEmpty else { return }
        let name = [lowered["title"], lowered["text"]].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .first { !$0.isEmpty } ?? url
        subscriptions.append(OPMLDocument.Subscription(url: url, name: name))
    }
}

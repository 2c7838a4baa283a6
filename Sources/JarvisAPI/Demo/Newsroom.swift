import Foundation
import HTTPServer
import NewsText
import Synchronization

/// The fictional newsroom of `Demo/Newsroom` (24 outlets written for Jarvis; see its README):
/// `jarvis demo` reads it, and the tests check the home feed against its manifest. Each outlet
/// is served by a loopback server of its own, so each is an independent source.
/// Dates are shifted at load time so the newest item is an hour old whenever it is served:
/// freshness and staleness then behave as they would on the day the corpus describes.
final class Newsroom: Sendable {
    struct Manifest: Decodable {
        struct Outlet: Decodable { let file: String; let name: String; let format: String }
        struct Item: Decodable { let file: String; let guidOrLink: String }
        struct Event: Decodable {
            let id: String
            let expectedTopic: Topic?
            /// Other desks an editor could defend (a bank hack: tech or finance).
            let alsoAcceptableTopics: [Topic]?
            let items: [Item]
            let conflictExpected: Bool
        }
        let outlets: [Outlet]
        let events: [Event]
        let singletons: [Item]
    }

    /// The corpus as shipped in the module's resources (beside the executable in a build).
    static var directory: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "Newsroom", withExtension: nil) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the Newsroom resource of JarvisAPI is missing"])
            }
            return url
        }
    }
    /// The newest date in the corpus; shifted to an hour before now.
    static let corpusNewest = Date(timeIntervalSince1970: 1_796_018_400)  // 2026-11-30T06:00:00Z

    let manifest: Manifest
    private let servers: [String: HTTPServer]
    private let documents: Shelf

    /// What each outlet currently serves, shared with its server's handler.
    private final class Shelf: Sendable {
        let files: Mutex<[String: String]>
        init(_ files: [String: String]) { self.files = Mutex(files) }
    }

    /// The bundled newsroom.
    convenience init() throws {
        let directory = try Self.directory
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
        try self.init(directory: directory, manifest: manifest, newest: Self.corpusNewest)
    }

    /// Serves the outlets of `manifest` from the files in `directory`, each date moved so that
    /// `newest` becomes an hour before now (the story-engine golden set serves its cases this way).
    init(directory: URL, manifest: Manifest, newest: Date) throws {
        self.manifest = manifest
        let shift = Date().addingTimeInterval(-3600).timeIntervalSince(newest)
        var loaded: [String: String] = [:]
        for outlet in manifest.outlets {
            let text = try String(contentsOf: directory.appendingPathComponent(outlet.file), encoding: .utf8)
            loaded[outlet.file] = CorpusDates.shift(text, by: shift)
        }
        let documents = Shelf(loaded)
        self.documents = documents
        var servers: [String: HTTPServer] = [:]
        for outlet in manifest.outlets {
            var router = Router()
            let file = outlet.file
            router.get("/feed") { _ in
                .bytes(Array((documents.files.withLock { $0[file] } ?? "").utf8), contentType: "application/xml; charset=utf-8")
            }
            var configuration = ServerConfiguration()
            configuration.host = "127.0.0.1"
            configuration.port = 0
            configuration.eventLoops = 1
            configuration.shutdownGracePeriod = 1
            // Warnings and errors only: the service's own `listening` line is the one that names its port.
            let server = try HTTPServer(configuration: configuration, router: router, logger: Logger(minimumLevel: .warning),
                                        accessLog: false)
            try server.start()
            servers[file] = server
        }
        self.servers = servers
    }

    func feedURL(_ file: String) -> String { "http://127.0.0.1:\(servers[file]!.port)/feed" }

    /// Replaces what an outlet serves (a new item arriving, for live-update tests).
    func publish(_ file: String, document: String) {
        documents.files.withLock { $0[file] = document }
    }

    func document(_ file: String) -> String { documents.files.withLock { $0[file] ?? "" } }

    func stop() async {
        for server in servers.values { await server.shutdown() }
    }
}

/// Moves every feed date in a document by a fixed interval, keeping its format family
/// (RFC 822 for RSS, RFC 3339 for Atom and Dublin Core); results are written in UTC.
enum CorpusDates {
    private static let rfc822Patterns = ["EEE, dd MMM yyyy HH:mm:ss Z", "EEE, dd MMM yyyy HH:mm:ss zzz", "dd MMM yyyy HH:mm:ss Z"]

    static func shift(_ text: String, by interval: TimeInterval) -> String {
        var result = text
        for tag in ["pubDate", "lastBuildDate"] { result = rewrite(result, tag: tag) { shiftRFC822($0, interval) } }
        for tag in ["published", "updated", "dc:date", "issued", "modified"] { result = rewrite(result, tag: tag) { shiftRFC3339($0, interval) } }
        return result
    }

    private static func rewrite(_ text: String, tag: String, _ transform: (String) -> String?) -> String {
        let pattern = try! NSRegularExpression(pattern: "<\(tag)>([^<]+)</\(tag)>")
        var result = text
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let valueRange = Range(match.range(at: 1), in: text), let whole = Range(match.range, in: result),
                  let shifted = transform(String(text[valueRange]).trimmingCharacters(in: .whitespaces)) else { continue }
            result.replaceSubrange(whole, with: "<\(tag)>\(shifted)</\(tag)>")
        }
        return result
    }

    private static func shiftRFC822(_ value: String, _ interval: TimeInterval) -> String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for pattern in rfc822Patterns {
            formatter.dateFormat = pattern
            if let date = formatter.date(from: value) {
                formatter.timeZone = TimeZone(identifier: "GMT")
                formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
                return formatter.string(from: date.addingTimeInterval(interval))
            }
        }
        return nil
    }

    private static func shiftRFC3339(_ value: String, _ interval: TimeInterval) -> String? {
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime]
        var date = parser.date(from: value)
        if date == nil {
            parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            date = parser.date(from: value)
        }
        guard let date else { return nil }
        let writer = ISO8601DateFormatter()
        writer.formatOptions = [.withInternetDateTime]
        return writer.string(from: date.addingTimeInterval(interval))
    }
}

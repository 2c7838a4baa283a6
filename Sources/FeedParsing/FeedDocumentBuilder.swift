import Foundation

/// Turns the SAX event stream of one feed document into a `ParsedFeed`, holding only the
/// element stack and the text of the fields being read: no tree is ever built. A class because
/// libxml2's C callbacks reach it through an opaque pointer; one instance serves one parse on
/// one thread.
final class FeedDocumentBuilder {
    enum FrameKind {
        case plain, skip, entry, capture, person, image
        case markupChild(UnsafePointer<UInt8>)
    }

    struct Frame {
        var kind: FrameKind
        var pushedBase: Bool
    }

    let documentBase: URL?
    let fetchedAt: Date
    let limits: FeedParser.Limits
    let textBudget: Int
    /// Turns captured markup into plain text; one HTML parser context for the whole document.
    let textConverter = HTMLTextConverter()

    var format: FeedFormat?
    var doctypePublicID: String?
    private(set) var failure: FeedParseError?
    var feed = FeedDraft()
    var entries: [FeedEntry] = []
    var entry: EntryDraft?
    var capture: TextCapture?
    var person: PersonDraft?
    var frames: [Frame] = []
    var bases: [URL] = []
    var skipping = false
    var inFeedImage = false
    private var textBytes = 0
    private var names = InternedNames()
    /// A `<feed>` root in an unknown namespace (or none) makes that namespace mean Atom.
    private var rootNamespaceAlias: (uri: [UInt8]?, family: NamespaceFamily)?

    init(documentBase: URL?, fetchedAt: Date, limits: FeedParser.Limits, inputSize: Int) {
        self.documentBase = documentBase
        self.fetchedAt = fetchedAt
        self.limits = limits
        textBudget = inputSize * 2 + 65_536
        frames.reserveCapacity(32)
    }

    var depth: Int { frames.count }
    var explicitBase: URL? { bases.last }

    func fail(_ error: FeedParseError) {
        if failure == nil { failure = error }
    }

    func start(local: UnsafePointer<UInt8>, uri: UnsafePointer<UInt8>?, namespaces: [String], attributes: XMLAttributes) {
        guard failure == nil else { return }
        guard frames.count < limits.maxDepth else {
            fail(.tooDeep(limit: limits.maxDepth))
            return
        }
        let pushedBase = pushBase(attributes)
        let kind: FrameKind
        if skipping {
            kind = .plain  // inside a skipped subtree only the depth matters
        } else if capture?.mode == .text {
            kind = .plain  // a text field keeps the text of nested elements, not their tags
        } else if capture != nil {
            capture?.appendStartTag(local, attributes: attributes)
            kind = .markupChild(local)
        } else if format == nil {
            detectRoot(names.name(local), family: names.family(uri), local: local, uri: uri, namespaces: namespaces,
                       attributes: attributes)
            feed.documentLanguage = attributes.value("lang", namespace: XMLNamespaceURI.xml)
            kind = .plain
        } else {
            kind = dispatch(names.name(local), family: family(of: uri), attributes: attributes)
        }
        frames.append(Frame(kind: kind, pushedBase: pushedBase))
    }

    func end() {
        guard failure == nil, let frame = frames.popLast() else { return }
        switch frame.kind {
        case .plain: break
        case .skip: skipping = false
        case .markupChild(let name): capture?.appendEndTag(name)
        case .capture:
            if let finished = capture {
                capture = nil
                finish(finished)
            }
        case .entry: finishEntry()
        case .person: finishPerson()
        case .image: inFeedImage = false
        }
        if frame.pushedBase { bases.removeLast() }
    }

    /// Returns false once the document has produced more text than any honest feed could,
    /// which only entity expansion achieves.
    func characters(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard failure == nil else { return false }
        textBytes += text.count
        guard textBytes <= textBudget else {
            fail(.entityExpansion)
            return false
        }
        if !skipping { capture?.append(text) }
        return true
    }

    private func family(of uri: UnsafePointer<UInt8>?) -> NamespaceFamily {
        let family = names.family(uri)
        guard let alias = rootNamespaceAlias, family == .rss || family == .other else { return family }
        let matches = uri.map { alias.uri == Array(CString.bytes($0)) } ?? (alias.uri == nil)
        return matches ? alias.family : family
    }

    private func pushBase(_ attributes: XMLAttributes) -> Bool {
        guard let value = attributes.value("base", namespace: XMLNamespaceURI.xml),
              let resolved = LinkResolver.resolveBase(value, against: bases.last ?? documentBase) else { return false }
        bases.append(resolved)
        return true
    }

    private func detectRoot(_ name: ElementName, family: NamespaceFamily, local: UnsafePointer<UInt8>,
                            uri: UnsafePointer<UInt8>?, namespaces: [String], attributes: XMLAttributes) {
        switch (name, family) {
        case (.rss, _):
            format = RSSVersion.format(attributes.value("version"), doctypePublicID: doctypePublicID)
        case (.rdf, .rdf):
            format = namespaces.contains(where: { $0.hasPrefix("http://my.netscape.com/rdf/simple/0.9") }) ? .rss090 : .rss10
        case (.feed, .atom):
            format = .atom10
        case (.feed, .atom03):
            format = .atom03
        case (.feed, _):
            format = attributes.value("version") == "0.3" ? .atom03 : .atom
            rootNamespaceAlias = (uri.map { Array(CString.bytes($0)) }, format == .atom03 ? .atom03 : .atom)
        default:
            fail(.notAFeed(rootElement: String(decoding: CString.bytes(local), as: UTF8.self)))
        }
    }
}

/// Starting the things an element can be: a captured field, a text construct, an entry, an
/// Atom person, a link or an image reference.
extension FeedDocumentBuilder {
    func startCapture(_ field: CaptureField, rank: Int = 0, mode: CaptureMode = .text) -> FrameKind {
        capture = TextCapture(field: field, rank: rank, mode: mode, depth: depth + 1, base: explicitBase)
        return .capture
    }

    /// An Atom text construct (or an RSS element that may carry HTML): `type` and Atom 0.3's
    /// `mode` decide whether nested elements are inline XHTML and whether the text is base64.
    func textConstruct(_ field: CaptureField, rank: Int, _ attributes: XMLAttributes) -> FrameKind {
        let type = attributes.value("type")?.lowercased()
        let mode = attributes.value("mode")?.lowercased()
        let isInlineXHTML = type?.contains("xhtml") == true || (mode == "xml" && type?.contains("html") == true)
        capture = TextCapture(field: field, rank: rank, mode: isInlineXHTML ? .xhtml : .html,
                              isBase64: mode == "base64" || Self.isAtom10BinaryType(type), depth: depth + 1, base: explicitBase)
        return .capture
    }

    /// Atom 1.0 (RFC 4287 §4.1.3.3): content of a MIME type that is neither text nor XML is base64.
    static func isAtom10BinaryType(_ type: String?) -> Bool {
        guard let type, type.contains("/") else { return false }
        return !type.hasPrefix("text/") && !type.contains("xml") && !type.contains("html")
    }

    func skip() -> FrameKind {
        skipping = true
        return .skip
    }

    func startEntry(_ attributes: XMLAttributes) -> FrameKind {
        guard entries.count < limits.maxEntries else { return skip() }
        var draft = EntryDraft()
        draft.rdfAbout = attributes.value("about", namespace: XMLNamespaceURI.rdf)
        entry = draft
        return .entry
    }

    func startPerson() -> FrameKind {
        person = PersonDraft()
        return .person
    }

    /// RSS `<link>` is text, but some feeds write it Atom-style with an `href`.
    func linkElement(_ attributes: XMLAttributes, field: CaptureField) -> FrameKind {
        if attributes.value("href") != nil { return atomLink(attributes) }
        return startCapture(field, rank: 2)
    }

    /// Atom `<link>`: `rel="alternate"` (the default) is the page; an HTML one beats other
    /// types. `rel="enclosure"` may be the entry's image.
    func atomLink(_ attributes: XMLAttributes) -> FrameKind {
        guard let href = attributes.value("href"), !href.isEmpty else { return skip() }
        let rel = attributes.value("rel")?.lowercased() ?? "alternate"
        let type = attributes.value("type")?.lowercased()
        let link = RawLink(reference: href, base: explicitBase)
        if rel == "alternate" {
            let rank = type == nil || type?.contains("html") == true ? 2 : 1
            if entry != nil { entry?.link.offer(link, rank: rank) } else { feed.link.offer(link, rank: rank) }
        } else if rel == "enclosure", entry?.enclosureImage == nil,
                  ImageHeuristics.isImage(url: href, type: type, medium: nil) {
            entry?.enclosureImage = link
        }
        return skip()
    }

    /// `media:content` and `enclosure`: the first reference that is an image fills the slot.
    func offerImage(_ attributes: XMLAttributes, urlAttribute: StaticString, slot: WritableKeyPath<EntryDraft, RawLink?>) {
        guard entry?[keyPath: slot] == nil, let url = attributes.value(urlAttribute), !url.isEmpty,
              ImageHeuristics.isImage(url: url, type: attributes.value("type")?.lowercased(),
                                      medium: attributes.value("medium")?.lowercased()) else { return }
        entry?[keyPath: slot] = RawLink(reference: url, base: explicitBase)
    }

    func offerThumbnail(_ attributes: XMLAttributes, urlAttribute: StaticString) {
        guard entry?.thumbnailImage == nil, let url = attributes.value(urlAttribute), !url.isEmpty else { return }
        entry?.thumbnailImage = RawLink(reference: url, base: explicitBase)
    }
}

/// Whether a media reference is a picture: its declared medium or MIME type, else its extension.
enum ImageHeuristics {
    static func isImage(url: String, type: String?, medium: String?) -> Bool {
        if let medium, !medium.isEmpty { return medium == "image" }
        if let type, !type.isEmpty { return type.hasPrefix("image/") }
        let path = url.split(separator: "?").first.map { $0.lowercased() } ?? ""
        return imageExtensions.contains { path.hasSuffix($0) }
    }

    private static let imageExtensions = [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".bmp", ".svg"]
}

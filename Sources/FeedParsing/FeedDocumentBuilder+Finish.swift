import Foundation

/// Ending elements: a captured field's text goes to its draft, a finished entry is turned
/// into a `FeedEntry` at once (so drafts never pile up), a person becomes an author.
extension FeedDocumentBuilder {
    func finish(_ capture: TextCapture) {
        let bytes = capture.content
        switch capture.field {
        case .feedTitle: feed.title.offer(captured(bytes, capture), rank: capture.rank)
        case .feedSubtitle: feed.subtitle.offer(captured(bytes, capture), rank: capture.rank)
        case .feedLink: feed.link.offer(rawLink(bytes, capture), rank: capture.rank)
        case .feedImage: feed.image.offer(rawLink(bytes, capture), rank: capture.rank)
        case .feedID: feed.id = feed.id ?? plain(bytes).map { identifier($0, capture) }
        case .feedLanguage: feed.language = feed.language ?? plain(bytes)
        case .feedPublished: feed.published.restate(FeedDate.parse(utf8: bytes), rank: capture.rank)
        case .feedUpdated: feed.updated.restate(FeedDate.parse(utf8: bytes), rank: capture.rank)
        case .feedAuthor:
            let person = plain(bytes).map(PersonText.split)
            feed.authorName.offer(person?.name ?? person?.email, rank: capture.rank)
            feed.authorEmail.offer(person?.email, rank: capture.rank)
        case .entryTitle: entry?.title.offer(captured(bytes, capture), rank: capture.rank)
        case .entrySummary:
            // A second summary of the same standing (RSS items with both <description> and
            // <summary>) is kept as body material rather than dropped.
            if entry?.summary.accepts(rank: capture.rank) == false, entry?.summary.value != nil {
                if let text = captured(bytes, capture) { entry?.contents.append(text) }
            } else {
                entry?.summary.offer(captured(bytes, capture), rank: capture.rank)
            }
        case .entryContent:
            if let text = captured(bytes, capture) { entry?.contents.append(text) }
        case .entryLink: entry?.link.offer(rawLink(bytes, capture), rank: capture.rank)
        case .entryGuid:
            if entry?.guid == nil, let guid = plain(bytes) {
                // Atom ids and RSS guids marked isPermaLink="false" are identifiers, not links.
                entry?.guid = capture.guidIsPermaLink ? guid : identifier(guid, capture)
                entry?.guidIsPermaLink = capture.guidIsPermaLink
            }
        case .entryAuthor:
            let person = plain(bytes).map(PersonText.split)
            entry?.authorName.offer(person?.name ?? person?.email, rank: capture.rank)
            entry?.authorEmail.offer(person?.email, rank: capture.rank)
        case .entryPublished: entry?.published.restate(FeedDate.parse(utf8: bytes), rank: capture.rank)
        case .entryUpdated: entry?.updated.restate(FeedDate.parse(utf8: bytes), rank: capture.rank)
        case .entryCategory:
            if let category = plain(bytes) { entry?.categories.append(category) }
        case .personName: person?.name = plain(bytes)
        case .personEmail: person?.email = plain(bytes)
        }
    }

    func finishPerson() {
        guard let finished = person else { return }
        person = nil
        let display = finished.name ?? finished.email
        if entry != nil {
            entry?.authorName.offer(display, rank: 3)
            entry?.authorEmail.offer(finished.email, rank: 3)
        } else {
            feed.authorName.offer(display, rank: 3)
            feed.authorEmail.offer(finished.email, rank: 3)
        }
    }

    func finishEntry() {
        guard let draft = entry else { return }
        entry = nil
        entries.append(EntryFinalizer.finalize(draft, fallbackBase: entryFallbackBase, fetchedAt: fetchedAt,
                                               converter: textConverter))
    }

    /// Relative links in an entry with no `xml:base` of its own resolve against the site the
    /// feed names as its link, else against the document's own URL.
    private var entryFallbackBase: URL? {
        guard let link = feed.link.value,
              let site = LinkResolver.absoluteWebURL(link.reference, base: link.base ?? documentBase) else { return documentBase }
        return URL(string: site)
    }

    /// Atom ids are IRIs; a relative one (invalid, but written) is resolved like a link so it
    /// names the same entry whichever URL the feed was fetched from. Absolute ids stay verbatim.
    private func identifier(_ id: String, _ capture: TextCapture) -> String {
        guard id.hasPrefix("/") || id.hasPrefix("."), let base = capture.base ?? documentBase else { return id }
        return LinkResolver.absoluteWebURL(id, base: base) ?? id
    }

    private func captured(_ bytes: [UInt8], _ capture: TextCapture) -> CapturedText? {
        guard bytes.contains(where: { !$0.isASCIISpace }) else { return nil }
        return CapturedText(bytes: bytes, base: capture.base)
    }

    private func rawLink(_ bytes: [UInt8], _ capture: TextCapture) -> RawLink? {
        plain(bytes).map { RawLink(reference: $0, base: capture.base) }
    }

    private func plain(_ bytes: [UInt8]) -> String? {
        TextRepair.trimmedString(fromUTF8: bytes)
    }
}

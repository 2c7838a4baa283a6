/// What each element means, by namespace family and position (feed level, inside an entry,
/// inside an Atom person or the RSS channel image). Elements nobody reads are skipped whole,
/// so an unknown extension's `<title>` never overwrites the real one.
extension FeedDocumentBuilder {
    func dispatch(_ name: ElementName, family: NamespaceFamily, attributes: XMLAttributes) -> FrameKind {
        if person != nil { return personChild(name) }
        if entry != nil { return entryElement(name, family: family, attributes: attributes) }
        if inFeedImage { return name == .url ? startCapture(.feedImage, rank: 2) : skip() }
        return feedElement(name, family: family, attributes: attributes)
    }

    private func feedElement(_ name: ElementName, family: NamespaceFamily, attributes: XMLAttributes) -> FrameKind {
        switch (family, name) {
        case (.rss, .channel), (.rdf, _): return .plain
        case (.rss, .item), (.atom, .entry), (.atom03, .entry): return startEntry(attributes)
        case (.rss, .title), (.atom, .title), (.atom03, .title): return textConstruct(.feedTitle, rank: 2, attributes)
        case (.dublinCore, .title): return textConstruct(.feedTitle, rank: 1, attributes)
        case (.rss, .link): return linkElement(attributes, field: .feedLink)
        case (.atom, .link), (.atom03, .link): return atomLink(attributes)
        case (.rss, .description), (.atom, .subtitle), (.atom03, .tagline), (.atom03, .subtitle):
            return textConstruct(.feedSubtitle, rank: 2, attributes)
        case (.dublinCore, .description): return textConstruct(.feedSubtitle, rank: 1, attributes)
        case (.rss, .language), (.dublinCore, .language): return startCapture(.feedLanguage)
        case (.rss, .pubDate), (.atom, .published), (.atom03, .issued): return startCapture(.feedPublished, rank: 2)
        case (.dcTerms, .issued), (.dcTerms, .created): return startCapture(.feedPublished, rank: 1)
        case (.rss, .lastBuildDate), (.atom, .updated), (.atom03, .modified): return startCapture(.feedUpdated, rank: 2)
        case (.dublinCore, .date), (.dcTerms, .modified): return startCapture(.feedUpdated, rank: 1)
        case (.rss, .managingEditor): return startCapture(.feedAuthor, rank: 2)
        case (.rss, .webMaster), (.rss, .author), (.dublinCore, .creator), (.dublinCore, .author):
            return startCapture(.feedAuthor, rank: 1)
        case (.itunes, .author): return startCapture(.feedAuthor, rank: 0)
        case (.itunes, .summary), (.itunes, .subtitle): return textConstruct(.feedSubtitle, rank: 0, attributes)
        case (.itunes, .image):
            if let href = attributes.value("href"), !href.isEmpty { feed.image.offer(RawLink(reference: href, base: explicitBase), rank: 1) }
            return skip()
        case (.atom, .author), (.atom03, .author): return startPerson()
        case (.atom, .id), (.atom03, .id): return startCapture(.feedID)
        case (.atom, .logo): return startCapture(.feedImage, rank: 2)
        case (.atom, .icon): return startCapture(.feedImage, rank: 1)
        case (.rss, .image):
            inFeedImage = true
            return .image
        default: return skip()
        }
    }

    private func entryElement(_ name: ElementName, family: NamespaceFamily, attributes: XMLAttributes) -> FrameKind {
        switch (family, name) {
        case (.rss, .title), (.atom, .title), (.atom03, .title): return textConstruct(.entryTitle, rank: 2, attributes)
        case (.dublinCore, .title): return textConstruct(.entryTitle, rank: 1, attributes)
        case (.rss, .link): return linkElement(attributes, field: .entryLink)
        case (.atom, .link), (.atom03, .link): return atomLink(attributes)
        case (.rss, .guid):
            let kind = startCapture(.entryGuid)
            capture?.guidIsPermaLink = attributes.value("isPermaLink")?.lowercased() != "false"
            return kind
        case (.atom, .id), (.atom03, .id):
            let kind = startCapture(.entryGuid)
            capture?.guidIsPermaLink = false
            return kind
        case (.rss, .description), (.rss, .summary), (.atom, .summary), (.atom03, .summary):
            return textConstruct(.entrySummary, rank: 2, attributes)
        case (.dublinCore, .description): return textConstruct(.entrySummary, rank: 1, attributes)
        case (.atom, .content), (.atom03, .content):
            return attributes.value("src") == nil ? textConstruct(.entryContent, rank: 0, attributes) : skip()
        case (.content, .encoded), (.rss, .encoded): return textConstruct(.entryContent, rank: 0, attributes)
        case (.xhtml, .body), (.xhtml, .div), (.rss, .body): return startCapture(.entryContent, mode: .xhtml)
        case (.media, .title): return textConstruct(.entryTitle, rank: 0, attributes)
        case (.media, .description), (.itunes, .summary), (.itunes, .subtitle):
            return textConstruct(.entrySummary, rank: 0, attributes)
        case (.itunes, .author): return startCapture(.entryAuthor, rank: 0)
        case (.itunes, .category):
            if let text = attributes.value("text"), !text.isEmpty { entry?.categories.append(text) }
            return .plain
        case (.itunes, .image):
            offerThumbnail(attributes, urlAttribute: "href")
            return skip()
        case (.rss, .author): return startCapture(.entryAuthor, rank: 2)
        case (.dublinCore, .creator), (.dublinCore, .author): return startCapture(.entryAuthor, rank: 1)
        case (.atom, .author), (.atom03, .author): return startPerson()
        case (.rss, .pubDate), (.atom, .published), (.atom03, .issued), (.atom03, .published):
            return startCapture(.entryPublished, rank: 3)
        case (.dublinCore, .date): return startCapture(.entryPublished, rank: 2)
        case (.atom03, .created), (.dcTerms, .issued), (.dcTerms, .created): return startCapture(.entryPublished, rank: 1)
        case (.atom, .updated), (.atom03, .modified): return startCapture(.entryUpdated, rank: 2)
        case (.dcTerms, .modified): return startCapture(.entryUpdated, rank: 1)
        case (.rss, .category), (.dublinCore, .subject), (.media, .category): return startCapture(.entryCategory)
        case (.atom, .category), (.atom03, .category):
            if let term = attributes.value("term") ?? attributes.value("label"), !term.isEmpty { entry?.categories.append(term) }
            return skip()
        case (.rss, .enclosure):
            offerImage(attributes, urlAttribute: "url", slot: \.enclosureImage)
            return skip()
        case (.media, .content):
            offerImage(attributes, urlAttribute: "url", slot: \.mediaImage)
            return .plain
        case (.media, .thumbnail):
            offerThumbnail(attributes, urlAttribute: "url")
            return skip()
        case (.media, .group): return .plain
        default: return skip()
        }
    }

    private func personChild(_ name: ElementName) -> FrameKind {
        switch name {
        case .name: return startCapture(.personName)
        case .email: return startCapture(.personEmail)
        default: return skip()
        }
    }
}

/// The namespaces feeds use, folded into families: RSS 0.9x/2.0 elements live in no namespace,
/// RSS 1.0 and 0.90 in their own, some RSS 2.0 generators in Userland's; all of them mean the
/// same elements, as do Atom 1.0 and 0.3.
enum NamespaceFamily: UInt8 {
    case rss, rdf, atom, atom03, dublinCore, dcTerms, content, media, itunes, xhtml, other

    static func family(of uri: String) -> NamespaceFamily {
        if let known = byURI[uri] { return known }
        let lowered = uri.lowercased()
        let trimmed = lowered.hasSuffix("/") || lowered.hasSuffix("#") ? String(lowered.dropLast()) : lowered
        if let known = byURI[trimmed] { return known }
        // Userland numbered its RSS namespaces (rss2, rss2.1, …) over the years.
        return trimmed.hasPrefix("http://backend.userland.com/rss") ? .rss : .other
    }

    private static let byURI: [String: NamespaceFamily] = [
        "http://purl.org/rss/1.0": .rss, "http://my.netscape.com/rdf/simple/0.9": .rss,
        "http://backend.userland.com/rss2": .rss, "http://blogs.law.harvard.edu/tech/rss": .rss,
        "http://backend.userland.com/rss": .rss, "http://purl.org/net/rss1.1": .rss,
        "http://www.w3.org/1999/02/22-rdf-syntax-ns": .rdf,
        "http://www.w3.org/2005/Atom": .atom, "http://purl.org/atom/ns": .atom03,
        "http://purl.org/dc/elements/1.1": .dublinCore, "http://purl.org/dc/elements/1.0": .dublinCore,
        "http://purl.org/dc/terms": .dcTerms,
        "http://purl.org/rss/1.0/modules/content": .content,
        "http://search.yahoo.com/mrss": .media, "http://search.yahoo.com/rss": .media,
        "http://www.itunes.com/dtds/podcast-1.0.dtd": .itunes,
        "http://www.w3.org/1999/xhtml": .xhtml,
    ]
}

/// Local names the parser acts on; everything else is `.other`.
enum ElementName: UInt8 {
    case rss, rdf, feed, channel, item, entry, title, link, description, summary, subtitle, tagline, content
    case encoded, guid, id, author, creator, name, email, url, pubDate, lastBuildDate, date, issued
    case created, modified, updated, published, category, subject, enclosure, thumbnail, group, image
    case logo, icon, language, managingEditor, webMaster, body, div, other

    static func named(_ local: String) -> ElementName {
        byName[local] ?? .other
    }

    private static let byName: [String: ElementName] = [
        "rss": .rss, "RDF": .rdf, "feed": .feed, "channel": .channel, "item": .item, "entry": .entry,
        "title": .title, "link": .link, "description": .description, "summary": .summary, "subtitle": .subtitle,
        "tagline": .tagline, "content": .content, "encoded": .encoded, "guid": .guid, "id": .id,
        "author": .author, "creator": .creator, "name": .name, "email": .email, "url": .url,
        "pubDate": .pubDate, "pubdate": .pubDate, "lastBuildDate": .lastBuildDate, "date": .date,
        "issued": .issued, "created": .created, "modified": .modified, "updated": .updated,
        "published": .published, "category": .category, "subject": .subject, "enclosure": .enclosure,
        "thumbnail": .thumbnail, "group": .group, "image": .image, "logo": .logo, "icon": .icon,
        "language": .language, "managingEditor": .managingEditor, "webMaster": .webMaster,
        "body": .body, "div": .div, "fullitem": .encoded,
    ]
}

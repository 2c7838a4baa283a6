import Foundation
import NewsText

/// Turns an entry's raw material into the app's view of it: markup to plain text, the richest
/// body chosen, links made absolute, the best image picked, a date settled on.
enum EntryFinalizer {
    static func finalize(_ draft: EntryDraft, fallbackBase: URL?, fetchedAt: Date, converter: HTMLTextConverter) -> FeedEntry {
        func absolute(_ link: RawLink?) -> String? {
            link.flatMap { LinkResolver.absoluteWebURL($0.reference, base: $0.base ?? fallbackBase) }
        }
        let summary = draft.summary.value.map { (converter.convert($0.bytes), $0.base) }
        let contents = draft.contents.map { (converter.convert($0.bytes), $0.base) }
        // Contents come first so that, at equal length, the content element wins over the summary.
        let candidates = contents + (summary.map { [$0] } ?? [])
        let richest = candidates.max { $0.0.text.utf8.count < $1.0.text.utf8.count }
        let bodyText = richest?.0.text ?? ""

        var title = draft.title.value.map { converter.convert($0.bytes, singleLine: true).text } ?? ""
        if title.isEmpty { title = Headline.fromBody(bodyText) }

        var link = absolute(draft.link.value)
        if link == nil, draft.guidIsPermaLink, let guid = draft.guid, guid.lowercased().hasPrefix("http") {
            link = LinkResolver.absoluteWebURL(guid, base: nil)
        }

        let inlineImage = ([richest].compactMap { $0 } + candidates).lazy.compactMap { candidate in
            candidate.0.firstImageSource.map { RawLink(reference: $0, base: candidate.1) }
        }.first
        let imageURL = [draft.mediaImage, draft.thumbnailImage, draft.enclosureImage, inlineImage]
            .lazy.compactMap { absolute($0) }.first

        let (publishedAt, source) = publicationDate(draft, fetchedAt: fetchedAt)
        let summaryText = summary.map(\.0.text).flatMap { $0.isEmpty ? nil : $0 }
        return FeedEntry(
            guid: draft.guid ?? draft.rdfAbout, link: link, title: title, bodyText: bodyText, summaryText: summaryText,
            author: draft.authorName.value ?? draft.authorEmail.value, authorEmail: draft.authorEmail.value,
            imageURL: imageURL, publishedAt: publishedAt, publishedAtSource: source, updatedAt: draft.updated.value,
            categories: draft.categories, isBreaking: BreakingNews.isMarked(title: title, categories: draft.categories))
    }

    private static func publicationDate(_ draft: EntryDraft, fetchedAt: Date) -> (Date, PublishedAtSource) {
        if let published = draft.published.value { return (published, .published) }
        if let updated = draft.updated.value { return (updated, .updated) }
        return (fetchedAt, .fetchTime)
    }
}

/// Headlines made to fit a reader's screen.
public enum Headline {
    /// A headline for entries that have none (RSS 0.9x allows an item with only a description):
    /// the body's first line, shortened to 120 characters.
    static func fromBody(_ body: String) -> String {
        shortened(body.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? "", limit: 120)
    }

    /// `line` when it has at most `limit` characters, else cut back to a word boundary with "…",
    /// at most `limit` characters in all (a title without spaces is cut mid-word).
    public static func shortened(_ line: String, limit: Int) -> String {
        guard line.count > limit else { return line }
        let cut = line.prefix(limit - 1)
        let wordEnd = cut.lastIndex(of: " ") ?? cut.endIndex
        return String(cut[..<wordEnd]) + "…"
    }
}

/// Whether the feed itself marks an entry as breaking news: a category such as "Breaking" or
/// "Breaking News", or a headline starting "BREAKING:".
enum BreakingNews {
    static func isMarked(title: String, categories: [String]) -> Bool {
        if categories.contains(where: { isBreakingCategory($0) }) { return true }
        guard let colon = title.firstIndex(of: ":") else { return false }
        return marks.contains(title[..<colon].lowercased())
    }

    /// A category whose words are a mark: "Breaking", "Breaking News", "breaking-news".
    private static func isBreakingCategory(_ category: String) -> Bool {
        marks.contains(category.lowercased().split(whereSeparator: { !$0.isLetter }).joined(separator: " "))
    }

    /// `WordClass.breakingMark`: "breaking", "breaking news".
    private static let marks = WordClass.breakingMark.forms
}

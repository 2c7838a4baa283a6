import Foundation

/// Turns the channel's raw material into `ParsedFeed`'s feed-level fields.
enum FeedFinalizer {
    static func finalize(_ builder: FeedDocumentBuilder, format: FeedFormat, encoding: String) -> ParsedFeed {
        let draft = builder.feed
        let base = builder.documentBase
        func absolute(_ link: RawLink?) -> String? {
            link.flatMap { LinkResolver.absoluteWebURL($0.reference, base: $0.base ?? base) }
        }
        let link = absolute(draft.link.value)
        let siteBase = link.flatMap(URL.init(string:)) ?? base
        let image = draft.image.value.flatMap { LinkResolver.absoluteWebURL($0.reference, base: $0.base ?? siteBase) }
        let subtitle = draft.subtitle.value.map { builder.textConverter.convert($0.bytes).text }.flatMap { $0.isEmpty ? nil : $0 }
        return ParsedFeed(
            format: format, encoding: encoding,
            title: draft.title.value.map { builder.textConverter.convert($0.bytes, singleLine: true).text } ?? "",
            link: link, subtitle: subtitle, id: draft.id, author: draft.authorName.value, authorEmail: draft.authorEmail.value,
            imageURL: image, language: draft.language ?? draft.documentLanguage, publishedAt: draft.published.value, updatedAt: draft.updated.value,
            entries: builder.entries)
    }
}

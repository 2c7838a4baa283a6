import ArticleAnnotations
import NewsText

/// Headlines that tell how a market or its analysts took an event ("Lithuanian bonds slip as government
/// falls", "Euro slips as ECB delivers expected cut", "Analysts see rate cuts ending…"): the event is the
/// story, and another outlet's headline that states it wins while one exists (a government's collapse is
/// not headlined by its bond market). A market move without a cause ("Shares plunge 20%")
/// is news in itself and is not one.
enum MarketReaction {
    /// A market word within the first three words (`WordClass.market`), a move right after it
    /// (`marketMove`), and "as", "after" or "on" later naming the cause; or commentators and their
    /// comment opening the headline (`marketCommentator`, `marketComment`: "Analysts see Mexico rate cuts
    /// ending after Banxico move to 6.75%" must not head a rate-cut card over three headlines saying the bank cut).
    static func isReaction(_ headline: TextReading) -> Bool {
        let words = headline.normalizedWords
        if words.count > 1, WordClass.marketCommentator.contains(words[0]), WordClass.marketComment.contains(words[1]) {
            return true
        }
        guard let market = words.prefix(3).firstIndex(where: WordClass.market.contains), market + 1 < words.count,
              WordClass.marketMove.contains(words[market + 1]) else { return false }
        return words[(market + 2)...].contains { ["as", "after", "on"].contains($0) }
    }
}

/// How a message leans on the question asked before it, read from its own words: a question that
/// names no topic of its own and asks the earlier ask again of a time ("and in March?", "und
/// nächste Woche?"), an amount or a choice ("what about half?", "or 0.5?"), or with its act left
/// unnamed ("y si la salto?"), or a short fragment with no verb that opens a question ("und die Woche
/// danach?"). Thanks and small talk ask nothing, and a question of its own ("what else can you help me
/// with?", "why?", "who made you?") asks something new: neither leans on what was asked before
/// (`docs/healthlog/coach-gate.md`, "The conversation's earlier turns").
enum FollowUpReading {
    /// How many words a question fragment has that asks again of another time or thing ("und die
    /// Woche danach?", "a za tydzień?"): more than a question word ("why?", "¿por qué?"), fewer than a question
    /// of its own ("what else can you help me with?").
    private static let fragmentWords = 3...5
    /// Words that name a time of their own.
    private static let timeClasses: [TermClass] = [.timingWord, .timePreposition, .agoMarker, .monthName]

    /// True when `rules` (a message's sentences) ask and lean on the ask before them.
    static func leansOnAsk(_ rules: GateRules) -> Bool {
        let sentences = rules.sentences
        guard sentences.contains(where: \.isQuestion),
              !sentences.contains(where: { $0.hasAny(ConversationContext.ownTopics) }) else { return false }
        if ConversationContext.isPlainFollowUp(sentences) {
            // A question about the Coach itself is no fragment of another ask ("Who made you?").
            guard !sentences.contains(where: { $0.has(.assistantQuestion) }) else { return false }
            let words = sentences.map(\.wordCount).reduce(0, +)
            let fragment = fragmentWords.contains(words) && !sentences.contains { $0.has(.questionOpener) }
            return fragment || sentences.contains { $0.hasAny(timeClasses + [.choiceWord]) }
        }
        return sentences.contains { ConversationContext.refersBack($0, rules: rules) }
    }
}

import NewsText

/// Outlets that republished another outlet's report rather than reporting: a regional paper
/// running the wire copy word for word (perhaps trimmed, under its own headline) confirms
/// nothing the wire did not. "Independent sources" (confirmation, consensus) leave them out;
/// the story's source count still lists them, since the reader sees their reports.
package enum SyndicatedCopies {
    /// Consecutive words compared: five in a row in the same order is copying, not paraphrase.
    static let shingleLength = 5
    /// Words of each body read: a copy is a copy from its first paragraph.
    static let wordLimit = 150

    /// The body's opening word runs, hashed, sorted and each once: what its article's annotation holds
    /// (a sorted list takes a third of the memory of a set of the same values).
    static func shingles(_ body: String) -> [Int] {
        // Twelve characters a word is ample for `wordLimit` words; a long body costs no more.
        let words = Tokenizer.words(String(body.prefix(wordLimit * 12))).prefix(wordLimit)
        guard words.count >= shingleLength else { return [] }
        let list = Array(words)
        return Set((0 ... list.count - shingleLength).map { list[$0 ..< $0 + shingleLength].joined(separator: " ").hashValue }).sorted()
    }
}

import Foundation

/// The sentences of a Coach reply as it is streamed and guarded: a sentence ends at `.`, `!`,
/// `?` or `…` followed by white space or the end of the text, or at a line break. One definition
/// for the server's release of a model reply, its refusals, and the tests of the templates.
public enum ReplySentences {
    /// The trimmed, non-empty sentences of `text`.
    public static func split(_ text: String) -> [String] {
        var sentences: [String] = [], current = ""
        let characters = Array(text)
        for index in characters.indices {
            current.append(characters[index])
            if endsSentence(characters, at: index, atEndOfText: true) {
                append(current, to: &sentences)
                current = ""
            }
        }
        append(current, to: &sentences)
        return sentences
    }

    /// `text` cut after its last complete sentence, and the rest, which may still grow: a `.`
    /// at the very end of a piece is held until the next piece shows whether a space follows.
    public static func completePrefix(_ text: String) -> (complete: String, rest: String) {
        let characters = Array(text)
        var cut = 0
        for index in characters.indices where endsSentence(characters, at: index, atEndOfText: false) { cut = index + 1 }
        return (String(characters[..<cut]), String(characters[cut...]))
    }

    private static func endsSentence(_ characters: [Character], at index: Int, atEndOfText: Bool) -> Bool {
        let character = characters[index]
        if character.isNewline { return true }
        guard ".!?…".contains(character) else { return false }
        return index + 1 < characters.count ? characters[index + 1].isWhitespace : atEndOfText
    }

    private static func append(_ sentence: String, to sentences: inout [String]) {
        let trimmed = sentence.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { sentences.append(trimmed) }
    }
}

import Foundation

/// Splits feed text into clean sentences: the unit summaries, consensus and conflict work on.
///
/// News copy is hostile to a naive "split at a period": titles ("Mr.", "Sen."), initials
/// ("John F. Kennedy"), country abbreviations ("U.S."), company suffixes ("Inc."), decimals
/// ("2.5%") and quoted speech all put periods where no sentence ends. Feed excerpts add their
/// own noise: datelines ("LAGOS (Reuters) -"), bylines, "Read more" links and excerpts cut off
/// with "...". All of that is removed here, once, so every consumer sees the same sentences.
public enum Sentences {
    /// The sentences of `text` in reading order, trimmed, with datelines, bylines, boilerplate
    /// and truncated fragments removed. Line breaks (block boundaries in HTML-stripped text)
    /// always end a sentence; a block without final punctuation (a heading) is kept as is.
    public static func split(_ text: String) -> [String] {
        var sentences: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let block = FeedBoilerplate.strippingDateline(FeedBoilerplate.normalizingTruncationMarkers(String(line)))
            guard !FeedBoilerplate.isCaption(block) else { continue }
            for sentence in splitBlock(Array(block)) where isKept(sentence) {
                sentences.append(sentence)
            }
        }
        return sentences
    }

    private static func isKept(_ sentence: String) -> Bool {
        guard sentence.contains(where: \.isLetter) else { return false }
        if sentence.hasSuffix("...") || sentence.hasSuffix("\u{2026}") { return false }
        return !FeedBoilerplate.isBoilerplate(sentence) && !FeedBoilerplate.isByline(sentence)
    }

    /// One block (no line breaks) into sentences, scanning for terminal punctuation that is
    /// followed by space and something that can open a sentence.
    private static func splitBlock(_ chars: [Character]) -> [String] {
        var sentences: [String] = []
        var start = 0
        var index = 0
        var quote = QuoteTracker()
        while index < chars.count {
            guard isTerminal(chars[index]) else {
                quote.read(chars[index], at: index)
                index += 1
                continue
            }
            let punctuationStart = index
            while index < chars.count, isTerminal(chars[index]) { index += 1 }
            while index < chars.count, isClosing(chars[index]) {
                quote.read(chars[index], at: index)
                index += 1
            }
            if index == chars.count || (chars[index].isWhitespace && !quote.isOpen(at: index)
                && endsSentence(chars, punctuation: punctuationStart ..< index, next: nextWordStart(chars, from: index))) {
                append(chars[start ..< index], to: &sentences)
                start = index
            }
        }
        append(chars[start ..< chars.count], to: &sentences)
        return sentences
    }

    private static func append(_ slice: ArraySlice<Character>, to sentences: inout [String]) {
        let sentence = String(slice).trimmingCharacters(in: .whitespaces)
        if !sentence.isEmpty { sentences.append(sentence) }
    }

    private static func nextWordStart(_ chars: [Character], from index: Int) -> Int {
        var position = index
        while position < chars.count, chars[position].isWhitespace { position += 1 }
        return position
    }

    /// Whether the punctuation run ends a sentence, judged by the word before it and the one after.
    private static func endsSentence(_ chars: [Character], punctuation: Range<Int>, next: Int) -> Bool {
        guard next < chars.count else { return true }
        let opener = chars[next]
        // "he said... and left", "'Stop!' she shouted": what follows continues the sentence.
        if opener.isLowercase { return false }
        let run = chars[punctuation].filter(isTerminal)
        guard run == ["."] else { return true }
        let before = wordBefore(chars, at: punctuation.lowerBound)
        let following = wordAt(chars, from: next)
        return Abbreviations.periodEndsSentence(after: before, followedBy: following)
    }

    private static func wordBefore(_ chars: [Character], at end: Int) -> String {
        var position = end
        while position > 0, !chars[position - 1].isWhitespace, !isOpening(chars[position - 1]) { position -= 1 }
        return String(chars[position ..< end])
    }

    private static func wordAt(_ chars: [Character], from start: Int) -> String {
        var position = start
        while position < chars.count, isOpening(chars[position]) { position += 1 }
        var end = position
        while end < chars.count, chars[end].isLetter || chars[end].isNumber { end += 1 }
        return String(chars[position ..< end])
    }

    private static func isTerminal(_ char: Character) -> Bool {
        char == "." || char == "!" || char == "?" || char == "\u{2026}"
    }

    private static func isClosing(_ char: Character) -> Bool {
        "\"'\u{201D}\u{2019})]\u{00BB}".contains(char)
    }

    private static func isOpening(_ char: Character) -> Bool {
        "\"'\u{201C}\u{2018}([\u{00AB}".contains(char)
    }
}

/// Whether the scan is inside a quotation, so that '"We will not stop. We will fight," she said.'
/// stays one sentence. Only double quotes count (a single quote is usually an apostrophe). A
/// quotation left open for longer than `longestQuote` characters is taken to be an unbalanced
/// quote mark, and sentences split normally again.
private struct QuoteTracker {
    static let longestQuote = 400
    private var openedAt: Int?

    mutating func read(_ char: Character, at index: Int) {
        switch char {
        case "\u{201C}": openedAt = index
        case "\u{201D}": openedAt = nil
        case "\"": openedAt = openedAt == nil ? index : nil
        default: break
        }
    }

    func isOpen(at index: Int) -> Bool {
        guard let openedAt else { return false }
        return index - openedAt <= Self.longestQuote
    }
}

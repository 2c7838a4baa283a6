import Foundation
import XCTest

/// The story engine's vocabulary lives in one resource (`Sources/NewsText/Resources/word-classes.json`,
/// docs/jarvis/story-engine.md): no Swift source of its modules spells a list of words or a phrase. A list
/// is three or more lower-case word literals in a row (an array, a set, a dictionary's keys or its keys and
/// values, a `case` pattern). A phrase is two or more literals of several words compared or searched for in
/// one expression (`phrase.hasPrefix("declared the winner") || phrase.hasPrefix("declared winner")`), a
/// line comparing different words with word literals (`words[i] == "premier", …, words[i + 1] == "league"`),
/// or an array of word literals compared (`== ["equity", "stake"]`).
/// The few literals below stay in code, each for the reason given.
final class WordListLiteralTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let modules = [
        "NewsText", "ArticleAnnotations", "StoryClustering", "StoryComposition", "StoryEngine", "TopicClassification", "FeedParsing",
    ]

    /// A literal list allowed in code: its file, its first word and its length (so it cannot grow unseen).
    private struct Allowed: Hashable {
        let file: String, first: String, count: Int
    }

    private static let allowed: [Allowed: String] = [
        // Formats, not news vocabulary: XML and HTML element names, charset labels, RFC 822 zones and dates.
        Allowed(file: "FeedParsing/CharsetLabels.swift", first: "utf-16", count: 5): "charset labels",
        Allowed(file: "FeedParsing/CharsetLabels.swift", first: "utf-32", count: 4): "charset labels",
        Allowed(file: "FeedParsing/CharsetLabels.swift", first: "iso-8859-1", count: 3): "charset labels",
        Allowed(file: "FeedParsing/CharsetLabels.swift", first: "utf8", count: 6): "charset labels and their names",
        Allowed(file: "FeedParsing/CharsetLabels.swift", first: "us-ascii", count: 13): "charset labels and their names",
        Allowed(file: "FeedParsing/CharsetLabels.swift", first: "iso-8859-1", count: 19): "charset labels and their names",
        Allowed(file: "FeedParsing/CharsetLabels.swift", first: "windows-1252", count: 3): "charset labels and their names",
        Allowed(file: "FeedParsing/FeedVocabulary.swift", first: "feed", count: 19): "RSS and Atom element names",
        Allowed(file: "FeedParsing/FeedVocabulary.swift", first: "date", count: 15): "RSS and Atom element names",
        Allowed(file: "FeedParsing/FeedVocabulary.swift", first: "body", count: 3): "RSS and Atom element names",
        Allowed(file: "FeedParsing/HTMLElementRole.swift", first: "img", count: 3): "HTML element names",
        Allowed(file: "FeedParsing/HTMLElementRole.swift", first: "script", count: 14): "HTML element names",
        Allowed(file: "FeedParsing/HTMLElementRole.swift", first: "p", count: 16): "HTML element names",
        Allowed(file: "FeedParsing/HTMLElementRole.swift", first: "br", count: 22): "HTML element names",
        Allowed(file: "FeedParsing/TextCapture.swift", first: "br", count: 14): "HTML void elements",
        Allowed(file: "FeedParsing/TimeZoneNames.swift", first: "ut", count: 5): "RFC 822 time zones",
        Allowed(file: "FeedParsing/TimeZoneNames.swift", first: "uct", count: 47): "time zone abbreviations",
        Allowed(file: "FeedParsing/TimeZoneNames.swift", first: "tues", count: 3): "date formats' weekday forms",
        Allowed(file: "FeedParsing/TimeZoneNames.swift", first: "january", count: 12): "date formats' month names",
        Allowed(file: "FeedParsing/TimeZoneNames.swift", first: "monday", count: 7): "date formats' weekday names",
        // Numbers and units as tables of values, not classes of words.
        Allowed(file: "ArticleAnnotations/NumberWords.swift", first: "one", count: 9): "number words and their values",
        Allowed(file: "ArticleAnnotations/NumberWords.swift", first: "ten", count: 10): "number words and their values",
        Allowed(file: "ArticleAnnotations/NumberWords.swift", first: "twenty", count: 8): "number words and their values",
        Allowed(file: "ArticleAnnotations/NumericFacts.swift", first: "second", count: 9): "ordinals and their values",
        Allowed(file: "ArticleAnnotations/SubjectFigures.swift", first: "thousand", count: 9): "multipliers and their values",
        Allowed(file: "NewsText/NamedEntityRules.swift", first: "percentage", count: 34): "unit spellings and their one form",
        Allowed(file: "NewsText/NamedEntityRules.swift", first: "pct", count: 27): "unit spellings and their one form (\"percent\", \"per cent\": `percentAfterNumber`)",
        Allowed(file: "NewsText/NamedEntityRules.swift", first: "bn", count: 12): "units glued to a number and their word",
        // The gazetteer's data: which readings of an ambiguous place name to refuse.
        Allowed(file: "NewsText/GazetteerIndex.swift", first: "chad", count: 3): "ambiguous place names",
        Allowed(file: "NewsText/GazetteerIndex.swift", first: "pig", count: 5): "what \"Guinea\" before them is not",
        // Function words a reader checks at one position of its pattern, in the expression that reads them.
        Allowed(file: "StoryClustering/ArticleVector.swift", first: "of", count: 7): "connectors dropped from a name's words",
        Allowed(file: "ArticleAnnotations/DeclaredWinners.swift", first: "was", count: 3): "auxiliaries of \"was declared\"",
        Allowed(file: "ArticleAnnotations/DeclaredWinners.swift", first: "defeating", count: 3): "a runner-up's cue words",
        Allowed(file: "ArticleAnnotations/DeclaredWinners.swift", first: "its", count: 8): "determiners before a role",
        Allowed(file: "ArticleAnnotations/FigureBounds.swift", first: "from", count: 3): "prepositions of a range",
        Allowed(file: "ArticleAnnotations/FigureBounds.swift", first: "over", count: 3): "prepositions of a lower bound",
        Allowed(file: "StoryComposition/MarketReaction.swift", first: "as", count: 3): "conjunctions naming a cause",
        Allowed(file: "ArticleAnnotations/NumericFacts.swift", first: "a", count: 3): "determiners before an ordinal",
        Allowed(file: "ArticleAnnotations/SubjectFigures.swift", first: "a", count: 5): "determiners before a count",
    ]

    /// Phrases read in place in code, each with what it is, keyed like `allowed` (file, first literal, how many
    /// literals): none; a phrase is an entry of several words of a class in the resource.
    private static let allowedPhrases: [Allowed: String] = [:]

    /// The Swift sources of the modules: file (module/name) and text without comments.
    private static func sources() throws -> [(file: String, text: String)] {
        var found: [(String, String)] = []
        for module in modules {
            let folder = repository.appendingPathComponent("Sources/\(module)")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".swift") {
                found.append(("\(module)/\(name)", withoutComments(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))))
            }
        }
        return found
    }

    /// What `reader` finds in the modules' sources (lists or phrases): file, first word, how many literals.
    private static func found(by reader: (String) -> [[String]]) throws -> [Allowed] {
        try sources().flatMap { source in
            reader(source.text).map { Allowed(file: source.file, first: $0.first ?? "", count: $0.count) }
        }
    }

    /// Fails on each of `found` that `allowed` does not list, and on each of `allowed` no longer found.
    private static func assertOnlyAllowed(_ found: [Allowed], _ allowed: [Allowed: String], belong: String,
                                          file: StaticString = #filePath, line: UInt = #line) {
        let unlisted = found.filter { allowed[$0] == nil }
        XCTAssertTrue(unlisted.isEmpty, belong + ": " + unlisted.map { "\($0.file) \"\($0.first)\"… (\($0.count))" }.joined(separator: "; "),
                      file: file, line: line)
        let gone = Set(allowed.keys).subtracting(found)
        XCTAssertTrue(gone.isEmpty, "allowed literals no longer in the code: \(gone)", file: file, line: line)
    }

    /// The text with `//` comments removed (not inside a string literal).
    static func withoutComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var inString = false, escaped = false, previous: Character = " "
            for index in line.indices {
                let character = line[index]
                defer { previous = escaped ? " " : character }
                if escaped { escaped = false; continue }
                if character == "\\" { escaped = true; continue }
                if character == "\"" { inString.toggle() }
                if !inString, character == "/", previous == "/" { return line[..<line.index(before: index)] }
            }
            return line
        }.joined(separator: "\n")
    }

    /// Runs of three or more word literals, each after the last with only a comma between (and, in a
    /// dictionary, the value before it).
    static func lists(in text: String) -> [[String]] {
        let literal = /"((?:[^"\\\n]|\\.)*)"/
        let word = /[a-z][a-z0-9'\-. ]*/
        let gap = /\s*(:\s*[^",\[\]\n(){}]*)?,\s*|\s*:\s*/
        var lists: [[String]] = [], current: [String] = [], end = text.startIndex
        for match in text.matches(of: literal) {
            let content = String(match.output.1)
            guard content.wholeMatch(of: word) != nil else {
                // A dictionary's value that is no word ("doubled": "×2"): the keys' list goes on past it.
                if !current.isEmpty, text[end ..< match.range.lowerBound].wholeMatch(of: /\s*:\s*/) != nil {
                    end = match.range.upperBound
                    continue
                }
                if current.count >= 3 { lists.append(current) }
                current = []
                continue
            }
            if !current.isEmpty, text[end ..< match.range.lowerBound].wholeMatch(of: gap) != nil {
                current.append(content)
            } else {
                if current.count >= 3 { lists.append(current) }
                current = [content]
            }
            end = match.range.upperBound
        }
        if current.count >= 3 { lists.append(current) }
        return lists
    }

    /// What a literal of several words follows when it is compared or searched for.
    private static let searchOpeners = ["==", "!=", "hasPrefix(", "hasSuffix(", "contains(", "starts(with:", "range(of:", "firstRange(of:"]

    /// Phrases spelt in code (see the type's comment): each as its literals in order.
    static func phrases(in text: String) -> [[String]] {
        var found: [[String]] = []
        // Literals of several words compared or searched for, two or more in one expression: nothing between
        // them opens or closes a block, ends a statement or leaves a blank line.
        var run: [String] = [], end = text.startIndex
        for match in text.matches(of: /"((?:[^"\\\n]|\\.)*)"/) {
            let content = match.output.1
            guard content.contains(" "), content.wholeMatch(of: /[a-z][a-z0-9'\-.]*(?: [a-z0-9'\-.]+)+/) != nil else { continue }
            let before = text[..<match.range.lowerBound]
            let code = before[..<(before.lastIndex { !$0.isWhitespace }.map(before.index(after:)) ?? before.startIndex)]
            guard searchOpeners.contains(where: { code.hasSuffix($0) }) else { continue }
            let between = text[end ..< match.range.lowerBound]
            if !run.isEmpty, between.contains(where: { "{};".contains($0) }) || between.contains(/\n\s*\n/) {
                if run.count >= 2 { found.append(run) }
                run = []
            }
            run.append(String(content))
            end = match.range.upperBound
        }
        if run.count >= 2 { found.append(run) }
        // Comparisons on one line of different expressions with word literals: one phrase's words in turn; and
        // an array of word literals compared: the phrase's words at once.
        let compared = /([\w$.]+(?:\[[^\]\n]*\])?(?:\.\w+(?:\(\))?)*)\s*(?:==|!=)\s*"([a-z][a-z0-9'\-.]*)"/
        let comparedArray = /(?:==|!=)\s*\[\s*("[a-z][a-z0-9'\-.]*"(?:\s*,\s*"[a-z][a-z0-9'\-.]*")+)\s*\]/
        for line in text.split(separator: "\n") where line.contains("\"") && (line.contains("==") || line.contains("!=")) {
            let comparisons = line.matches(of: compared).map { (subject: $0.output.1, word: String($0.output.2)) }
            if Set(comparisons.map(\.subject)).count >= 2 { found.append(comparisons.map(\.word)) }
            for match in line.matches(of: comparedArray) {
                found.append(match.output.1.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) })
            }
        }
        return found
    }

    func testNoPhraseIsSpelledInTheStoryEnginesSources() throws {
        Self.assertOnlyAllowed(try Self.found(by: Self.phrases(in:)), Self.allowedPhrases,
                               belong: "phrases belong in word-classes.json as entries of several words")
    }

    /// The phrase reader: multi-word literals searched for in one expression, a line comparing
    /// neighbouring words, an array compared; not one subject compared with alternatives, not output text.
    func testTheReaderFindsPhrasesSpeltInCode() {
        XCTAssertEqual(Self.phrases(in: "return p.hasPrefix(\"declared the winner\") || p.hasPrefix(\"declared winner\")\n    || p.hasPrefix(\"been declared\")"),
                       [["declared the winner", "declared winner", "been declared"]])
        XCTAssertEqual(Self.phrases(in: #"if words[i] == "premier", i + 1 < words.count, words[i + 1] == "league" { return false }"#),
                       [["premier", "league"]])
        XCTAssertEqual(Self.phrases(in: #"zip(w, w.dropFirst()).contains { $0 == "voted" && $1 == "down" }"#), [["voted", "down"]])
        XCTAssertEqual(Self.phrases(in: #"if following.prefix(2) == ["equity", "stake"] { }"#), [["equity", "stake"]])
        XCTAssertEqual(Self.phrases(in: #"scheme == "http" || scheme == "https""#), [])
        XCTAssertEqual(Self.phrases(in: #"let verb = n > 2 ? "all report" : "both report""#), [])
        XCTAssertEqual(Self.phrases(in: "if a.hasPrefix(\"read more\") { x }\nif b.hasPrefix(\"sign up\") { y }"), [])
    }

    func testNoWordListIsSpelledInTheStoryEnginesSources() throws {
        Self.assertOnlyAllowed(try Self.found(by: Self.lists(in:)), Self.allowed, belong: "word lists belong in word-classes.json")
    }

    /// The reader itself: a list is found in an array, a set, a dictionary and a `case` pattern, not in a comment.
    func testTheReaderFindsListsOfWords() {
        XCTAssertEqual(Self.lists(in: #"let a: Set<String> = ["kill", "kills", "killed"]"#), [["kill", "kills", "killed"]])
        XCTAssertEqual(Self.lists(in: #"let b = ["dead": .deaths, "killed": .deaths, "died": .deaths]"#).first?.count, 3)
        XCTAssertEqual(Self.lists(in: "case \"won\",\n  \"wins\", \"winning\":").first, ["won", "wins", "winning"])
        XCTAssertEqual(Self.lists(in: Self.withoutComments(#"// ["kill", "kills", "killed"]"#)), [])
        XCTAssertEqual(Self.lists(in: #"let c = ["Kill", "https://x", "$5"]"#), [])
        XCTAssertEqual(Self.lists(in: #"let d = ["doubled": "twice", "tripled": "thrice"]"#).first?.count, 4)
        XCTAssertEqual(Self.lists(in: #"let e = ["doubled": "×2", "doubles": "×2", "tripled": "×3"]"#).first?.count, 3)
    }
}

import Foundation
import NewsText

/// How composition names an outlet in the sentences it writes ("Reuters reports …").
enum SourceNames {
    /// The outlet's display name without catalogue notes or the feed's section: "Fox News (Online
    /// News)" → "Fox News", "Meridian Wire - Business" → "Meridian Wire" (feeds are often named after
    /// their section, and a consensus line must not list desks: "Continental Press Agency - Markets,
    /// Meridian Wire - Business and …").
    static func display(_ name: String, fallbackKey: String) -> String {
        let outlet = outlet(of: name)
        return outlet.isEmpty ? fallbackKey : outlet
    }

    /// The name without a parenthesised note, and without the feed's section when one side of a spaced
    /// separator (" - ", " – ", " — ", " | ", ": ") is only section words: "Meridian Wire - Business" and
    /// "World news | The Guardian" name the outlet on the other side. Else, when only one side has a
    /// masthead word ("Gazette", "Courier", "Post"…), that side is the outlet: "Sierra Madre Gazette -
    /// Monterrey" and "The Iberian Post - Spain & Portugal" (a conflict line must not read
    /// "Sierra Madre Gazette - Monterrey reports 2.8 billion dollar", the city as if part of the claim).
    /// "Business-Standard" keeps its hyphen; a name with no masthead word on either side stays whole.
    static func outlet(of name: String) -> String {
        let whole = Substring(name.split(separator: "(").first ?? "")
        // Read for every article a story scores: most names have no separator at all.
        guard whole.contains(where: { sectionMarks.contains($0) }),
              let separator = sectionSeparators.lazy.compactMap({ whole.firstByteRange(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }),
              separator.lowerBound > whole.startIndex else {
            return whole.trimmingCharacters(in: .whitespaces)
        }
        let (before, after) = (whole[..<separator.lowerBound], whole[separator.upperBound...])
        if isSection(after) { return before.trimmingCharacters(in: .whitespaces) }
        if isSection(before) { return outlet(of: String(after)) }
        switch (hasMasthead(before), hasMasthead(after)) {
        case (true, false): return before.trimmingCharacters(in: .whitespaces)
        case (false, true): return outlet(of: String(after))
        default: return whole.trimmingCharacters(in: .whitespaces)
        }
    }

    private static func hasMasthead(_ text: Substring) -> Bool {
        Tokenizer.words(String(text)).contains(where: mastheadWords.contains)
    }

    /// Words newspapers, agencies and broadcasters are named with.
    private static let mastheadWords: Set<String> = WordClass.mastheadWord.forms

    private static func isSection(_ text: Substring) -> Bool {
        let words = Tokenizer.words(String(text))
        return !words.isEmpty && words.allSatisfy(sectionWords.contains)
    }

    /// What feeds call their sections.
    private static let sectionWords: Set<String> = WordClass.sectionWord.forms

    private static let sectionMarks: Set<Character> = ["-", "–", "—", "|", ":"]

    private static let sectionSeparators = [" - ", " – ", " — ", " | ", ": "]

    /// "Reuters", "Reuters and BBC News", "Reuters, BBC News and CNN",
    /// "Reuters, BBC News and 3 other outlets".
    static func list(_ names: [String]) -> String {
        switch names.count {
        case 0: return ""
        case 1: return names[0]
        case 2: return "\(names[0]) and \(names[1])"
        case 3: return "\(names[0]), \(names[1]) and \(names[2])"
        default: return "\(names[0]), \(names[1]) and \(names.count - 2) other outlets"
        }
    }
}

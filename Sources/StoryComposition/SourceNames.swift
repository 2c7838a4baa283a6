import Foundation
import NewsText

/// How composition names an outlet in the sentences it writes ("Reuters reports …").
enum SourceNames {
    /// The outlet's display name without catalogue notes or the feed's section: "Fox News (Online
    /// News)" → "Fox News", "Meridian Wire - Business" → "Meridian Wire" (feeds are often named after
    /// their section, and a fourteenth reader's audit read consensus lines listing desks: "Continental
    /// Press Agency - Markets, Meridian Wire - Business and …").
    static func display(_ name: String, fallbackKey: String) -> String {
        let outlet = outlet(of: name)
        return outlet.isEmpty ? fallbackKey : outlet
    }

    /// The name up to a parenthesised note or a spaced section separator (" - ", " – ", " — ", " | ",
    /// ": "); "Business-Standard" keeps its hyphen.
    static func outlet(of name: String) -> String {
        var outlet = Substring(name.split(separator: "(").first ?? "")
        // Read for every article a story scores: most names have no separator at all.
        if outlet.contains(where: { sectionMarks.contains($0) }) {
            for separator in sectionSeparators {
                if let found = outlet.firstByteRange(of: separator), found.lowerBound > outlet.startIndex {
                    outlet = outlet[..<found.lowerBound]
                }
            }
        }
        return outlet.trimmingCharacters(in: .whitespaces)
    }

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

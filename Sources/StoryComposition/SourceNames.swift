import Foundation

/// How composition names an outlet in the sentences it writes ("Reuters reports …").
enum SourceNames {
    /// The outlet's display name without catalogue notes: "Fox News (Online News)" → "Fox News".
    static func display(_ name: String, fallbackKey: String) -> String {
        let withoutNote = name.split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return withoutNote.isEmpty ? fallbackKey : withoutNote
    }

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

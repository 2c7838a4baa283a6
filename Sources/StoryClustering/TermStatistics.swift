import Foundation

/// Document frequencies of news vocabulary, learned from a background corpus and shipped with
/// the module (`Resources/term-statistics.tsv`, written by the `TermStatisticsBuilder` tool,
/// `Tools/Package.swift`). A clusterer started from nothing weighs "said" like "Kinshasa" until
/// it has read a few hundred articles; seeded with these counts, its first articles already
/// cluster on the words that identify an event. Only counts ship, no text.
public struct TermStatistics: Sendable, Equatable {
    public struct Term: Sendable, Equatable {
        public let text: String
        /// Entities (names, acronyms, quantities) are counted apart from ordinary words.
        public let isEntity: Bool
        public let documents: Int

        public init(text: String, isEntity: Bool, documents: Int) {
            self.text = text
            self.isEntity = isEntity
            self.documents = documents
        }
    }

    public let documentCount: Int
    public let terms: [Term]

    public init(documentCount: Int, terms: [Term]) {
        self.documentCount = documentCount
        self.terms = terms
    }

    /// The counts shipped in this module; empty (no seeding) if the resource is missing.
    public static let bundled: TermStatistics = {
        guard let url = Bundle.module.url(forResource: "term-statistics", withExtension: "tsv"),
              let text = try? String(contentsOf: url, encoding: .utf8), let statistics = try? decode(text) else {
            return TermStatistics(documentCount: 0, terms: [])
        }
        return statistics
    }()

    public struct FormatError: Error, CustomStringConvertible {
        public let line: Int
        public var description: String { "term statistics line \(line) is malformed" }
    }

    /// Lines `#` comments, `@documents\tN`, then `w|e\tterm\tcount`.
    public static func decode(_ text: String) throws -> TermStatistics {
        var documentCount = 0
        var terms: [Term] = []
        for (index, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count == 2, fields[0] == "@documents", let count = Int(fields[1]) {
                documentCount = count
            } else if fields.count == 3, fields[0] == "w" || fields[0] == "e", let count = Int(fields[2]) {
                terms.append(Term(text: String(fields[1]), isEntity: fields[0] == "e", documents: count))
            } else {
                throw FormatError(line: index + 1)
            }
        }
        return TermStatistics(documentCount: documentCount, terms: terms)
    }

    public func encoded(comment: [String]) -> String {
        var lines = comment.map { "# " + $0 }
        lines.append("@documents\t\(documentCount)")
        lines += terms.map { "\($0.isEntity ? "e" : "w")\t\($0.text)\t\($0.documents)" }
        return lines.joined(separator: "\n") + "\n"
    }
}

import Foundation

/// Word → cluster of words used in the same texts, read from `Resources/term-clusters.tsv`
/// (written by the `TermClusterBuilder` tool from the training part of the labeled
/// and unlabeled sets). Lets the subject model generalise from the words it has weights for to
/// rarer words of the same cluster.
public struct TermClusters: Sendable {
    /// Cluster tokens start with this; a content word never contains ":", so no word collides.
    public static let tokenPrefix = "c:"
    public static let none = TermClusters(clusterByWord: [:])

    private let tokenByWord: [String: String]

    public init(clusterByWord: [String: Int]) {
        tokenByWord = clusterByWord.mapValues { Self.tokenPrefix + String($0) }
    }

    public var wordCount: Int { tokenByWord.count }

    /// The feature token of the word's cluster ("c:17"), or nil when the word has none.
    public func token(of word: String) -> String? { tokenByWord[word] }

    /// `#` comment lines, then one `word<TAB>cluster` line per word, sorted by word.
    public static func encoded(_ clusterByWord: [String: Int], comment: [String]) -> String {
        let lines = comment.map { "# " + $0 } + clusterByWord.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }
        return lines.joined(separator: "\n") + "\n"
    }

    public struct FormatError: Error, CustomStringConvertible, Sendable {
        public let line: Int
        public var description: String { "term clusters line \(line): expected a word, a tab and a cluster number" }
    }

    public static func decode(_ text: String) throws -> TermClusters {
        var clusterByWord: [String: Int] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            if line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, !fields[0].isEmpty, let cluster = Int(fields[1]) else {
                throw FormatError(line: number + 1)
            }
            clusterByWord[String(fields[0])] = cluster
        }
        return TermClusters(clusterByWord: clusterByWord)
    }
}

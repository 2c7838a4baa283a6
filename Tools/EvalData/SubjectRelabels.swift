import Foundation

/// The desk's conventions applied to labeled-set items whose data set label disagrees with them
/// (`subject-relabels.tsv`, a resource of EvalData): AG News files science, medicine and disasters under Sci/Tech,
/// which the desks file under none, and part of tech companies' business under Business, which the desks file under
/// tech. Each line names one item by its key and the subject it gets (a desk, or the kind of text without a desk it
/// is); the table was made by reading the items (the file's header says how), not by a keyword rule. The same table
/// relabels training items and held-out gold, so the model is judged by the convention it is taught.
public struct SubjectRelabels: Sendable {
    /// Item key (`TopicCorpusItem.key`) → `finance`, `tech`, `politics` or a kind of text without a desk.
    public let labels: [String: String]

    /// No relabel: the data sets' own labels.
    public static let unchanged = SubjectRelabels(labels: [:])
    static let desks: Set = ["finance", "tech", "politics"]

    public struct FormatError: Error, CustomStringConvertible {
        public let line: String
        public var description: String { "bad subject relabel line: \(line)" }
    }

    public init(labels: [String: String]) { self.labels = labels }

    /// Lines: key, label, reason, headline as read; tab-separated; `#` lines are comments. A label that is neither a
    /// desk nor one of `TopicCorpora.kindsWithoutDesk`, or a key named twice, is refused.
    public init(parsing text: String) throws {
        var labels: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, Self.desks.contains(fields[1]) || TopicCorpora.kindsWithoutDesk.contains(fields[1]),
                  labels[fields[0]] == nil else {
                throw FormatError(line: String(line))
            }
            labels[fields[0]] = fields[1]
        }
        self.labels = labels
    }

    /// The shipped table.
    public static func bundled() throws -> SubjectRelabels {
        guard let url = Bundle.module.url(forResource: "subject-relabels", withExtension: "tsv") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try SubjectRelabels(parsing: String(contentsOf: url, encoding: .utf8))
    }

    /// `item` with the subject the table gives it (a desk, or `other` of its kind), else unchanged.
    public func applied(_ item: TopicCorpusItem) -> TopicCorpusItem {
        guard let label = labels[item.key] else { return item }
        let isDesk = Self.desks.contains(label)
        var relabelled = TopicCorpusItem(dataset: item.dataset, file: item.file, row: item.row, headline: item.headline,
                                         body: item.body, sourceLabel: item.sourceLabel, subject: isDesk ? label : "other",
                                         isHeldOut: item.isHeldOut)
        relabelled.otherKind = isDesk ? nil : label
        return relabelled
    }
}

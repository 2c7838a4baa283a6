import Foundation

/// The hand-made "is this story primarily about Africa?" labels (`africa-labels.tsv`, shipped
/// with the tool). One line per checked item: its `TopicCorpusItem.key`, `africa` or `not`,
/// and an optional note. An item absent from the file was not a candidate (no African name
/// found by the gazetteer nor by the data set's own keyword list) and counts as not African.
struct AfricaLabels {
    private(set) var isAfrican: [String: Bool] = [:]

    static func bundled() throws -> AfricaLabels {
        guard let url = Bundle.module.url(forResource: "africa-labels", withExtension: "tsv") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try AfricaLabels(text: String(contentsOf: url, encoding: .utf8))
    }

    init(text: String) throws {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, fields[1] == "africa" || fields[1] == "not" else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSDebugDescriptionErrorKey: "bad label line: \(line)"])
            }
            isAfrican[String(fields[0])] = fields[1] == "africa"
        }
    }

    func label(of key: String) -> Bool? { isAfrican[key] }
}

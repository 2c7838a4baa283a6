import Foundation

/// One row of AG News (ag-news-test/test.csv): RSS-style title and one- or two-sentence description
/// from 2004-2005. Labels: 1 World, 2 Sports, 3 Business, 4 Sci/Tech. No event labels: useful as
/// background text (word statistics, unrelated distractor stories), not as clustering gold.
public struct AGNewsItem: Sendable, Equatable {
    /// 0-based row index, header excluded (as in africa_keyword_heuristic.csv).
    public let row: Int
    public let label: Int
    public let title: String
    public let description: String
}

public enum AGNews {
    public static let folderName = "ag-news-test"
    public static let fileName = "test.csv"

    public static func load(dataDirectory: URL) throws -> [AGNewsItem] {
        let url = dataDirectory.appendingPathComponent(folderName).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            throw EvalDataError.missingFile(url.path)
        }
        let records = DelimitedText.records(text, separator: ",").dropFirst()
        return try records.enumerated().map { index, fields in
            guard fields.count == 3, let label = Int(fields[0]) else {
                throw EvalDataError.malformed(file: fileName, detail: "row \(index + 1) has \(fields.count) fields")
            }
            // The corpus writes line breaks as a backslash and some symbols as " #36;" ($).
            let description = fields[2].replacingOccurrences(of: "\\", with: " ").replacingOccurrences(of: " #36;", with: " $")
            return AGNewsItem(row: index, label: label, title: fields[1], description: description)
        }
    }
}

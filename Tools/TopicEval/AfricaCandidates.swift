import EvalData
import Foundation
import NewsText

/// Which items had to be hand-checked for the Africa labels: every item whose headline or
/// first 1,500 characters name an African place (by the gazetteer), plus every row of AG News's
/// own keyword list (`ag-news-test/africa_keyword_heuristic.csv`), which was built with a
/// different list (it includes leaders' names) and so catches some of what the gazetteer misses.
enum AfricaCandidates {
    static func agKeywordRows(in directory: URL) throws -> Set<Int> {
        let url = directory.appendingPathComponent("ag-news-test/africa_keyword_heuristic.csv")
        let rows = DelimitedText.records(try String(contentsOf: url, encoding: .utf8), separator: ",").dropFirst()
        return Set(rows.compactMap { $0.first.flatMap { Int($0) } })
    }

    static func isCandidate(_ item: TopicCorpusItem, agKeywordRows: Set<Int>) -> Bool {
        if item.dataset == .agNews && agKeywordRows.contains(item.row) { return true }
        return AfricaGazetteer.mentionsAfrica(item.headline + "\n" + String(item.body.prefix(1500)))
    }

    /// The candidates still missing a label, one line each, for a person to judge.
    static func unlabeledListing(_ items: [TopicCorpusItem], labels: AfricaLabels, agKeywordRows: Set<Int>) -> [String] {
        items.filter { labels.label(of: $0.key) == nil && isCandidate($0, agKeywordRows: agKeywordRows) }.map { item in
            let body = item.body.prefix(300).replacingOccurrences(of: "\n", with: " ")
            return "\(item.key)\t\(item.sourceLabel)\t\(item.headline) || \(body)"
        }
    }
}

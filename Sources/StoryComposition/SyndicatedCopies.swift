import Foundation
import ArticleAnnotations

extension SyndicatedCopies {
    /// Share of a report's word runs found in the other report that makes it a copy.
    static let containment = 0.8
    /// Reports shorter than this many word runs are not judged: two short leads may coincide.
    static let minimumShingles = 12

    /// Source keys of the outlets whose every report here is a copy of a report by an outlet
    /// that reported earlier and is not a copy itself.
    static func copyingOutlets(_ articles: [StoryArticle]) -> Set<String> {
        guard Set(articles.map(\.sourceKey)).count > 1 else { return [] }
        let reports = articles.map { Report(outlet: $0.sourceKey, shingles: $0.annotation.shingles) }
        var firstReport: [String: Date] = [:]
        for article in articles {
            firstReport[article.sourceKey] = min(firstReport[article.sourceKey] ?? article.publishedAt, article.publishedAt)
        }
        let outlets = firstReport.keys.sorted { (firstReport[$0]!, $0) < (firstReport[$1]!, $1) }
        var copying: Set<String> = []
        for (position, outlet) in outlets.enumerated() {
            let earlier = Set(outlets[..<position]).subtracting(copying)
            let sources = reports.filter { earlier.contains($0.outlet) }
            let own = reports.filter { $0.outlet == outlet }
            if own.allSatisfy({ report in sources.contains { report.isCopy(of: $0) } }) { copying.insert(outlet) }
        }
        return copying
    }

    private struct Report {
        let outlet: String
        /// Sorted, each once (`SyndicatedCopies.shingles`).
        let shingles: [Int]

        /// Most of this report's word runs appear in `other`, and it is long enough to tell.
        func isCopy(of other: Report) -> Bool {
            guard shingles.count >= SyndicatedCopies.minimumShingles else { return false }
            return Double(Self.sharedCount(shingles, other.shingles)) >= SyndicatedCopies.containment * Double(shingles.count)
        }

        /// How many values two sorted lists of distinct values share.
        static func sharedCount(_ lhs: [Int], _ rhs: [Int]) -> Int {
            var left = 0, right = 0, shared = 0
            while left < lhs.count, right < rhs.count {
                if lhs[left] < rhs[right] {
                    left += 1
                } else if lhs[left] > rhs[right] {
                    right += 1
                } else {
                    shared += 1
                    left += 1
                    right += 1
                }
            }
            return shared
        }
    }
}

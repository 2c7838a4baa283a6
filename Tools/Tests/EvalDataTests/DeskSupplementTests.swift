import EvalData
import Foundation
import XCTest

/// The desk supplement (`Tools/TopicTrainer/desk-supplement.tsv`) trains the subject model beside the labeled sets.
final class DeskSupplementTests: XCTestCase {
    /// The tools package's directory (`Tools/`).
    private static let tools = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func supplement() throws -> [TopicCorpusItem] {
        try TopicCorpora.deskSupplement(at: Self.tools.appendingPathComponent("TopicTrainer/desk-supplement.tsv"))
    }

    /// Every line parses, trains (never held out) and has a subject; each desk and `other` has items.
    func testEveryItemTrainsWithASubject() throws {
        let items = try supplement()
        XCTAssertGreaterThanOrEqual(items.count, 400)
        XCTAssertFalse(items.contains(where: \.isHeldOut))
        let counts = Dictionary(grouping: items, by: { $0.subject ?? "none" }).mapValues(\.count)
        for subject in ["finance", "tech", "politics", "other"] {
            XCTAssertGreaterThanOrEqual(counts[subject] ?? 0, 50, subject)
        }
        XCTAssertNil(counts["none"])
        XCTAssertEqual(Set(items.map(\.headline)).count, items.count, "headlines are unique")
        XCTAssertFalse(items.contains { $0.headline.isEmpty || $0.body.isEmpty })
    }

    /// No headline of the desk development set (where settings are chosen) or of its held-aside part
    /// (where the listing confidence is checked) is in the training data.
    func testSharesNoHeadlineWithTheDevelopmentSet() throws {
        var headlines = Set<String>()
        for file in ["TopicEval/desk-development.tsv", "TopicEval/desk-threshold-check.tsv"] {
            let development = try String(contentsOf: Self.tools.appendingPathComponent(file), encoding: .utf8)
            headlines.formUnion(development.split(separator: "\n").filter { !$0.hasPrefix("#") }
                .compactMap { $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst(5).first.map(String.init) })
        }
        XCTAssertGreaterThan(headlines.count, 190)
        XCTAssertTrue(try supplement().allSatisfy { !headlines.contains($0.headline) })
    }

    /// A label outside the desks and the kinds without one is refused, not trained as something else.
    func testAnUnknownLabelIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("desk-supplement-\(UUID().uuidString).tsv")
        try "# comment\nds-1\tbusiness\ten-GB/2024\tHeadline\tLead.\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertThrowsError(try TopicCorpora.deskSupplement(at: file))
    }
}

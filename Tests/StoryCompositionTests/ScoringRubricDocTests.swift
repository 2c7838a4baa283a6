import Foundation
import NewsText
@testable import StoryComposition
import XCTest

/// `docs/jarvis/scoring.md` is the rubric the app team and operators read: its tables and worked
/// examples must be what `StoryScorer` computes, so an edit to either side that the other does
/// not follow fails here.
final class ScoringRubricDocTests: XCTestCase {
    private static let rubric: String = {
        let repository = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: repository.appendingPathComponent("docs/jarvis/scoring.md"), encoding: .utf8)) ?? ""
    }()

    private let scorer = StoryScorer(authority: .bundled)
    /// The worked examples are scored at 13:00 of the fixtures' day.
    private let scoredAt = StoryFixtures.noon.addingTimeInterval(3600)

    func testTheWorkedExamplesAreWhatTheScorerComputes() throws {
        let examples = [("Kenya's central bank raises its rate", StoryFixtures.kenyaRateHike),
                        ("A building collapses in Lagos", StoryFixtures.lagosCollapse)]
        for (title, articles) in examples {
            let documented = try XCTUnwrap(Self.workedExample(titled: title), "no worked example \"\(title)\" in scoring.md")
            let computed = scorer.score(articles, topic: .africa, now: scoredAt)
            XCTAssertEqual(documented, Self.values(of: computed), title)
        }
    }

    func testTheSingleOutletExampleIsWhatTheScorerComputes() throws {
        let line = try XCTUnwrap(Self.paragraph(startingWith: "A single-outlet technology feature"))
        let numbers = line.matches(of: /(?:authority|freshness|relevance|confirmation|importance) (\d+)|\*\*(\d+)\*\*/)
            .compactMap { Int($0.output.1 ?? $0.output.2 ?? "") }
        let feature = StoryFixtures.article("f1", "Gadget Notes", "gadgetnotes.example", "A closer look at the new phone chips",
                                            "The latest phone processors trade raw speed for battery life, reviewers say.",
                                            minutesAfterNoon: -300)  // six hours before 13:00
        let computed = scorer.score([feature], topic: .tech, now: scoredAt)
        let values = Self.values(of: computed)
        XCTAssertEqual(numbers, ["sourceAuthority", "freshness", "localRelevance", "crossSourceConfirmation", "topicImportance",
                                 "signalScore"].map { values[$0] ?? -1 }, String(line))
    }

    func testTheConfirmationStepsAreTheDocumentedOnes() throws {
        let row = try XCTUnwrap(Self.rubric.split(separator: "\n").first { $0.hasPrefix("| `crossSourceConfirmation`") })
        let steps = row.matches(of: /(\d+)(?: or more)? → (\d+)/).map { (Int($0.output.1)!, Int($0.output.2)!) }
        XCTAssertEqual(steps.count, 8, String(row))
        for (sources, points) in steps {
            XCTAssertEqual(StoryScorer.crossSourceConfirmation(distinctSources: sources), points, "\(sources) outlets")
        }
        let most = try XCTUnwrap(steps.last)
        XCTAssertEqual(StoryScorer.crossSourceConfirmation(distinctSources: most.0 + 5), most.1, "\"or more\"")
    }

    func testTheTopicBasesAreTheDocumentedOnes() throws {
        let line = try XCTUnwrap(Self.paragraph(startingWith: "- **Topic importance.** Base:"))
        let bases = line.matches(of: /`(\w+)` (\d+)/).map { (String($0.output.1), Int($0.output.2)!) }
        XCTAssertEqual(bases.map(\.0), ["politics", "africa", "finance", "tech"])
        for (slug, base) in bases { XCTAssertEqual(TopicImportance.base(topic: Topic(rawValue: slug)), base, slug) }
        XCTAssertEqual(Set(bases.map(\.0)), Set(Topic.allCases.map(\.rawValue)), "every desk has a documented base")
        let other = try XCTUnwrap(line.firstMatch(of: /none \("other"\) (\d+)/).map { Int($0.output.1)! })
        XCTAssertEqual(TopicImportance.base(topic: nil), other)
        XCTAssertTrue(Self.rubric.contains("+4 per class") || Self.rubric.contains("4 per class"))
        XCTAssertEqual(TopicImportance.pointsPerClass, 4)
    }

    /// The paragraph (lines up to the next blank one) whose first line starts with `prefix`, as one line.
    private static func paragraph(startingWith prefix: String) -> String? {
        let lines = rubric.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
        return lines[start...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The `| component | working | value |` rows under a worked example's bold title.
    private static func workedExample(titled title: String) -> [String: Int]? {
        let lines = rubric.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("**\(title)**") }) else { return nil }
        var values: [String: Int] = [:]
        for line in lines[(start + 1)...].drop(while: { !$0.hasPrefix("|") }).prefix(while: { $0.hasPrefix("|") }) {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "**", with: "") }
            if cells.count == 3, let value = Int(cells[2]) { values[cells[0]] = value }
        }
        return values
    }

    private static func values(of breakdown: ScoreBreakdown) -> [String: Int] {
        ["sourceAuthority": breakdown.sourceAuthority, "freshness": breakdown.freshness, "localRelevance": breakdown.localRelevance,
         "crossSourceConfirmation": breakdown.crossSourceConfirmation, "topicImportance": breakdown.topicImportance,
         "signalScore": breakdown.signalScore]
    }
}

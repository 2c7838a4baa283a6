@testable import EvalData
import Foundation
import XCTest

/// The subject relabels (`Tools/EvalData/subject-relabels.tsv`) apply the desk's conventions to labeled-set items.
final class SubjectRelabelsTests: XCTestCase {
    /// The shared data folder beside the repository (`../shared/data`), when it is there.
    private static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")

    /// The sets whose items the table names: AG News, BBC, AllSides and MasakhaNEWS.
    private static let relabelledSets: Set<TopicCorpusItem.Dataset> = [.agNews, .bbc, .allSides, .masakhaEnglish, .masakhaPidgin]

    /// The shipped table parses and holds every kind of relabel: science and the like to kinds of `other`, tech
    /// companies' business to tech, politics filed under Business to politics, in AG News, BBC, AllSides and MasakhaNEWS.
    func testTheShippedTableParses() throws {
        let labels = try SubjectRelabels.bundled().labels
        XCTAssertGreaterThan(labels.count, 950)
        XCTAssertGreaterThan(labels.values.filter { $0 == "science" }.count, 300)
        XCTAssertGreaterThan(labels.values.filter { $0 == "tech" }.count, 290)
        XCTAssertGreaterThan(labels.values.filter { $0 == "politics" }.count, 150)
        XCTAssertTrue(labels.keys.allSatisfy { ["ag-news/test/", "bbc/train/", "allsides/", "masakha-eng/", "masakha-pcm/"].contains(where: $0.hasPrefix) })
        // A Senate vote on a spending bill, filed under Economic Policy, is politics; a Twitter takeover filed under business is tech.
        XCTAssertEqual(labels["allsides/article-0/5794"], "politics")
        XCTAssertEqual(labels["masakha-eng/test/140"], "tech")
        // BBC business: South Africa's budget is politics, Verizon's takeover of MCI is tech.
        XCTAssertEqual(labels["bbc/train/205"], "politics")
        XCTAssertEqual(labels["bbc/train/141"], "tech")
        // BBC's other categories: a video game review filed under tech is entertainment, Apple's music store filed
        // under entertainment is tech.
        XCTAssertEqual(labels["bbc/train/498"], "entertainment")
        XCTAssertEqual(labels["bbc/train/176"], "tech")
        // AllSides' and MasakhaNEWS' other categories and AG Sports: a legislature's vote filed under Holidays is politics,
        // a minister sacked filed under health is politics, a city council financing a stadium filed under Sports is politics.
        XCTAssertEqual(labels["allsides/article-0/5951"], "politics")
        XCTAssertEqual(labels["masakha-eng/test/363"], "politics")
        XCTAssertEqual(labels["ag-news/test/5425"], "politics")
        // AG World: Venezuela's recall vote is politics, a typhoon in Japan is a disaster, oil at a record is finance.
        XCTAssertEqual(labels["ag-news/test/46"], "politics")
        XCTAssertEqual(labels["ag-news/test/897"], "disaster")
        XCTAssertEqual(labels["ag-news/test/120"], "finance")
    }

    /// A relabelled item keeps its text and split and gets the table's subject: `other` of the named kind, or the desk.
    func testAnItemTakesTheTablesSubject() throws {
        let relabels = try SubjectRelabels(parsing: "# comment\nag-news/test/15\tscience\tdinosaurs\tT. rex\nag-news/test/19\ttech\tresults\tHP\n")
        let science = TopicCorpusItem(dataset: .agNews, file: "test", row: 15, headline: "Teenage T. rex's monster growth", body: "",
                                      sourceLabel: "Sci/Tech", subject: "tech", isHeldOut: false)
        let relabelled = relabels.applied(science)
        XCTAssertEqual(relabelled.subject, "other")
        XCTAssertEqual(relabelled.otherKind, "science")
        XCTAssertEqual(relabelled.headline, science.headline)
        let business = TopicCorpusItem(dataset: .agNews, file: "test", row: 19, headline: "HP earnings", body: "", sourceLabel: "Business",
                                       subject: "finance", isHeldOut: true)
        XCTAssertEqual(relabels.applied(business).subject, "tech")
        XCTAssertNil(relabels.applied(business).otherKind)
        XCTAssertTrue(relabels.applied(business).isHeldOut)
        let untouched = TopicCorpusItem(dataset: .agNews, file: "test", row: 20, headline: "IBM", body: "", sourceLabel: "Sci/Tech",
                                        subject: "tech", isHeldOut: false)
        XCTAssertEqual(relabels.applied(untouched).subject, "tech")
    }

    /// A label that is neither a desk nor a kind without one, or a key named twice, is refused.
    func testABadLineIsRefused() {
        XCTAssertThrowsError(try SubjectRelabels(parsing: "ag-news/test/15\tastronomy\tspace\tHeadline\n"))
        XCTAssertThrowsError(try SubjectRelabels(parsing: "ag-news/test/15\tscience\tspace\tA\nag-news/test/15\thealth\tstudy\tA\n"))
    }

    /// Every key names an AG News item, or a BBC, AllSides or MasakhaNEWS item with a subject; every AG World item (the
    /// data set gives it no subject) has a line; the loader applies the table to training and held-out items alike;
    /// `SubjectRelabels.unchanged` keeps the data set's labels.
    func testTheLoaderAppliesTheTableToBothParts() throws {
        guard FileManager.default.fileExists(atPath: Self.data.path) else { throw XCTSkip("no shared data at \(Self.data.path)") }
        let labels = try SubjectRelabels.bundled().labels
        let relabelled = try TopicCorpora.load(from: Self.data, including: Self.relabelledSets)
        let published = Dictionary(uniqueKeysWithValues: try TopicCorpora.load(from: Self.data, including: Self.relabelledSets,
                                                                                relabels: .unchanged).map { ($0.key, $0) })
        for item in relabelled where labels[item.key] != nil {
            switch item.dataset {
            case .agNews: XCTAssertEqual(published[item.key]?.subject == nil, item.isAGWorld, item.key)
            default: XCTAssertNotNil(published[item.key]?.subject, item.key)
            }
            let label = labels[item.key] ?? ""
            XCTAssertEqual(item.subject, SubjectRelabels.desks.contains(label) ? label : "other", item.key)
            XCTAssertNotEqual(published[item.key]?.subject, item.subject, item.key)
        }
        XCTAssertEqual(relabelled.filter { labels[$0.key] != nil }.count, labels.count)
        XCTAssertEqual(relabelled.filter(\.isAGWorld).count, 1_900)
        XCTAssertTrue(relabelled.filter(\.isAGWorld).allSatisfy { labels[$0.key] != nil })
        XCTAssertTrue(relabelled.contains { labels[$0.key] != nil && $0.isHeldOut })
        XCTAssertTrue(relabelled.contains { labels[$0.key] != nil && !$0.isHeldOut })
    }
}

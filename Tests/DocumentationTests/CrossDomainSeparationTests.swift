import Foundation
import XCTest

/// The cross-domain evaluation set of the topic desk (`eval/crossdomain`, README there) stays apart from
/// everything that trains or tunes the classifier: only `TopicEval`'s evaluation path reads it.
final class CrossDomainSeparationTests: XCTestCase {
    private static let folder = "crossdomain"
    private static let reader = "CrossDomainSet"
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The code and scripts of the repository, each file's path relative to it and its text.
    private static func sources() throws -> [(path: String, text: String)] {
        var found: [(String, String)] = []
        for folder in ["Sources", "Tests", "Tools", "scripts", "bench", ".ci"] {
            let root = repository.appendingPathComponent(folder)
            // Hidden entries skipped: Tools/.build holds the tools package's build products.
            guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            else { continue }
            for case let file as URL in files where ["swift", "sh", "py", "json", ""].contains(file.pathExtension) {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                found.append((String(file.standardizedFileURL.path.dropFirst(repository.standardizedFileURL.path.count + 1)), text))
            }
        }
        for name in ["Package.swift", "Makefile"] {
            found.append((name, try String(contentsOf: repository.appendingPathComponent(name), encoding: .utf8)))
        }
        return found
    }

    /// Only the set's reader names its folder: no trainer, cluster or statistics builder, other
    /// evaluation tool, script or module can open it.
    func testOnlyTheCrossDomainReaderNamesTheFolder() throws {
        let thisFile = "Tests/DocumentationTests/CrossDomainSeparationTests.swift"
        let readers = try Self.sources().filter { $0.text.contains(Self.folder) && $0.path != thisFile }.map(\.path)
        XCTAssertEqual(readers, ["Tools/TopicEval/\(Self.reader).swift"], "only the cross-domain reader may name its folder")
    }

    /// The reader is called from `TopicEval`'s evaluation path alone: after its tuning paths
    /// (`--development`, `--tune-africa`, `--list-unlabeled`) have exited, and from no other file but the reader's own.
    func testOnlyTopicEvalsEvaluationPathCallsTheReader() throws {
        let callers = try Self.sources().filter { $0.text.contains(Self.reader) && !$0.path.hasSuffix("/\(Self.reader).swift") }
        XCTAssertEqual(callers.map(\.path).sorted(),
                       ["Tests/DocumentationTests/CrossDomainSeparationTests.swift", "Tools/TopicEval/main.swift"])
        let main = try XCTUnwrap(callers.first { $0.path == "Tools/TopicEval/main.swift" }).text
        let firstCall = try XCTUnwrap(main.range(of: Self.reader + "."))
        for tuningFlag in ["\"--development\")", "\"--tune-africa\")", "\"--list-unlabeled\")"] {
            let branch = try XCTUnwrap(main.range(of: "arguments.has(\(tuningFlag)"), "TopicEval handles \(tuningFlag)")
            let exit = try XCTUnwrap(main.range(of: "exit(0)", range: branch.upperBound..<main.endIndex))
            XCTAssertLessThan(exit.upperBound, firstCall.lowerBound, "\(tuningFlag) exits before the cross-domain set is read")
        }
    }

    /// The set is whole: every line has its seven fields and valid labels, and every family the
    /// README names is there.
    func testTheSetIsWellFormed() throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("eval/\(Self.folder)/items.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        XCTAssertGreaterThanOrEqual(rows.count, 300)
        for row in rows {
            XCTAssertEqual(row.count, 7, row.joined(separator: " | "))
            guard row.count == 7 else { continue }
            XCTAssertTrue(["finance", "tech", "politics", "none"].contains(row[1]), String(row[0]))
            XCTAssertTrue(["yes", "no"].contains(row[2]), String(row[0]))
        }
        XCTAssertEqual(Set(rows.map { String($0[0]) }).count, rows.count, "ids are unique")
        let families = Set(rows.map { String($0[3]) })
        for family in ["politics-money", "tech-corporate", "africa-angle", "africa-finance", "africa-politics", "none-africa"] {
            XCTAssertTrue(families.contains(family), family)
        }
    }
}

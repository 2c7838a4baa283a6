import Foundation
import XCTest

/// `docs/healthlog/contracts.md` and `docs/jarvis/contracts.md` send a reader from a contract
/// item to its file and its test in one hop; this keeps every hop real when files move or
/// tests are renamed.
final class ContractMapTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let maps = ["docs/healthlog/contracts.md", "docs/jarvis/contracts.md"]

    func testEveryFileAndTestTheContractMapsNameExists() throws {
        let declared = try Self.declaredTestNames()
        for map in Self.maps {
            let text = try String(contentsOf: Self.repository.appendingPathComponent(map), encoding: .utf8)
            let paths = Self.matches(of: #"`((?:Sources|Tests|Tools|Fuzz|bench|scripts|docs)/[^`]+)`"#, in: text)
            let tests = Self.matches(of: #"`\w+Tests\.(test\w+)`"#, in: text)
            XCTAssertGreaterThan(paths.count, 50, "\(map): its paths were found")
            XCTAssertGreaterThan(tests.count, 50, "\(map): its tests were found")
            for path in paths {
                XCTAssertTrue(FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent(path).path),
                              "\(map) names \(path), which does not exist")
            }
            for test in tests {
                XCTAssertTrue(declared.contains(test), "\(map) names \(test), which no test declares")
            }
        }
    }

    private static func matches(of pattern: String, in text: String) -> Set<String> {
        let expression = try! NSRegularExpression(pattern: pattern)  // a constant pattern: a typo is a test failure at once
        let whole = NSRange(text.startIndex..., in: text)
        return Set(expression.matches(in: text, range: whole).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        })
    }

    /// Every `func test…(` under `Tests/`.
    private static func declaredTestNames() throws -> Set<String> {
        let tests = repository.appendingPathComponent("Tests")
        guard let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [] }
        var names = Set<String>()
        for case let file as URL in files where file.pathExtension == "swift" {
            names.formUnion(matches(of: #"func (test\w+)\("#, in: try String(contentsOf: file, encoding: .utf8)))
        }
        return names
    }
}

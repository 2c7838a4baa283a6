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
        let suites = try Self.testSuites()
        for map in Self.maps {
            let text = try String(contentsOf: Self.repository.appendingPathComponent(map), encoding: .utf8)
            let paths = Self.matches(of: #"`((?:Sources|Tests|Tools|Fuzz|bench|scripts|docs)/[^`]+)`"#, in: text)
            let tests = Self.matches(of: #"`(\w+Tests\.test\w+)`"#, in: text)
            XCTAssertGreaterThan(paths.count, 50, "\(map): its paths were found")
            XCTAssertGreaterThan(tests.count, 50, "\(map): its tests were found")
            for path in paths {
                XCTAssertTrue(FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent(path).path),
                              "\(map) names \(path), which does not exist")
            }
            for test in tests {
                let parts = test.split(separator: ".").map(String.init)
                XCTAssertTrue(suites.declares(parts[1], in: parts[0]), "\(map) names \(test), which that class does not declare")
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

    /// The test classes under `Tests/` and `Tools/Tests/` (the tools package's): the methods of the file
    /// each is declared in, and its superclass (a PostgreSQL suite may inherit its cases).
    private struct Suites {
        var methodsOfClass: [String: Set<String>] = [:]
        var superclass: [String: String] = [:]

        func declares(_ method: String, in className: String) -> Bool {
            var current: String? = className
            while let name = current {
                if methodsOfClass[name]?.contains(method) == true { return true }
                current = superclass[name]
            }
            return false
        }
    }

    private static func testSuites() throws -> Suites {
        var suites = Suites()
        let files = ["Tests", "Tools/Tests"].compactMap {
            FileManager.default.enumerator(at: repository.appendingPathComponent($0), includingPropertiesForKeys: nil)
        }.joined()
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let methods = matches(of: #"func (test\w+)\("#, in: text)
            for declaration in matches(of: #"class (\w+\s*:\s*\w+)"#, in: text) {
                let names = declaration.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
                suites.methodsOfClass[names[0], default: []].formUnion(methods)
                if names[1] != "XCTestCase" { suites.superclass[names[0]] = names[1] }
            }
        }
        return suites
    }
}

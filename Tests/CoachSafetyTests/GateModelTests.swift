@testable import CoachSafety
import Foundation
import XCTest

/// The Swift port of the gate's classifier scores as the Python model it was exported from:
/// `GateModelGolden.tsv` (written by `eval/coach-gate-model/export.py`) holds development messages and
/// hand-written edge strings with Python's score (the largest over the message's units), its count of units
/// (`eval/coach-gate-model/clauses.py`) and the rule chooser's pick.
final class GateModelTests: XCTestCase {
    private static let goldenFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GateModelGolden.tsv")

    private struct Golden { let score: Double; let units: Int; let rule: String; let message: String }

    private static func golden() throws -> [Golden] {
        try String(contentsOf: goldenFile, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
            let parts = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            let score = try XCTUnwrap(Double(parts[0]), "golden line: \(line)")
            let units = try XCTUnwrap(Int(parts[1]), "golden line: \(line)")
            return Golden(score: score, units: units, rule: String(parts[2]), message: unescape(parts.count > 3 ? String(parts[3]) : ""))
        }
    }

    private static func unescape(_ text: String) -> String {
        var result = "", escaped = false
        for character in text {
            if escaped {
                result.append(["t": "\t", "n": "\n", "r": "\r"][character] ?? character)
                escaped = false
            } else if character == "\\" { escaped = true } else { result.append(character) }
        }
        return result
    }

    private static let chooserNames: [GateModel.Rule: String] = [.rule9: "rule9", .rule15: "rule15", .injection: "injection", .outOfScope: "out_of_scope"]

    func testEveryGoldenRowScoresAsPython() throws {
        let model = try GateModel.bundled()
        let rows = try Self.golden()
        XCTAssertGreaterThan(rows.count, 300)
        var worst = 0.0
        XCTAssertGreaterThan(rows.filter { $0.units > 2 }.count, 20, "the golden rows split into clauses")
        for row in rows {
            XCTAssertEqual(model.clauses.units(row.message).count, row.units, "units of \(row.message.debugDescription)")
            let reading = model.read(row.message)
            worst = max(worst, abs(reading.score - row.score))
            XCTAssertEqual(reading.score, row.score, accuracy: 1e-4, "score of \(row.message.debugDescription)")
            XCTAssertEqual(Self.chooserNames[reading.rule], row.rule, "chosen rule of \(row.message.debugDescription)")
        }
        print("gate model: \(rows.count) golden rows, largest difference from Python \(worst)")
    }

    /// The golden comparison can fail: a changed weight changes the score of a message with that word.
    func testAChangedWeightChangesTheScore() throws {
        let contents = try Self.bundledContents()
        var lines = String(decoding: contents, as: UTF8.self).components(separatedBy: "\n")
        let wordSection = try XCTUnwrap(lines.firstIndex(of: "[word]"))
        let index = try XCTUnwrap(lines[wordSection...].firstIndex { $0.hasPrefix("ozempic\t") })
        var fields = lines[index].components(separatedBy: "\t")
        fields[2] = String(try XCTUnwrap(Double(fields[2])) + 1)
        lines[index] = fields.joined(separator: "\t")
        let changed = try GateModel(file: "changed", contents: Data(lines.joined(separator: "\n").utf8))
        let original = try GateModel.bundled()
        let message = "can I double my ozempic"
        XCTAssertGreaterThan(abs(changed.read(message).score - original.read(message).score), 0.01)
    }

    func testAMalformedLineStopsTheLoadNamingTheLine() throws {
        var lines = String(decoding: try Self.bundledContents(), as: UTF8.self).components(separatedBy: "\n")
        lines[9] = "half a feature\t1.5"
        XCTAssertThrowsError(try GateModel(file: "broken.tsv", contents: Data(lines.joined(separator: "\n").utf8))) { error in
            XCTAssertTrue("\(error)".hasPrefix("broken.tsv line 10 "), "\(error)")
        }
        XCTAssertThrowsError(try GateModel(file: "empty.tsv", contents: Data()))
    }

    /// The server loads and scores on the concurrency pool's threads, whose stacks are small.
    func testLoadsAndScoresOnAPoolThread() async throws {
        let url = try XCTUnwrap(GateModel.bundledFile)
        let score = try await Task.detached { try GateModel(file: GateModel.fileName, contents: Data(contentsOf: url)).read("can I double my ozempic").score }.value
        XCTAssertEqual(score, try GateModel.bundled().read("can I double my ozempic").score, accuracy: 1e-12)
    }

    /// Load and scoring times, printed (a benchmark figure, not a bound).
    func testLoadAndScoringTimes() throws {
        let contents = try Self.bundledContents()
        let clock = ContinuousClock()
        var model: GateModel?
        let load = try clock.measure { model = try GateModel(file: GateModel.fileName, contents: contents) }
        let messages = try Self.golden().map(\.message)
        var total = 0.0
        let scoring = clock.measure { for message in messages { total += model!.read(message).score } }
        let long = String(messages.joined(separator: " ").prefix(4_000))
        let longScoring = clock.measure { total += model!.read(long).score }
        XCTAssertFalse(total.isNaN)
        print("gate model: load \(load) for \(contents.count) bytes; scoring \(scoring / messages.count) per message (\(messages.count) messages), "
              + "\(longScoring) for a 4,000-character message")
    }

    private static func bundledContents() throws -> Data {
        try Data(contentsOf: try XCTUnwrap(GateModel.bundledFile))
    }
}

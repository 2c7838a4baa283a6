import CoachSafety
@testable import CoachResponder
import Foundation
import XCTest

/// How the built-in responder reads what outside authors think users ask: the benign rows
/// (`expected` = `allow`) of the spent fresh probe sets F9…F19, in their own locale. These sets
/// are development data (their unknown rows were read to find missing classes of wording), so
/// the figures printed here are development figures; the later sets stay unread.
final class ResponderCoverageTests: XCTestCase {
    /// The spent sets this test reads, by name (never a folder walk).
    static let spentSets = (9...19).map { "F\($0)" }

    /// The most benign rows per locale, over F9…F19, that may still read as `unknown`.
    static let unknownCeiling: [CoachLocale: Int] = [.en: 330, .de: 330, .fr: 330, .es: 330, .it: 330, .pl: 330]

    enum Reading: String, CaseIterable {
        case data, howto, tip, smallTalk = "small talk", unknown
    }

    struct Row {
        let set: String
        let line: Int
        let message: String
    }

    static func benignRows(_ locale: CoachLocale) throws -> [Row] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CoachSafetyTests/FreshProbes")
        return try spentSets.flatMap { set -> [Row] in
            let text = try String(contentsOf: folder.appendingPathComponent("\(set)/probes.\(locale.rawValue).tsv"), encoding: .utf8)
            return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
                let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3, fields[1] == "allow" else { return nil }
                return Row(set: set, line: index + 1, message: String(fields[2]))
            }
        }
    }

    static func reading(_ question: Question) -> Reading {
        switch question {
        case .metric, .medicationLog: return .data
        case .howto: return .howto
        case .tip: return .tip
        case .greeting, .thanks: return .smallTalk
        case .unknown: return .unknown
        }
    }

    /// Prints, per locale and set, how the benign rows read; with `RESPONDER_COVERAGE_DUMP` set to
    /// a file path, also writes every row's reading there (set, locale, line, reading, message).
    func testBenignFreshRowsReadWithinTheCeiling() throws {
        var dump = ""
        for locale in CoachLocale.allCases {
            let language = try ResponderLanguage.load(locale)
            let reader = QuestionReader(language: language)
            let medications = ResponderFixture.snapshot.medications.map(\.name)
            var total: [Reading: Int] = [:], perSet: [String: [Reading: Int]] = [:]
            let rows = try Self.benignRows(locale)
            XCTAssertEqual(rows.count, 30 * Self.spentSets.count, "\(locale): 30 benign rows per set")
            for row in rows {
                let reading = Self.reading(reader.read(row.message, medications: medications))
                total[reading, default: 0] += 1
                perSet[row.set, default: [:]][reading, default: 0] += 1
                dump += "\(row.set)\t\(locale.rawValue)\t\(row.line)\t\(reading.rawValue)\t\(row.message)\n"
            }
            func summary(_ counts: [Reading: Int]) -> String {
                Reading.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", ")
            }
            print("responder coverage \(locale): \(summary(total))")
            for set in Self.spentSets { print("  \(locale) \(set): \(summary(perSet[set] ?? [:]))") }
            XCTAssertLessThanOrEqual(total[.unknown] ?? 0, Self.unknownCeiling[locale] ?? 0, "\(locale): more benign rows read as unknown")
        }
        if let path = ProcessInfo.processInfo.environment["RESPONDER_COVERAGE_DUMP"] {
            try dump.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}

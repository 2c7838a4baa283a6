@testable import CoachSafety
import XCTest

/// Contract §7 and §10's parity test: the six locale files carry the same rule keys, sentinels,
/// severity list and `must_contain` tokens as English, and every body carries its tokens.
final class SafetyMatrixParityTests: XCTestCase {
    func testSafetyMatrixParity() throws {
        let matrix = try SafetyMatrix.loadBundled()
        XCTAssertEqual(matrix.parityProblems(), [])
        for locale in CoachLocale.allCases {
            let file = matrix.file(locale)
            XCTAssertEqual(try ruleKeysInFileOrder(locale), GroundRule.allCases.map(\.rawValue), "\(locale): contract order")
            XCTAssertEqual(file.sentinels, SafetyMatrix.sentinels, "\(locale)")
            XCTAssertEqual(file.severity, matrix.severityTokens, "\(locale)")
            XCTAssertEqual(file.version, matrix.version, "\(locale)")
            for rule in GroundRule.allCases {
                XCTAssertEqual(matrix.mustContain(rule, locale: locale), matrix.mustContain(rule, locale: .en), "\(locale) \(rule)")
                XCTAssertGreaterThanOrEqual(matrix.triggerExamples(rule, locale: locale).count, SafetyMatrixFile.minimumTriggerExamples,
                                            "\(locale) \(rule)")
                for token in matrix.mustContain(rule, locale: locale) {
                    XCTAssertTrue(matrix.ruleBody(rule, locale: locale).contains(token), "\(locale) \(rule) body lacks \(token)")
                }
            }
        }
        XCTAssertTrue(Set(matrix.mustContain(.glp1DoseRefusal, locale: .en)).isSuperset(of: [
            "Mounjaro", "Ozempic", "Wegovy", "Zepbound", "Trulicity", "Saxenda", "Rybelsus", "Victoza", "Byetta", "Bydureon",
        ]))
        XCTAssertTrue(Set(matrix.mustContain(.drugLevelRefusal, locale: .en)).isSuperset(of: ["EU 2017/745", "MDCG 2021-24"]))
        XCTAssertEqual(matrix.mustContain(.evidenceBlockSentinel, locale: .en), SafetyMatrix.sentinels)
        XCTAssertEqual(matrix.mustContain(.severityEnumsLowercaseEnglish, locale: .en), ["important", "warning", "info"])
    }

    func testParityFailsWhenALocaleDropsAMustContainToken() throws {
        try MatrixFixture.assertParityProblem(editing: .fr, mentioning: "ground_rule_9_glp1_dose_refusal: must_contain") {
            $0.replacingFirst("      - \"Saxenda\"\n", with: "")
        }
    }

    func testParityFailsWhenABodyLosesAToken() throws {
        try MatrixFixture.assertParityProblem(editing: .es, mentioning: "does not contain 'Bydureon'") {
            $0.replacingFirst("Byetta y Bydureon (exenatida)", with: "Byetta (exenatida)")
        }
    }

    func testParityFailsWhenASentinelDrifts() throws {
        try MatrixFixture.assertParityProblem(editing: .de, mentioning: "sentinels differs from safety-contracts.en.yaml") {
            $0.replacingFirst("\"---END---\"]", with: "\"---ENDE---\"]")
        }
    }

    func testParityFailsWhenTheDrugRefusalLosesItsPlaceholder() throws {
        try MatrixFixture.assertParityProblem(editing: .pl, mentioning: SafetyMatrix.drugPlaceholder) {
            $0.replacingFirst("odstawieniu {drug}", with: "odstawieniu leku")
        }
    }

    /// The rule keys as the file lists them, read without the loader (which reads by key).
    private func ruleKeysInFileOrder(_ locale: CoachLocale) throws -> [String] {
        let root = try YAMLDocument.parse(MatrixFixture.shippedText(locale))
        guard case let .mapping(entries) = root.content,
              case let .mapping(rules)? = entries.first(where: { $0.key == "ground_rules" })?.value.content else { return [] }
        return rules.map(\.key)
    }
}

import CoachSafety
import XCTest

/// The loader's errors (file and line, so the server's refusal to start says where to look),
/// and the refusals and tokens the rest of the Coach reads from the matrix.
final class SafetyMatrixTests: XCTestCase {
    func testBrokenYAMLNamesFileAndLine() throws {
        let error = try MatrixFixture.loadError(editing: .es) {
            $0.replacingFirst("    surface: both\n    es: |", with: "    surface: both: coach\n    es: |")
        }
        try assert(error, names: .es, lineOf: "surface: both", mentioning: "mapping values are not allowed")
    }

    func testUnknownRuleKeyFailsNamingTheKeyAndItsLine() throws {
        let key = "ground_rule_12_no_causal_claims:"
        let error = try MatrixFixture.loadError(editing: .it) { $0.replacingFirst(key, with: "ground_rule_16_be_nice:") }
        try assert(error, names: .it, lineOf: key, mentioning: "'ground_rule_16_be_nice' is not a ground rule key")
    }

    func testMissingRuleFailsNamingTheRule() throws {
        let text = try MatrixFixture.shippedText(.pl)
        let start = try XCTUnwrap(text.range(of: "  ground_rule_14_apple_health_silent_absence:"))
        let end = try XCTUnwrap(text.range(of: "  ground_rule_15_drug_level_refusal:"))
        let error = try MatrixFixture.loadError(editing: .pl) { $0.replacingCharacters(in: start.lowerBound ..< end.lowerBound, with: "") }
        try assert(error, names: .pl, lineOf: "ground_rules:", mentioning: "ground_rule_14_apple_health_silent_absence') is missing")
    }

    func testMissingFieldNamesTheRuleAndItsLine() throws {
        let key = "ground_rule_4_conservative_phrasing:"
        let error = try MatrixFixture.loadError(editing: .de) {
            $0.replacingFirst("\(key)\n    parser_critical: false\n    surface: both\n", with: "\(key)\n    parser_critical: false\n")
        }
        try assert(error, names: .de, lineOf: key, mentioning: "ground_rule_4_conservative_phrasing has no field 'surface'")
    }

    /// The error starts `<file>:<line>: `, the line being the first of the shipped file that
    /// holds `fragment` (the edits above keep line numbers up to it), and says what is wrong.
    private func assert(_ error: SafetyMatrixError?, names locale: CoachLocale, lineOf fragment: String, mentioning reason: String,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        let description = try XCTUnwrap(error, file: file, line: line).description
        let expectedLine = try XCTUnwrap(MatrixFixture.line(of: fragment, in: MatrixFixture.shippedText(locale)), file: file, line: line)
        XCTAssertTrue(description.hasPrefix("\(SafetyMatrix.fileName(locale)):\(expectedLine): "), description, file: file, line: line)
        XCTAssertTrue(description.contains(reason), description, file: file, line: line)
    }

    func testRefusalSubstitutesTheDrugOrTheLocalePhrase() throws {
        let matrix = try SafetyMatrix.loadBundled()
        for locale in CoachLocale.allCases {
            let named = matrix.refusal(for: .glp1DoseRefusal, locale: locale, drug: "Mounjaro")
            XCTAssertTrue(named.contains("Mounjaro"), "\(locale): \(named)")
            let generic = matrix.refusal(for: .glp1DoseRefusal, locale: locale, drug: nil)
            XCTAssertTrue(generic.contains("GLP-1"), "\(locale): \(generic)")
            XCTAssertEqual(matrix.refusal(for: .glp1DoseRefusal, locale: locale, drug: "  "), generic, "\(locale): a blank name is no name")
            for refusal in [named, generic] {
                XCTAssertFalse(refusal.contains(SafetyMatrix.drugPlaceholder), "\(locale): \(refusal)")
            }
        }
        XCTAssertTrue(matrix.refusal(for: .glp1DoseRefusal, locale: .en, drug: nil).contains("your GLP-1 medication"))
        XCTAssertTrue(matrix.refusal(for: .glp1DoseRefusal, locale: .de, drug: "Ozempic").contains("bei Ozempic"))
    }

    func testRefusalsCarryNoDigitsButTheRegulationNumbers() throws {
        let matrix = try SafetyMatrix.loadBundled()
        for locale in CoachLocale.allCases {
            var refusals = GroundRule.allCases.map { matrix.refusal(for: $0, locale: locale, drug: "Wegovy") }
            refusals.append(matrix.injectionRefusal(locale: locale))
            for refusal in refusals {
                let uncited = SafetyMatrix.regulationCitations.reduce(refusal) { $0.replacingOccurrences(of: $1, with: "") }
                XCTAssertFalse(uncited.contains(where: \.isNumber), "\(locale): \(refusal)")
                XCTAssertFalse(refusal.contains("\n"), "\(locale): a refusal is one paragraph")
            }
            let drugLevel = matrix.refusal(for: .drugLevelRefusal, locale: locale, drug: nil)
            for citation in SafetyMatrix.regulationCitations {
                XCTAssertTrue(drugLevel.contains(citation), "\(locale): rule 15's refusal cites \(citation)")
            }
        }
    }

    func testADigitInARefusalFailsTheLoad() throws {
        try MatrixFixture.assertParityProblem(editing: .en, mentioning: "ground_rule_6_off_topic_redirect: the refusal has a digit") {
            $0.replacingFirst("That's a little outside what I do", with: "That's 100% outside what I do")
        }
    }

    func testRulesWithoutARefusalAreAnsweredWithTheOutOfScopeRedirect() throws {
        let matrix = try SafetyMatrix.loadBundled()
        for locale in CoachLocale.allCases {
            XCTAssertEqual(matrix.refusal(for: .noCausalClaims, locale: locale, drug: nil),
                           matrix.refusal(for: .outOfScopeRefusal, locale: locale, drug: nil))
            XCTAssertNotEqual(matrix.refusal(for: .offTopicRedirect, locale: locale, drug: nil),
                              matrix.refusal(for: .outOfScopeRefusal, locale: locale, drug: nil))
        }
    }

    func testSeverityTokensAreLowercaseEnglish() throws {
        let matrix = try SafetyMatrix.loadBundled()
        XCTAssertEqual(matrix.severityTokens, ["important", "warning", "info"])
        XCTAssertEqual(matrix.version, "4.25.0")
        XCTAssertEqual(SafetyMatrix.sentinels, ["---KEYVALUES---", "---END---"])
    }

    func testSurfacesAndParserCriticalRulesComeFromTheMatrix() throws {
        let matrix = try SafetyMatrix.loadBundled()
        XCTAssertEqual(matrix.surface(.dailyBriefingSchema), .insights)
        XCTAssertEqual(matrix.surface(.glp1DoseRefusal), .both)
        XCTAssertEqual(GroundRule.allCases.filter(matrix.isParserCritical),
                       [.evidenceBlockSentinel, .glp1DoseRefusal, .severityEnumsLowercaseEnglish, .dailyBriefingSchema, .drugLevelRefusal])
    }
}

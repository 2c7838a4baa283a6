import CoachSafety
import XCTest

final class SeverityTests: XCTestCase {
    /// Contract §9.1: exactly these three lowercase English tokens, most severe first.
    func testSeverityTokensAreTheContractsLowercaseEnglishOnes() {
        XCTAssertEqual(Severity.allCases.map(\.rawValue), ["important", "warning", "info"])
        XCTAssertEqual(Severity.allCases.map(\.rank), [0, 1, 2])
    }

    /// Contract §9.2's `PROMPT_VERSION`.
    func testPromptVersionIsTheContractsOne() {
        XCTAssertEqual(PromptVersion.current, "4.25.0")
    }
}

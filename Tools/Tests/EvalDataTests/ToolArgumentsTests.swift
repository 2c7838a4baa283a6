import EvalData
import XCTest

/// The tools read their command lines strictly (`ToolArguments`): a mistyped split must not
/// score the held-out part, and `--help` must not start a benchmark.
final class ToolArgumentsTests: XCTestCase {
    private func read(_ arguments: [String]) throws -> ToolArguments {
        try ToolArguments(arguments, flags: ["--tune"], options: ["--split": .oneOf(["test", "dev"]), "--size": .integer, "--data": .text])
    }

    func testKnownFlagsAndOptionsAreRead() throws {
        let arguments = try read(["--split", "dev", "--tune", "--data", "/tmp/data", "--size", "10000"])
        XCTAssertTrue(arguments.has("--tune"))
        XCTAssertEqual(arguments.value(of: "--split"), "dev")
        XCTAssertEqual(arguments.value(of: "--data"), "/tmp/data")
        XCTAssertEqual(arguments.value(of: "--size"), "10000")
        XCTAssertNil(try read([]).value(of: "--split"))
    }

    func testAnythingElseIsRefused() {
        XCTAssertThrowsError(try read(["--split", "dve"])) {
            XCTAssertEqual($0 as? ToolArguments.Problem, .invalidValue(option: "--split", value: "dve", expected: "test or dev"))
        }
        XCTAssertThrowsError(try read(["--tuen"])) { XCTAssertEqual($0 as? ToolArguments.Problem, .unknown("--tuen")) }
        XCTAssertThrowsError(try read(["--split"])) { XCTAssertEqual($0 as? ToolArguments.Problem, .missingValue("--split")) }
        XCTAssertThrowsError(try read(["--size", "ten"])) {
            XCTAssertEqual($0 as? ToolArguments.Problem, .invalidValue(option: "--size", value: "ten", expected: "a positive whole number"))
        }
        XCTAssertThrowsError(try read(["--help"])) { XCTAssertEqual($0 as? ToolArguments.Problem, .helpRequested) }
        XCTAssertThrowsError(try read(["-h"])) { XCTAssertEqual($0 as? ToolArguments.Problem, .helpRequested) }
    }
}

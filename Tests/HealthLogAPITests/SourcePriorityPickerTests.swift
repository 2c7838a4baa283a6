@testable import HealthLogAPI
import APIToolkit
import XCTest

/// `pickCanonicalSource()` as a pure function: every locked behaviour of contract §4.
final class SourcePriorityPickerTests: XCTestCase {
    private func candidate(_ source: String, _ device: String?) -> SourceCandidate { SourceCandidate(source: source, deviceType: device) }

    private let twoAxis = SourcePriority(stored: try? JSONParser.parse("""
        {"metricPriority": {"steps": ["APPLE_HEALTH", "WITHINGS", "MANUAL"], "weight": ["WITHINGS", "APPLE_HEALTH", "MANUAL"]},
         "deviceTypePriority": {"default": ["watch", "phone", "scale"], "steps": ["phone", "watch"]}}
        """))

    func testTheMetricsSourceLadderDecidesFirst() {
        let picked = twoAxis.pickCanonicalSource([candidate("APPLE_HEALTH", "phone"), candidate("WITHINGS", "scale")], metric: "weight")
        XCTAssertEqual(picked, candidate("WITHINGS", "scale"), "the default device ladder must not override weight's source ladder")
    }

    func testTheDeviceLadderOrdersCandidatesOfTheChosenSource() {
        let candidates = [candidate("APPLE_HEALTH", "watch"), candidate("APPLE_HEALTH", "phone"), candidate("WITHINGS", "watch")]
        XCTAssertEqual(twoAxis.pickCanonicalSource(candidates, metric: "steps"), candidate("APPLE_HEALTH", "phone"), "steps' own device ladder")
        XCTAssertEqual(twoAxis.pickCanonicalSource(candidates, metric: "distance"), candidate("APPLE_HEALTH", "watch"), "the default ladder")
    }

    func testANullDeviceTypeIsUnknownAndFallsThroughToTheSourceAxis() {
        // Unknown ranks after every listed device of its source…
        let mixed = [candidate("APPLE_HEALTH", nil), candidate("APPLE_HEALTH", "scale")]
        XCTAssertEqual(twoAxis.pickCanonicalSource(mixed, metric: "distance"), candidate("APPLE_HEALTH", "scale"))
        // …but never beats a better source: with no device known, the source ladder alone decides.
        let unknown = [candidate("MANUAL", "watch"), candidate("APPLE_HEALTH", nil), candidate("WITHINGS", nil)]
        XCTAssertEqual(twoAxis.pickCanonicalSource(unknown, metric: "steps"), candidate("APPLE_HEALTH", nil))
        XCTAssertEqual(twoAxis.pickCanonicalSource([candidate("MANUAL", nil), candidate("WITHINGS", nil)], metric: "weight"),
                       candidate("WITHINGS", nil))
    }

    func testTheLegacyFlatShapeIsReadAsTheSourceAxis() throws {
        let legacy = SourcePriority(stored: try JSONParser.parse(#"{"steps": ["MANUAL", "APPLE_HEALTH"]}"#))
        XCTAssertEqual(legacy.metricPriority, ["steps": ["MANUAL", "APPLE_HEALTH"]])
        XCTAssertEqual(legacy.deviceTypePriority, [:])
        XCTAssertEqual(legacy.pickCanonicalSource([candidate("APPLE_HEALTH", "watch"), candidate("MANUAL", nil)], metric: "steps"),
                       candidate("MANUAL", nil))
        XCTAssertEqual(legacy.json, try JSONParser.parse(#"{"metricPriority":{"steps":["MANUAL","APPLE_HEALTH"]},"deviceTypePriority":{}}"#))
    }

    func testWithoutALadderTheDefaultOrderIsAppleHealthWithingsManual() {
        let none = SourcePriority(stored: nil)
        XCTAssertEqual(none.pickCanonicalSource([candidate("MANUAL", nil), candidate("WITHINGS", nil)], metric: "weight"), candidate("WITHINGS", nil))
        XCTAssertEqual(none.pickCanonicalSource([candidate("WITHINGS", nil), candidate("APPLE_HEALTH", nil)], metric: "weight"),
                       candidate("APPLE_HEALTH", nil))
        XCTAssertNil(none.pickCanonicalSource([], metric: "weight"))
    }

    func testSourcesMissingFromAPartialLadderFollowInDefaultOrder() throws {
        let partial = SourcePriority(stored: try JSONParser.parse(#"{"metricPriority": {"weight": ["MANUAL"]}}"#))
        XCTAssertEqual(partial.sourceLadder(for: "weight"), ["MANUAL", "APPLE_HEALTH", "WITHINGS"])
        XCTAssertEqual(partial.pickCanonicalSource([candidate("WITHINGS", nil), candidate("APPLE_HEALTH", nil)], metric: "weight"),
                       candidate("APPLE_HEALTH", nil))
    }

    func testTiesGoToTheEarlierCandidate() {
        // A scale ladder for steps leaves phone and unknown unranked: a tie.
        let scaleOnly = SourcePriority(deviceTypePriority: ["steps": ["scale"]])
        let tie = [candidate("APPLE_HEALTH", "phone"), candidate("APPLE_HEALTH", nil)]
        XCTAssertEqual(scaleOnly.pickCanonicalSource(tie, metric: "steps"), candidate("APPLE_HEALTH", "phone"))
        XCTAssertEqual(scaleOnly.pickCanonicalSource(tie.reversed(), metric: "steps"), candidate("APPLE_HEALTH", nil))
    }

    func testWithoutADeviceLadderTheBuiltInWatchPhoneScaleApplies() {
        let none = SourcePriority(stored: nil)
        XCTAssertEqual(none.deviceLadder(for: "steps"), ["watch", "phone", "scale"])
        let phoneFirstThatMorning = [candidate("APPLE_HEALTH", "phone"), candidate("APPLE_HEALTH", "watch")]
        XCTAssertEqual(none.pickCanonicalSource(phoneFirstThatMorning, metric: "steps"), candidate("APPLE_HEALTH", "watch"))
        let ownDefault = SourcePriority(deviceTypePriority: ["default": ["phone"]])
        XCTAssertEqual(ownDefault.pickCanonicalSource(phoneFirstThatMorning, metric: "steps"), candidate("APPLE_HEALTH", "phone"),
                       "a user's own ladder replaces the built-in one")
    }

    func testUnusableStoredEntriesAreSkippedNotFatal() throws {
        let messy = SourcePriority(stored: try JSONParser.parse(#"{"metricPriority": {"steps": ["FITBIT", 3, "WITHINGS", "WITHINGS"]}, "deviceTypePriority": "x"}"#))
        XCTAssertEqual(messy.metricPriority, ["steps": ["WITHINGS"]])
        XCTAssertEqual(messy.deviceTypePriority, [:])
        XCTAssertEqual(SourcePriority(stored: .string("garbage")), SourcePriority())
    }
}

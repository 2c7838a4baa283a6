@testable import HealthLogAPI
import XCTest

/// One test per row of `AppleHealthMapping`: the internal type and canonical unit, each input
/// unit's conversion, and the plausible range's edges. A row added without a test fails
/// `testEveryRowHasATest`.
final class AppleHealthMappingTests: XCTestCase {
    private var tested: Set<String> = []

    /// Checks the row of `identifier`: its type and unit, then each (value, unit) → expected
    /// canonical value (nil: skipped as `value_out_of_range`).
    private func check(_ identifier: String, _ type: String, _ unit: String, _ cases: [(Double, String, Double?)],
                       file: StaticString = #filePath, line: UInt = #line) {
        let name = identifier.hasPrefix("HK") ? identifier : "HKQuantityTypeIdentifier" + identifier
        tested.insert(name)
        guard let mapping = AppleHealthMapping.mapping(for: name) else { return XCTFail("\(name) is not mapped", file: file, line: line) }
        XCTAssertEqual(mapping.type, type, file: file, line: line)
        XCTAssertEqual(mapping.canonicalUnit, unit, file: file, line: line)
        for (value, inputUnit, expected) in cases {
            let converted = mapping.canonicalValue(value, unit: inputUnit)
            switch (converted, expected) {
            case (nil, nil): continue
            case (let converted?, let expected?):
                XCTAssertEqual(converted, expected, accuracy: abs(expected) * 1e-9 + 1e-9, "\(name) \(value) \(inputUnit)", file: file, line: line)
            default:
                XCTFail("\(name) \(value) \(inputUnit): got \(String(describing: converted)), expected \(String(describing: expected))",
                        file: file, line: line)
            }
        }
    }

    func testStepCount() { check("StepCount", "steps", "count", [(8000, "count", 8000), (100_001, "count", nil), (-1, "count", nil), (10, "km", nil)]) }
    func testDistanceWalkingRunning() {
        check("DistanceWalkingRunning", "distance", "m", [(5, "km", 5000), (1, "mi", 1609.344), (100, "ft", 30.48), (10, "yd", 9.144),
                                                          (400, "km", nil), (10, "kg", nil)])
    }
    func testDistanceCycling() { check("DistanceCycling", "distance_cycling", "m", [(40, "km", 40_000), (10, "mi", 16_093.44)]) }
    func testActiveEnergyBurned() {
        check("ActiveEnergyBurned", "active_energy", "kcal", [(500, "kcal", 500), (500, "Cal", 500), (1000, "kJ", 239.006), (20_000, "kcal", nil)])
    }
    func testBasalEnergyBurned() { check("BasalEnergyBurned", "basal_energy", "kcal", [(1600, "Cal", 1600), (4184, "kJ", 1000.001104)]) }
    func testFlightsClimbed() { check("FlightsClimbed", "flights", "count", [(12, "count", 12), (5001, "count", nil)]) }
    func testTimeInDaylight() { check("TimeInDaylight", "time_in_daylight", "s", [(90, "min", 5400), (2, "hr", 7200), (1441, "min", nil)]) }
    func testAppleExerciseTime() { check("AppleExerciseTime", "exercise_time", "s", [(30, "min", 1800), (600, "s", 600)]) }
    func testDietaryWater() { check("DietaryWater", "water", "mL", [(250, "mL", 250), (1.5, "L", 1500), (8, "fl_oz_us", 236.588), (16, "L", nil)]) }
    func testBodyMass() {
        check("BodyMass", "weight", "kg", [(72.5, "kg", 72.5), (160, "lb", 72.5747792), (72_500, "g", 72.5), (11, "st", 69.85322498),
                                           (19, "kg", nil), (1200, "lb", nil), (70, "count", nil)])
    }
    func testLeanBodyMass() { check("LeanBodyMass", "lean_body_mass", "kg", [(60, "kg", 60), (132, "lb", 59.87419284)]) }
    func testBodyFatPercentage() {
        check("BodyFatPercentage", "body_fat", "%", [(0.161, "%", 16.1), (16.1, "%", 16.1), (0.01, "%", nil), (80, "%", nil)])
    }
    func testBodyMassIndex() { check("BodyMassIndex", "bmi", "count", [(22.5, "count", 22.5), (7, "count", nil)]) }
    func testHeight() { check("Height", "height", "m", [(180, "cm", 1.8), (70, "in", 1.778), (6, "ft", 1.8288), (3, "m", nil)]) }
    func testHeartRate() {
        check("HeartRate", "heart_rate", "count/min", [(72, "count/min", 72), (1.2, "count/s", 72), (19, "count/min", nil), (301, "count/min", nil)])
    }
    func testRestingHeartRate() { check("RestingHeartRate", "resting_heart_rate", "count/min", [(52, "count/min", 52), (24, "count/min", nil)]) }
    func testWalkingHeartRateAverage() { check("WalkingHeartRateAverage", "walking_heart_rate", "count/min", [(95, "count/min", 95)]) }
    func testHeartRateVariabilitySDNN() { check("HeartRateVariabilitySDNN", "hrv", "ms", [(45, "ms", 45), (0.045, "s", 45), (400, "ms", nil)]) }
    func testRespiratoryRate() { check("RespiratoryRate", "respiratory_rate", "count/min", [(14, "count/min", 14), (0.25, "count/s", 15), (80, "count/min", nil)]) }
    func testOxygenSaturation() { check("OxygenSaturation", "spo2", "%", [(0.97, "%", 97), (97, "%", 97), (0.4, "%", nil), (101, "%", nil)]) }
    func testBloodPressureSystolic() { check("BloodPressureSystolic", "bp_systolic", "mmHg", [(120, "mmHg", 120), (40, "mmHg", nil)]) }
    func testBloodPressureDiastolic() { check("BloodPressureDiastolic", "bp_diastolic", "mmHg", [(80, "mmHg", 80), (210, "mmHg", nil)]) }
    func testBloodGlucose() {
        check("BloodGlucose", "blood_glucose", "mg/dL", [(95, "mg/dL", 95), (5.5, "mmol/L", 99.0858),
                                                          (5.5, "mmol<180.15588000005408>/L", 99.0858), (60, "mmol/L", nil)])
    }
    func testBodyTemperature() {
        check("BodyTemperature", "body_temperature", "degC", [(36.8, "degC", 36.8), (98.6, "degF", 37), (50, "degC", nil), (80, "degF", nil)])
    }
    func testBasalBodyTemperature() { check("BasalBodyTemperature", "basal_body_temperature", "degC", [(97.7, "degF", 36.5)]) }
    func testVO2Max() {
        check("VO2Max", "vo2max", "ml/(kg*min)", [(42, "ml/(kg*min)", 42), (42, "mL/min\u{00B7}kg", 42), (42, "mL/kg*min", 42),
                                                  (42, "mL/min/kg", 42), (120, "ml/(kg*min)", nil)])
    }
    func testSleepAnalysis() { checkInterval("HKCategoryTypeIdentifierSleepAnalysis", "sleep") }
    func testMindfulSession() { checkInterval("HKCategoryTypeIdentifierMindfulSession", "mindful") }

    /// A category sample's row stores the sample's interval, whatever value and unit are sent,
    /// up to a day (SampleIntervalTests does the same over HTTP).
    private func checkInterval(_ identifier: String, _ type: String, file: StaticString = #filePath, line: UInt = #line) {
        tested.insert(identifier)
        guard let mapping = AppleHealthMapping.mapping(for: identifier) else {
            return XCTFail("\(identifier) is not mapped", file: file, line: line)
        }
        XCTAssertEqual(mapping.type, type, file: file, line: line)
        XCTAssertEqual(mapping.canonicalUnit, "s", file: file, line: line)
        XCTAssertEqual(mapping.storedValue(90, unit: "min", start: 1_000, end: 6_400), 5_400, file: file, line: line)
        XCTAssertEqual(mapping.storedValue(3, unit: "count", start: 0, end: 86_400), 86_400, file: file, line: line)
        XCTAssertNil(mapping.storedValue(25, unit: "hr", start: 0, end: 90_000), "over a day", file: file, line: line)
    }

    func testUnmappedIdentifiersHaveNoRow() {
        XCTAssertNil(AppleHealthMapping.mapping(for: "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages"))
        XCTAssertNil(AppleHealthMapping.mapping(for: "stepCount"))
    }

    /// Runs every row test, then checks nothing in the table went untested.
    func testEveryRowHasATest() {
        tested = []
        let rowTests = [testStepCount, testDistanceWalkingRunning, testDistanceCycling, testActiveEnergyBurned, testBasalEnergyBurned,
                        testFlightsClimbed, testTimeInDaylight, testAppleExerciseTime, testDietaryWater, testBodyMass, testLeanBodyMass,
                        testBodyFatPercentage, testBodyMassIndex, testHeight, testHeartRate, testRestingHeartRate,
                        testWalkingHeartRateAverage, testHeartRateVariabilitySDNN, testRespiratoryRate, testOxygenSaturation,
                        testBloodPressureSystolic, testBloodPressureDiastolic, testBloodGlucose, testBodyTemperature,
                        testBasalBodyTemperature, testVO2Max, testSleepAnalysis, testMindfulSession]
        for test in rowTests { test() }
        XCTAssertEqual(Set(AppleHealthMapping.table.keys).subtracting(tested), [])
    }
}

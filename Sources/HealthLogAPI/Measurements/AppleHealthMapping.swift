/// The one table from HealthKit identifiers to HealthLog metrics: internal type, canonical unit,
/// accepted input units with their conversion, and the plausible range (healthlog-facts §2.3,
/// in canonical units). An identifier missing here is `skipped` as `unmappable_identifier`.
/// Durations are stored in seconds, percentages as 0–100, glucose in mg/dL, rates per minute.
enum AppleHealthMapping {
    static func mapping(for hkIdentifier: String) -> MetricMapping? { table[hkIdentifier] }

    /// The HealthKit identifier prefixes, kept out of the table rows for readability.
    private static let quantity = "HKQuantityTypeIdentifier", category = "HKCategoryTypeIdentifier"

    static let table: [String: MetricMapping] = [
        // Cumulative activity (sent per day as `stats:` rows, or per sample during cutover).
        quantity + "StepCount": row("steps", "count", count, 0...100_000),
        quantity + "DistanceWalkingRunning": row("distance", "m", distance, 0...300_000),
        quantity + "DistanceCycling": row("distance_cycling", "m", distance, 0...1_000_000),
        quantity + "ActiveEnergyBurned": row("active_energy", "kcal", energy, 0...15_000),
        quantity + "BasalEnergyBurned": row("basal_energy", "kcal", energy, 0...15_000),
        quantity + "FlightsClimbed": row("flights", "count", count, 0...5_000),
        quantity + "TimeInDaylight": row("time_in_daylight", "s", duration, 0...86_400),
        quantity + "AppleExerciseTime": row("exercise_time", "s", duration, 0...86_400),
        quantity + "DietaryWater": row("water", "mL", ["mL": .identity, "L": .factor(1000), "fl_oz_us": .factor(29.5735)], 0...15_000),
        // Body measurements.
        quantity + "BodyMass": row("weight", "kg", mass, 20...500),
        quantity + "LeanBodyMass": row("lean_body_mass", "kg", mass, 10...300),
        quantity + "BodyFatPercentage": row("body_fat", "%", percent, 2...75),
        quantity + "BodyMassIndex": row("bmi", "count", count, 8...100),
        quantity + "Height": row("height", "m", length, 0.5...2.75),
        // Heart, lungs, blood.
        quantity + "HeartRate": row("heart_rate", "count/min", perMinute, 20...300),
        quantity + "RestingHeartRate": row("resting_heart_rate", "count/min", perMinute, 25...200),
        quantity + "WalkingHeartRateAverage": row("walking_heart_rate", "count/min", perMinute, 30...220),
        quantity + "HeartRateVariabilitySDNN": row("hrv", "ms", ["ms": .identity, "s": .factor(1000)], 1...300),
        quantity + "RespiratoryRate": row("respiratory_rate", "count/min", perMinute, 4...70),
        quantity + "OxygenSaturation": row("spo2", "%", percent, 50...100),
        quantity + "BloodPressureSystolic": row("bp_systolic", "mmHg", ["mmHg": .identity], 50...300),
        quantity + "BloodPressureDiastolic": row("bp_diastolic", "mmHg", ["mmHg": .identity], 25...200),
        quantity + "BloodGlucose": row("blood_glucose", "mg/dL", ["mg/dL": .identity, "mmol/L": .factor(18.0156)], 20...1000),
        quantity + "BodyTemperature": row("body_temperature", "degC", temperature, 30...45),
        quantity + "BasalBodyTemperature": row("basal_body_temperature", "degC", temperature, 30...45),
        quantity + "VO2Max": row("vo2max", "ml/(kg*min)", vo2, 5...100),
        // Category samples: the stored value is the sample's interval, in seconds, at most a day; the
        // stage travels in `sleepStage`.
        category + "SleepAnalysis": interval("sleep"),
        category + "MindfulSession": interval("mindful"),
    ]

    private static func row(_ type: String, _ unit: String, _ units: [String: UnitConversion],
                            _ range: ClosedRange<Double>) -> MetricMapping {
        MetricMapping(type: type, canonicalUnit: unit, inputUnits: units, plausibleRange: range)
    }

    /// A category sample's row: no input units, since the value sent is not read (`storedValue`).
    private static func interval(_ type: String) -> MetricMapping {
        var mapping = MetricMapping(type: type, canonicalUnit: "s", inputUnits: [:], plausibleRange: 0...86_400)
        mapping.valueIsInterval = true
        return mapping
    }

    // Unit families shared by several rows.
    private static let count: [String: UnitConversion] = ["count": .identity]
    private static let distance: [String: UnitConversion] = [
        "m": .identity, "km": .factor(1000), "mi": .factor(1609.344), "ft": .factor(0.3048), "yd": .factor(0.9144),
    ]
    private static let length: [String: UnitConversion] = [
        "m": .identity, "cm": .factor(0.01), "in": .factor(0.0254), "ft": .factor(0.3048),
    ]
    /// "Cal" is the dietary kilocalorie US locales display; "kJ" the metric alternative.
    private static let energy: [String: UnitConversion] = ["kcal": .identity, "Cal": .identity, "kJ": .factor(0.239006)]
    private static let duration: [String: UnitConversion] = ["s": .identity, "min": .factor(60), "hr": .factor(3600)]
    private static let mass: [String: UnitConversion] = [
        "kg": .identity, "g": .factor(0.001), "lb": .factor(0.45359237), "st": .factor(6.35029318),
    ]
    private static let percent: [String: UnitConversion] = ["%": .fractionOrPercent]
    /// The header states `count/s`; exports and apps use `count/min`.
    private static let perMinute: [String: UnitConversion] = ["count/min": .identity, "count/s": .factor(60)]
    private static let temperature: [String: UnitConversion] = ["degC": .identity, "degF": .fahrenheitToCelsius]
    /// Spellings after `MetricMapping.normalizedUnit` (the middle dot already turned into `*`).
    private static let vo2: [String: UnitConversion] = [
        "ml/(kg*min)": .identity, "mL/(kg*min)": .identity, "mL/min*kg": .identity, "mL/kg*min": .identity,
        "mL/min/kg": .identity, "mL/kg/min": .identity,
    ]
}

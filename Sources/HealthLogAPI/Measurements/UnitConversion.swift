/// How a value in one input unit becomes the canonical unit of its metric.
enum UnitConversion: Sendable, Hashable {
    /// Multiply: lb → kg is `.factor(0.45359237)`, an identity unit is `.factor(1)`.
    case factor(Double)
    /// °F → °C, the one affine conversion: (x − 32) × 5/9.
    case fahrenheitToCelsius
    /// HealthKit's `%` unit carries a fraction (0.97 = 97 %), while some exporters send the
    /// percentage itself. Values up to 1 are read as fractions and scaled by 100; larger ones are
    /// already percentages. Unambiguous for the metrics that use it: no plausible SpO2 or body-fat
    /// reading is 1 % or below.
    case fractionOrPercent

    static let identity = UnitConversion.factor(1)

    func apply(_ value: Double) -> Double {
        switch self {
        case .factor(let factor): value * factor
        case .fahrenheitToCelsius: (value - 32) * 5 / 9
        case .fractionOrPercent: value <= 1 ? value * 100 : value
        }
    }
}

/// One internal metric: its canonical unit, the input units it accepts, and the range a real
/// reading can fall in (values outside are `skipped` as `value_out_of_range`, never clamped).
struct MetricMapping: Sendable {
    /// The internal type stored in `measurements.type` (`steps`, `weight`, …).
    let type: String
    let canonicalUnit: String
    let inputUnits: [String: UnitConversion]
    /// Bounds in the canonical unit, inclusive.
    let plausibleRange: ClosedRange<Double>
    /// A category sample (sleep, mindful minutes): HealthKit gives it no quantity, and its
    /// duration is its interval, end − start. What a client sends as its value (a duration, the
    /// sleep stage, HealthKit's 0 for "not applicable") is not read; the interval is stored.
    var valueIsInterval = false

    /// The value to store for a sample over `start...end` sent with `value` in `unit`: for an
    /// interval metric its interval, otherwise the value in the canonical unit; nil when the unit
    /// is unknown for the metric or the result is implausible (a sleep sample over 24 hours).
    func storedValue(_ value: Double, unit: String, start: Int64, end: Int64) -> Double? {
        guard valueIsInterval else { return canonicalValue(value, unit: unit) }
        let interval = Double(end - start)
        return plausibleRange.contains(interval) ? interval : nil
    }

    /// Whether a corrected `value` (canonical) can be this metric's reading over `start...end`:
    /// within the range, and for an interval metric within a minute of the interval.
    func fits(_ value: Double, start: Int64, end: Int64) -> Bool {
        plausibleRange.contains(value) && (!valueIsInterval || abs(value - Double(end - start)) <= PlausibleTime.durationSlackSeconds)
    }

    /// The value in the canonical unit, or nil when the unit is unknown for this metric or the
    /// converted value is implausible.
    /// A unit already spelled as the table spells it (most samples) is looked up as it is:
    /// normalizing it would change nothing, and costs Foundation string searches per entry.
    func canonicalValue(_ value: Double, unit: String) -> Double? {
        guard let conversion = inputUnits[unit] ?? inputUnits[MetricMapping.normalizedUnit(unit)] else { return nil }
        let converted = conversion.apply(value)
        return converted.isFinite && plausibleRange.contains(converted) ? converted : nil
    }

    /// HealthKit spells a few units in more than one way; one spelling per unit keeps the table
    /// short. Molar glucose units carry the molar mass (`mmol<180.15588000005408>/L`), which is
    /// dropped, and VO2 max's middle dot (`mL/min·kg`) becomes `*`.
    static func normalizedUnit(_ unit: String) -> String {
        var normalized = unit
        if let open = normalized.firstIndex(of: "<"), let close = normalized[open...].firstIndex(of: ">") {
            normalized.removeSubrange(open...close)
        }
        return normalized.replacingOccurrences(of: "\u{00B7}", with: "*")
    }
}

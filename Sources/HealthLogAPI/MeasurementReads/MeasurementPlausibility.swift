import APIToolkit
import Storage

/// The rule a corrected measurement value obeys (`PATCH /api/measurements/{id}`, contract §12's
/// late watch sync): plausible for the row's type, as ingest would have required; a sleep or
/// mindful row's value is its interval and can only be that.
enum MeasurementPlausibility {
    static func check(_ value: Double, stored row: Row) throws {
        let type: String = try row.decode("type"), unit: String = try row.decode("unit")
        let start: Int64 = try row.decode("measured_at"), end: Int64 = try row.decode("end_at")
        guard let mapping = MetricKinds.mapping(of: type), !mapping.fits(value, start: start, end: end) else { return }
        let range = mapping.plausibleRange
        let message = mapping.valueIsInterval ? "must be the sample's duration, \(end - start) \(unit)"
            : "must be within \(range.lowerBound)…\(range.upperBound) \(unit)"
        throw APIError.invalidValue(at: "value", message)
    }
}

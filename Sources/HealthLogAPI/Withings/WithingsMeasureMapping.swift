import APIToolkit
import Foundation
import Storage

/// Withings measure groups (`getmeas`) turned into measurement rows. Each Withings measure type
/// maps to the HealthKit identifier of the same quantity, so type, canonical unit and plausible
/// range come from the one table `AppleHealthMapping`; Withings' units (kg, %, mmHg, bpm, °C)
/// already are those canonical units once `value × 10^unit` is applied.
enum WithingsMeasureMapping {
    private static let quantity = "HKQuantityTypeIdentifier"

    /// Withings meastype → the HealthKit identifier of the same quantity (healthlog-facts §6).
    static let identifiers: [Int64: String] = [
        1: quantity + "BodyMass",
        5: quantity + "LeanBodyMass",               // fat-free mass
        6: quantity + "BodyFatPercentage",          // fat ratio, %
        9: quantity + "BloodPressureDiastolic",
        10: quantity + "BloodPressureSystolic",
        11: quantity + "HeartRate",
        12: quantity + "BodyTemperature",           // temperature
        71: quantity + "BodyTemperature",           // body temperature
    ]

    /// Body-composition types only a scale measures: a group holding one came from a scale.
    private static let scaleTypes: Set<Int64> = [1, 5, 6, 8, 76, 77, 88]

    /// `category` 1 is a real measurement; 2 is a goal the user set, not a reading.
    private static let realMeasurement: Int64 = 1

    /// The rows of `groups`, deduplicated on (user, type, `WITHINGS`, group id): a group fetched
    /// again inserts nothing. Measures of unmapped types, implausible values and goals are left out.
    static func rows(_ groups: [JSONValue], now: Int64) -> [MeasurementRow] {
        var rows: [MeasurementRow] = []
        for group in groups.compactMap(\.objectValue) {
            guard let groupID = group["grpid"]?.integerValue, let date = group["date"]?.integerValue,
                  (group["category"]?.integerValue ?? realMeasurement) == realMeasurement else { continue }
            let measures = group["measures"]?.arrayValue?.compactMap(\.objectValue) ?? []
            let types = Set(measures.compactMap { $0["type"]?.integerValue })
            let device = deviceType(model: group["model"]?.stringValue, types: types)
            var seenTypes = Set<String>()
            for measure in measures {
                guard let code = measure["type"]?.integerValue, let identifier = identifiers[code],
                      let mapping = AppleHealthMapping.mapping(for: identifier),
                      let raw = measure["value"]?.integerValue, let exponent = measure["unit"]?.integerValue else { continue }
                let value = Double(raw) * pow(10, Double(exponent))
                guard mapping.plausibleRange.contains(value), seenTypes.insert(mapping.type).inserted else { continue }
                rows.append(MeasurementRow(index: rows.count, id: UUID().uuidString.lowercased(), type: mapping.type,
                                           source: IngestSource.withings, externalId: String(groupID), hkIdentifier: nil,
                                           value: value, unit: mapping.canonicalUnit, measuredAt: date, endAt: date, sleepStage: nil,
                                           deviceType: device, externalSourceVersion: nil))
            }
        }
        return rows
    }

    /// The device type (`DeviceType.values`) of a group: a watch model, a scale for body
    /// composition, otherwise unknown (blood-pressure monitors and thermometers have no rung).
    static func deviceType(model: String?, types: Set<Int64>) -> String? {
        if let model, model.localizedCaseInsensitiveContains("watch") { return "watch" }
        return types.isDisjoint(with: scaleTypes) ? nil : "scale"
    }
}

/// The six status routes, `/api/insights/<kind>-status`, named after what the app records:
/// weight (the scale), activity (steps and active energy), sleep, heart (resting heart rate,
/// HRV, blood pressure), mood (mood entries) and medication compliance (intake logs).
enum StatusKind: String, CaseIterable, Sendable {
    case weight, activity, sleep, heart, mood
    case medicationCompliance = "medication-compliance"

    var path: String { "/api/insights/\(rawValue)-status" }

    /// `getWeightStatus`, `getMedicationComplianceStatus`, …
    var operationId: String {
        "get" + rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Status"
    }

    /// The metric the status is about, then the related metrics whose trends it annotates.
    var metrics: [InsightMetric] {
        switch self {
        case .weight: [.weight]
        case .activity: [.steps, .activeEnergy]
        case .sleep: [.sleep]
        case .heart: [.restingHeartRate, .heartRateVariability, .systolicPressure, .diastolicPressure]
        case .mood: [.mood]
        case .medicationCompliance: [.medicationCompliance]
        }
    }

    var primary: InsightMetric { metrics[0] }
}

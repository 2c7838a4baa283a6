/// Which way of moving reads as improving for a metric (docs/healthlog/insights.md, "Status").
enum PreferredDirection: Sendable {
    case higher, lower
    /// No goal is assumed (weight): a change is judged against the user's own earlier trend.
    case usersOwnTrend
}

/// The smallest change of a metric that counts as a change; anything smaller is flat.
enum StableBand: Sendable {
    /// Percent of the baseline value.
    case percent(Double)
    /// In the metric's own unit (medication compliance: percentage points).
    case absolute(Double)

    /// How many bands `change` spans from `baseline`: below 1 is flat, 3 or more is large.
    func bands(change: Double, baseline: Double) -> Double {
        switch self {
        case .absolute(let band): return abs(change) / band
        case .percent(let band):
            guard baseline != 0 else { return change == 0 ? 0 : .greatestFiniteMagnitude }
            return abs(change) / abs(baseline) * 100 / band
        }
    }
}

/// Where a metric's values come from.
enum MetricSource: Sendable {
    /// A cumulative measurement type's total per day (`DailyTotals`: one source picked per day), times `scale`.
    case dailyTotal(type: String, scale: Double)
    /// A point measurement type: per day, the mean reading of the (source, device type) the picker prefers.
    case dailyMean(type: String)
    /// Mood entries: the mean mood (1–5) per day.
    case mood
    /// Injection days: 1 on a day with a logged, non-skipped injectable GLP-1 dose, else 0, from the first one on.
    case injections
    /// Medication doses: per medication and day, the doses its schedule expects and the doses logged as taken.
    case doses
}

/// A metric the insights judge, declared once: its JSON name and unit, its values, how a change
/// is judged, and how much data a judgement needs.
struct InsightMetric: Sendable {
    let name: String
    let unit: String
    let source: MetricSource
    let preferred: PreferredDirection
    let band: StableBand
    /// The day's value still grows until the day ends (steps, doses), so the current day is not read.
    var fillsDuringTheDay = false
    /// Days in the current window; the baseline is always `InsightWindows.baselineDays`.
    var currentDays = 7
    /// Observations (days with data, or expected doses) each window needs before a status is given.
    var minimumCurrent = 3
    var minimumBaseline = 7

    static let weight = InsightMetric(name: "weight", unit: "kg", source: .dailyMean(type: "weight"),
                                      preferred: .usersOwnTrend, band: .percent(1), minimumCurrent: 1, minimumBaseline: 3)
    static let steps = InsightMetric(name: "steps", unit: "count", source: .dailyTotal(type: "steps", scale: 1),
                                     preferred: .higher, band: .percent(10), fillsDuringTheDay: true)
    static let activeEnergy = InsightMetric(name: "active_energy", unit: "kcal",
                                            source: .dailyTotal(type: "active_energy", scale: 1), preferred: .higher, band: .percent(10),
                                            fillsDuringTheDay: true)
    /// Stored in seconds; minutes read better and are what the app shows.
    static let sleep = InsightMetric(name: "sleep", unit: "min",
                                     source: .dailyTotal(type: MetricKinds.sleep, scale: 1.0 / 60), preferred: .higher, band: .percent(5))
    static let restingHeartRate = InsightMetric(name: "resting_heart_rate", unit: "count/min",
                                                source: .dailyMean(type: "resting_heart_rate"), preferred: .lower, band: .percent(3))
    static let heartRateVariability = InsightMetric(name: "hrv", unit: "ms",
                                                    source: .dailyMean(type: "hrv"), preferred: .higher, band: .percent(10))
    static let systolicPressure = InsightMetric(name: "bp_systolic", unit: "mmHg",
                                                source: .dailyMean(type: "bp_systolic"), preferred: .lower, band: .percent(3),
                                                minimumCurrent: 1, minimumBaseline: 3)
    static let diastolicPressure = InsightMetric(name: "bp_diastolic", unit: "mmHg",
                                                 source: .dailyMean(type: "bp_diastolic"), preferred: .lower, band: .percent(3),
                                                 minimumCurrent: 1, minimumBaseline: 3)
    static let mood = InsightMetric(name: "mood", unit: "score", source: .mood, preferred: .higher, band: .percent(10))
    /// A weekly dose is one observation a week, so compliance compares 28 days with the 28 before.
    static let medicationCompliance = InsightMetric(name: "medication_compliance", unit: "%",
                                                    source: .doses, preferred: .higher, band: .absolute(10), fillsDuringTheDay: true,
                                                    currentDays: 28, minimumCurrent: 1, minimumBaseline: 1)
}

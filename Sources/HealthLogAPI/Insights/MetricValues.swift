/// A window's value and how many observations (days with data, or expected doses) it rests on.
struct WindowMeasure: Sendable, Equatable {
    let value: Double
    let observations: Int
}

/// One value per day (`YYYY-MM-DD`, the user's time zone) for the days that have data.
struct DailyValues: Sendable {
    let byDay: [String: Double]

    /// Each day's mean of the values given for it.
    static func means(of values: [(day: String, value: Double)]) -> DailyValues {
        var sums: [String: (total: Double, count: Double)] = [:]
        for (day, value) in values {
            let sum = sums[day] ?? (0, 0)
            sums[day] = (sum.total + value, sum.count + 1)
        }
        return DailyValues(byDay: sums.mapValues { $0.total / $0.count })
    }

    /// The days of `from...to` that have data, oldest first.
    func points(from: String, to: String) -> [(day: String, value: Double)] {
        byDay.filter { $0.key >= from && $0.key <= to }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The mean over the days of `from...to` that have data; nil when none has.
    func measure(from: String, to: String) -> WindowMeasure? {
        let values = points(from: from, to: to).map(\.value)
        guard !values.isEmpty else { return nil }
        return WindowMeasure(value: values.reduce(0, +) / Double(values.count), observations: values.count)
    }
}

/// Per medication and day, the doses its schedule expects and the doses logged as taken.
struct DoseLog: Sendable {
    let expected: [String: [String: Int]]
    let taken: [String: [String: Int]]

    /// Compliance in percent over `from...to`: per medication the doses taken, at most as many
    /// as expected (a dose logged a day late still counts, a double dose not twice), over all
    /// expected doses. Nil when no dose was expected; the observations are the expected doses.
    func measure(from: String, to: String) -> WindowMeasure? {
        func sum(_ days: [String: Int]?) -> Int {
            (days ?? [:]).reduce(0) { $1.key >= from && $1.key <= to ? $0 + $1.value : $0 }
        }
        var expectedDoses = 0, takenDoses = 0
        for (medication, days) in expected {
            let due = sum(days)
            expectedDoses += due
            takenDoses += min(sum(taken[medication]), due)
        }
        guard expectedDoses > 0 else { return nil }
        return WindowMeasure(value: 100 * Double(takenDoses) / Double(expectedDoses), observations: expectedDoses)
    }
}

/// What was read for one metric over an insight's days.
enum MetricValues: Sendable {
    case daily(DailyValues)
    case doses(DoseLog)

    func measure(from: String, to: String) -> WindowMeasure? {
        switch self {
        case .daily(let values): values.measure(from: from, to: to)
        case .doses(let log): log.measure(from: from, to: to)
        }
    }

    /// The per-day values, for trends and correlations; doses have none.
    var daily: DailyValues? {
        if case .daily(let values) = self { return values }
        return nil
    }
}

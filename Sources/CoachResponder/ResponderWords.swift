/// Names, units, periods, days and numbers as one locale writes them (from its templates).
struct ResponderWords {
    let language: ResponderLanguage
    /// The user's today, which a named day's date is counted back from.
    var today: String?
    private var templates: ResponderLanguage.Templates { language.templates }

    /// Decimals shown per metric.
    static let decimals: [CoachMetric: Int] = [.distance: 1, .sleep: 1, .weight: 1, .bloodGlucose: 1, .mood: 1]

    func metricName(_ metric: CoachMetric) -> String { templates.metricNames[metric.rawValue] ?? "" }
    func unit(_ metric: CoachMetric) -> String { templates.units[metric.rawValue] ?? "" }
    func number(_ value: Double, _ metric: CoachMetric) -> String { language.number(value, decimals: Self.decimals[metric] ?? 0) }
    func quantity(_ value: Double, _ metric: CoachMetric) -> String { (number(value, metric) + " " + unit(metric)).trimmingSpaces }

    func period(_ period: Period) -> String {
        if period.isNamedDay, let today {
            return ResponderLanguage.fill(templates.periodNames["named_day"] ?? "{day}", ["day": day(period.range(today: today).from)])
        }
        let template = templates.periodNames[period.kind.rawValue] ?? ""
        let month = period.number.flatMap { templates.monthNames.indices.contains($0 - 1) ? templates.monthNames[$0 - 1] : nil } ?? ""
        return ResponderLanguage.fill(template, ["n": String(period.number ?? AnswerComposer.defaultDays), "month": month])
    }

    func since(_ day: String) -> String { ResponderLanguage.fill(templates.periodNames["since"] ?? "", ["day": self.day(day)]) }

    /// "16 May" in the locale's day format.
    func day(_ day: String) -> String {
        let parts = day.split(separator: "-")
        let names = templates.monthNamesInDates ?? templates.monthNames
        guard parts.count == 3, let month = Int(parts[1]), let date = Int(parts[2]), names.indices.contains(month - 1) else { return day }
        return ResponderLanguage.fill(templates.periodNames["day"] ?? "{day} {month}", ["day": String(date), "month": names[month - 1]])
    }

    func label(_ key: String, metric: CoachMetric, period: String) -> String {
        ResponderLanguage.fill(templates.evidenceLabels[key] ?? key, ["metric": metricName(metric), "period": period])
    }

    /// "a, b and c" with the locale's word for "and".
    func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " " + (templates.sentences["and"] ?? "&") + " " + last
    }
}

extension String {
    var trimmingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        while text.hasPrefix(" ") { text.removeFirst() }
        return text
    }
}

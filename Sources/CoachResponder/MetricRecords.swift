/// Records, threshold counts and streaks of one metric: the highest or lowest day, how many days
/// reached a value the user named, and the longest run of consecutive days that did. Every
/// figure is counted from the snapshot's days; the threshold is the user's own number. A period
/// left unnamed covers all the days the snapshot holds for the metric ("the last 120 days"), one
/// since the start the days since the treatment's start ("the last 88 days").
extension MetricStatistics {
    /// The days of the period with data, its range and its name as the reply says it.
    private func days(_ period: Period) -> (days: [CoachSnapshot.DayValue], range: (from: String, to: String), name: String) {
        if period.kind == .unspecified || period.kind == .sinceStart {
            let start = period.kind == .sinceStart ? snapshot.treatmentStart : nil
            let first = start ?? snapshot.daily[metric]?.first?.day ?? snapshot.today
            let range = (from: first, to: snapshot.today)
            return (values(metric, in: range), range, words.period(Period(.recentDays, number: CivilDay.span(from: first, to: snapshot.today))))
        }
        let range = period.range(today: snapshot.today)
        return (values(metric, in: range), range, words.period(period))
    }

    func record(_ period: Period, highest: Bool) -> CoachAnswer {
        let (days, range, periodName) = days(period)
        // The most recent day holding the record, so a tie names the latest one.
        guard let best = days.reversed().max(by: { highest ? $0.value < $1.value : $0.value > $1.value }) else {
            return missing(periodName, range: range)
        }
        let key = highest ? "record_high" : "record_low"
        let fields = ["period": periodName, "metric": words.metricName(metric), "unit": words.unit(metric),
                      "value": words.number(best.value, metric), "day": words.day(best.day), "n": String(days.count)]
        return CoachAnswer(sentences: [language.sentence(key, fields)],
                           evidence: [EvidenceRow(label: words.label(key, metric: metric, period: periodName),
                                                  value: words.quantity(best.value, metric) + " (" + words.day(best.day) + ")"),
                                      EvidenceRow(label: words.label("days", metric: metric, period: periodName), value: String(days.count))])
    }

    func daysAtLeast(_ threshold: Double, period: Period) -> CoachAnswer {
        let (days, range, periodName) = days(period)
        guard !days.isEmpty else { return missing(periodName, range: range) }
        let count = days.filter { $0.value >= threshold }.count
        let fields = thresholdFields(threshold, periodName: periodName, days: days, count: count)
        return CoachAnswer(sentences: [language.sentence("days_at_least", fields)],
                           evidence: [EvidenceRow(label: thresholdLabel("days_at_least", fields), value: "\(count)/\(days.count)")])
    }

    func streak(_ threshold: Double, period: Period) -> CoachAnswer {
        let (days, range, periodName) = days(period)
        guard !days.isEmpty else { return missing(periodName, range: range) }
        // The most recent of equally long runs, as a record names its most recent day.
        var longest: ArraySlice<CoachSnapshot.DayValue> = [], start = 0
        for index in days.indices {
            let continues = index > 0 && days[index - 1].value >= threshold && CivilDay.adding(1, to: days[index - 1].day) == days[index].day
            if !continues { start = index }
            if days[index].value >= threshold, index - start + 1 >= longest.count { longest = days[start...index] }
        }
        guard let first = longest.first, let last = longest.last else { return daysAtLeast(threshold, period: period) }
        var fields = thresholdFields(threshold, periodName: periodName, days: days, count: longest.count)
        fields["first_day"] = words.day(first.day)
        fields["latest_day"] = words.day(last.day)
        return CoachAnswer(sentences: [language.sentence("streak", fields)],
                           evidence: [EvidenceRow(label: thresholdLabel("streak", fields), value: String(longest.count))])
    }

    private func thresholdFields(_ threshold: Double, periodName: String, days: [CoachSnapshot.DayValue], count: Int) -> [String: String] {
        ["period": periodName, "metric": words.metricName(metric), "unit": words.unit(metric), "threshold": words.number(threshold, metric),
         "n": String(days.count), "count": String(count)]
    }

    private func thresholdLabel(_ key: String, _ fields: [String: String]) -> String {
        ResponderLanguage.fill(language.templates.evidenceLabels[key] ?? key, fields)
    }
}

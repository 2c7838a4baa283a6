/// The numbers of one metric question, computed from the snapshot, and the sentences that say
/// them. Cumulative metrics are averaged per day with data; point metrics per reading day;
/// blood pressure as systolic/diastolic pairs.
struct MetricStatistics {
    let metric: CoachMetric
    let snapshot: CoachSnapshot
    let language: ResponderLanguage
    var words: ResponderWords { ResponderWords(language: language, today: snapshot.today) }

    /// Local hours each time of day covers.
    static let hours: [String: ClosedRange<Int>] = ["morning": 5...11, "afternoon": 12...17, "evening": 18...22, "night": 0...4]

    func answer(period: Period, timeOfDay: String?, comparison: Question.Comparison?) -> CoachAnswer {
        switch comparison {
        case .injectionDays: return injectionDays(period)
        case .sinceStart(let name): return sinceStart(name)
        case .record(let highest): return record(period, highest: highest)
        case .daysAtLeast(let threshold): return daysAtLeast(threshold, period: period)
        case .streak(let threshold): return streak(threshold, period: period)
        case nil: return summary(period, timeOfDay: timeOfDay)
        }
    }

    /// Per-day values of `metric` in `range`, at `timeOfDay` when readings allow it.
    func values(_ metric: CoachMetric, in range: (from: String, to: String), timeOfDay: String? = nil) -> [CoachSnapshot.DayValue] {
        if let timeOfDay, let hours = Self.hours[timeOfDay], let readings = snapshot.readings[metric] {
            let kept = readings.filter { $0.day >= range.from && $0.day <= range.to && (hours.contains($0.hour) || (timeOfDay == "night" && $0.hour == 23)) }
            return CoachSnapshot.dailyMeans(kept)
        }
        return (snapshot.daily[metric] ?? []).filter { $0.day >= range.from && $0.day <= range.to }
    }

    private func summary(_ period: Period, timeOfDay: String?) -> CoachAnswer {
        let range = period.range(today: snapshot.today, defaultDays: AnswerComposer.defaultDays)
        let days = values(metric, in: range, timeOfDay: timeOfDay)
        let periodName = words.period(period) + (timeOfDay.flatMap { language.templates.timeOfDayNames[$0] }.map { " (\($0))" } ?? "")
        guard let latest = days.last else { return missing(periodName, range: range) }
        let average = mean(days.map(\.value))
        var fields = ["period": periodName, "metric": words.metricName(metric), "unit": words.unit(metric),
                      "value": words.number(average, metric), "n": String(days.count),
                      "latest": words.number(latest.value, metric), "day": words.day(latest.day)]
        var evidence = [EvidenceRow(label: words.label("average", metric: metric, period: periodName), value: words.quantity(average, metric)),
                        EvidenceRow(label: words.label("days", metric: metric, period: periodName), value: String(days.count))]
        var key = metric.isCumulative ? "cumulative_average" : "point_average"
        if metric == .systolic || metric == .diastolic {
            let diastolic = values(.diastolic, in: range, timeOfDay: timeOfDay), systolic = values(.systolic, in: range, timeOfDay: timeOfDay)
            fields["value"] = words.number(mean(systolic.map(\.value)), .systolic) + "/" + words.number(mean(diastolic.map(\.value)), .diastolic)
            key = "blood_pressure"
            evidence[0] = EvidenceRow(label: words.label("average", metric: .systolic, period: periodName), value: fields["value", default: ""] + " " + words.unit(.systolic))
        }
        if period.isNamedDay { return dayValue(fields, periodName: periodName) }
        return CoachAnswer(sentences: [language.sentence(key, fields)], evidence: evidence)
    }

    /// The value of one named day: its total, or the mean of its readings.
    private func dayValue(_ fields: [String: String], periodName: String) -> CoachAnswer {
        let value = (fields["value", default: ""] + " " + fields["unit", default: ""]).trimmingSpaces
        return CoachAnswer(sentences: [language.sentence(metric.isCumulative ? "day_total" : "day_average", fields)],
                           evidence: [EvidenceRow(label: words.label("day_value", metric: metric, period: periodName), value: value)])
    }

    private func injectionDays(_ period: Period) -> CoachAnswer {
        let range = period.kind == .unspecified
            ? period.range(today: snapshot.today, defaultDays: AnswerComposer.comparisonDays)
            : period.range(today: snapshot.today)
        let periodName = words.period(period.kind == .unspecified ? Period(.recentDays, number: AnswerComposer.comparisonDays) : period)
        let injections = snapshot.injectionDays
        guard !injections.isEmpty else { return CoachAnswer(sentences: [language.sentence("no_injections")], evidence: []) }
        let days = values(metric, in: range)
        let on = days.filter { injections.contains($0.day) }, off = days.filter { !injections.contains($0.day) }
        guard !on.isEmpty, !off.isEmpty else { return missing(periodName, range: range) }
        let (a, b) = (mean(on.map(\.value)), mean(off.map(\.value)))
        let fields = ["period": periodName, "metric": words.metricName(metric), "unit": words.unit(metric), "a": words.number(a, metric),
                      "b": words.number(b, metric), "na": String(on.count), "nb": String(off.count)]
        return CoachAnswer(sentences: [language.sentence("injection_days", fields), language.sentence("correlation_note")],
                           evidence: [EvidenceRow(label: words.label("injection_days", metric: metric, period: periodName), value: words.quantity(a, metric)),
                                      EvidenceRow(label: words.label("other_days", metric: metric, period: periodName), value: words.quantity(b, metric))])
    }

    private func sinceStart(_ name: String?) -> CoachAnswer {
        let medication = snapshot.medications.first { $0.name == name }
            ?? snapshot.medications.first { $0.isGLP1 } ?? snapshot.medications.first
        guard let medication, let start = medication.startDay else {
            return CoachAnswer(sentences: [language.sentence("no_medication")], evidence: [])
        }
        let after = values(metric, in: (start, snapshot.today))
        guard let first = after.first, let latest = after.last, after.count >= 2 else {
            return missing(words.since(start), range: (start, snapshot.today))
        }
        let change = latest.value - first.value
        let fields = ["medication": medication.name, "day": words.day(start), "metric": words.metricName(metric), "unit": words.unit(metric),
                      "first": words.number(first.value, metric), "latest": words.number(latest.value, metric),
                      "change": (change > 0 ? "+" : change < 0 ? "−" : "±") + words.number(abs(change), metric),
                      "first_day": words.day(first.day), "latest_day": words.day(latest.day)]
        return CoachAnswer(sentences: [language.sentence("since_start", fields), language.sentence("trend_note")],
                           evidence: [EvidenceRow(label: words.label("first", metric: metric, period: words.day(first.day)), value: words.quantity(first.value, metric)),
                                      EvidenceRow(label: words.label("latest", metric: metric, period: words.day(latest.day)), value: words.quantity(latest.value, metric))])
    }

    /// No data for the question: say so plainly once, then what the snapshot does hold for that
    /// time (rule 3); never a remark on the missing data itself (rule 14).
    func missing(_ periodName: String, range: (from: String, to: String)) -> CoachAnswer {
        let available = CoachMetric.allCases.filter { other in
            other != metric && other != .diastolic && !values(other, in: range).isEmpty
        }.prefix(3).map(words.metricName)
        let key = available.isEmpty ? "missing_nothing" : "missing"
        return CoachAnswer(sentences: [language.sentence(key, ["metric": words.metricName(metric), "period": periodName,
                                                               "alternatives": words.list(Array(available))])], evidence: [])
    }
}

func mean(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
}

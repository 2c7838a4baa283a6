/// Reads a question into a `Question` with one locale's vocabulary. The order of the checks is
/// the whole policy: an app how-to, then the user's medication log, then tips, then a metric,
/// then small talk; anything else is `unknown` (the responder then says what it can show).
public struct QuestionReader: Sendable {
    let vocabulary: ResponderLanguage.Vocabulary

    public init(language: ResponderLanguage) {
        vocabulary = language.vocabulary
    }

    public func read(_ text: String, medications: [String] = []) -> Question {
        let matcher = PhraseMatcher(text)
        let metric = self.metric(in: matcher)
        if let topic = firstKey(of: vocabulary.howto, in: matcher),
           matcher.contains(any: vocabulary.howtoCues) || metric == nil {
            return .howto(topic)
        }
        if let kind = firstKey(of: vocabulary.medicationLog, in: matcher) {
            return .medicationLog(kind, period(in: matcher))
        }
        if let topic = firstKey(of: vocabulary.tips, in: matcher), matcher.contains(any: vocabulary.tipCues) {
            return .tip(topic)
        }
        if let metric {
            return .metric(metric, period(in: matcher), timeOfDay: firstKey(of: vocabulary.timesOfDay, in: matcher),
                           comparison: comparison(in: matcher, medications: medications))
        }
        if matcher.contains(any: vocabulary.thanks) { return .thanks }
        if matcher.contains(any: vocabulary.greetings) { return .greeting }
        return .unknown
    }

    /// The metric named earliest in the question (the first one people name is the subject).
    private func metric(in matcher: PhraseMatcher) -> CoachMetric? {
        let found = CoachMetric.allCases.compactMap { metric -> (Int, CoachMetric)? in
            let positions = (vocabulary.metrics[metric.rawValue] ?? []).compactMap(matcher.firstMatch(of:))
            return positions.min().map { ($0, metric) }
        }
        return found.min { $0.0 < $1.0 }?.1
    }

    private func period(in matcher: PhraseMatcher) -> Period {
        for kind in [Period.Kind.recentDays, .lastWeek, .thisWeek, .lastMonth, .thisMonth, .yesterday, .today]
        where matcher.contains(any: vocabulary.periods[kind.rawValue] ?? []) {
            return Period(kind, number: kind == .recentDays ? matcher.numbers.first.map { Int($0) } : nil)
        }
        for (index, names) in vocabulary.months.enumerated() where matcher.contains(any: names) {
            return Period(.month, number: index + 1)
        }
        return Period(.unspecified)
    }

    private func comparison(in matcher: PhraseMatcher, medications: [String]) -> Question.Comparison? {
        if matcher.contains(any: vocabulary.comparisons["injection_days"] ?? []) { return .injectionDays }
        guard matcher.contains(any: vocabulary.comparisons["since_start"] ?? []) else { return nil }
        return .sinceStart(medications.first { matcher.contains(any: [$0]) })
    }

    /// The first key (in sorted order, so the choice is stable) whose phrases occur.
    private func firstKey(of table: [String: [String]], in matcher: PhraseMatcher) -> String? {
        table.keys.sorted().first { matcher.contains(any: table[$0] ?? []) }
    }
}

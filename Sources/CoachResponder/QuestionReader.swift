/// Reads a question into a `Question` with one locale's vocabulary. The order of the checks is
/// the whole policy: an app how-to (a topic with a how-to cue, or a topic alone: "did I mark a
/// dose as missed" without a cue asks about the log; a reported incident without a cue, "I
/// injected the wrong dose by mistake, what now?", is no how-to unless the topic's phrase says
/// more than the incident's: "I logged a dose by mistake" asks how to fix the entry, not about
/// the log), then the user's medication log, then
/// tips (unless the question compares, or names a metric and a period: "did my sleep get better
/// since I started", "did I move more this week? my steps" ask for data), then workouts (a
/// workout word, or a workout kind without a metric: "minutes of running", but "how far did I
/// walk" is distance), then a metric, then
/// small talk; anything else is `unknown` (the responder then says what it can show).
public struct QuestionReader: Sendable {
    let vocabulary: ResponderLanguage.Vocabulary
    /// The fewest days a question about gaps between doses can name as its period (four weeks).
    static let shortestGapSpan = 28

    public init(language: ResponderLanguage) {
        vocabulary = language.vocabulary
    }

    public func read(_ text: String, medications: [String] = []) -> Question {
        let matcher = PhraseMatcher(text)
        let namedMetric = self.metric(in: matcher), metric = namedMetric?.metric, logKind = medicationLogKind(in: matcher, medications: medications)
        let asksHow = matcher.contains(any: vocabulary.howtoCues)
        let incidentWords = matcher.longestMatch(among: vocabulary.incidents) ?? 0
        if let topic = bestMatch(of: vocabulary.howto, in: matcher) {
            let describesSlip = incidentWords > 0 && topic.words > incidentWords
            if asksHow || (metric == nil && (describesSlip || (logKind == nil && incidentWords == 0))) { return .howto(topic.key) }
        }
        // A date no calendar has ("30 February") names no day the data could answer for.
        if let day = namedDay(in: matcher), day.kind == .dayOfMonth,
           !CivilDay.exists(dayOfMonth: day.number ?? 1, month: day.month) { return .unknown }
        let sinceStart = matcher.contains(any: vocabulary.comparisons["since_start"] ?? [])
        if let logKind {
            let period = sinceStart ? Period(.sinceStart) : period(in: matcher)
            // "any gaps over 8 days": a span of days that short is the gap asked about, not the period.
            if logKind == "gaps", period.kind == .recentDays, (period.number ?? 0) < Self.shortestGapSpan {
                return .medicationLog(logKind, Period(.unspecified))
            }
            return .medicationLog(logKind, period)
        }
        let comparison = comparison(in: matcher, metric: metric, medications: medications)
        let period = sinceStart && comparison?.countsDays == true ? Period(.sinceStart) : period(in: matcher)
        if let topic = bestKey(of: vocabulary.tips, in: matcher), matcher.contains(any: vocabulary.tipCues),
           comparison == nil, metric == nil || period.kind == .unspecified {
            return .tip(topic)
        }
        // Workout kinds only as written: "scorsa" (last) is a letter from "corsa" (a run).
        let workoutKind = bestKey(of: vocabulary.workoutKinds, in: matcher, typos: false)
        // A workout word asks about workouts unless a metric is named before it, the subject
        // ("heart rate during my workouts"); "minutes of walking" is a workout phrase first.
        let workoutWord = vocabulary.workouts.compactMap { matcher.firstMatch(of: $0) }.min()
        let workoutFirst = workoutWord.map { $0 <= namedMetric?.position ?? Int.max } ?? false
        if workoutFirst || (workoutKind != nil && metric == nil) {
            return .workouts(workoutKind, period)
        }
        if let metric {
            return .metric(metric, period, timeOfDay: bestKey(of: vocabulary.timesOfDay, in: matcher), comparison: comparison)
        }
        if matcher.contains(any: vocabulary.thanks) { return .thanks }
        if matcher.contains(any: vocabulary.greetings) { return .greeting }
        return .unknown
    }

    /// The metric named earliest in the question (the first one people name is the subject);
    /// where two start at the same word, the longer phrase ("heart rate variability" over
    /// "heart rate").
    private func metric(in matcher: PhraseMatcher) -> (metric: CoachMetric, position: Int)? {
        let found = CoachMetric.allCases.compactMap { metric -> (position: Int, words: Int, metric: CoachMetric)? in
            let matches = (vocabulary.metrics[metric.rawValue] ?? []).compactMap { phrase in
                matcher.firstMatch(of: phrase).map { (position: $0, words: PhraseMatcher.pattern(phrase).count) }
            }
            return matches.min { ($0.position, -$0.words) < ($1.position, -$1.words) }.map { ($0.position, $0.words, metric) }
        }
        return found.min { ($0.position, -$0.words) < ($1.position, -$1.words) }.map { ($0.metric, $0.position) }
    }

    private func period(in matcher: PhraseMatcher) -> Period {
        // "the last 4 weeks" is the last 28 days, "the last 3 months" the last 90.
        // The number is the one the period's phrase holds ("at least 7 hours in the last 30 days").
        for (key, days) in [("recent_months", 30.0), ("recent_weeks", 7.0), ("recent_days", 1.0)] {
            if let count = (vocabulary.periods[key] ?? []).lazy.compactMap(matcher.number(at:)).first { return .recentDays(count * days) }
        }
        if let day = namedDay(in: matcher) { return day }
        for kind in [Period.Kind.lastWeek, .thisWeek, .lastMonth, .thisMonth, .yesterday, .today]
        where matcher.contains(any: vocabulary.periods[kind.rawValue] ?? []) {
            return Period(kind)
        }
        return month(in: matcher).map { Period(.month, number: $0) } ?? Period(.unspecified)
    }

    /// The month named (1–12): as written first, then with a typo ("julio" is one letter from "junio").
    private func month(in matcher: PhraseMatcher) -> Int? {
        for typos in [false, true] {
            if let index = vocabulary.months.firstIndex(where: { matcher.contains(any: $0, typos: typos) }) { return index + 1 }
        }
        return nil
    }

    /// One named day, the most specific period: a day of the month (in the month named with it,
    /// "on the 3rd of March"; never a number beside a unit, "on 5 mg"), else a weekday, matched
    /// only as written.
    private func namedDay(in matcher: PhraseMatcher) -> Period? {
        let dates = (vocabulary.periods["day_of_month"] ?? []).lazy
            .filter { phrase in !(matcher.wordAfterNumber(of: phrase).map(isUnit) ?? false) }
            .compactMap(matcher.number(at:))
        if let date = dates.first(where: { (1...31).contains($0) }) {
            return Period(.dayOfMonth, number: Int(date), month: month(in: matcher))
        }
        return vocabulary.weekdays.firstIndex { matcher.contains(any: $0, typos: false) }.map { Period(.weekday, number: $0 + 1) }
    }

    private func isUnit(_ word: String) -> Bool {
        vocabulary.unitWords.contains { PhraseMatcher.word(word, matches: $0, typos: false) }
    }

    /// A comparison: injection days, then, of a named metric, a threshold ("at least #", a streak
    /// of it) or a record day, then since the start of a medication ("my lowest weight since I
    /// started" asks for the record).
    private func comparison(in matcher: PhraseMatcher, metric: CoachMetric?, medications: [String]) -> Question.Comparison? {
        let cues = vocabulary.comparisons
        if matcher.contains(any: cues["injection_days"] ?? []) { return .injectionDays }
        if metric != nil, let threshold = (cues["at_least"] ?? []).lazy.compactMap(matcher.number(at:)).first {
            return matcher.contains(any: cues["streak"] ?? []) ? .streak(threshold) : .daysAtLeast(threshold)
        }
        // Record words only as written: "highest" is two letters from "lightest", "worse" one from "worst".
        if metric != nil, matcher.contains(any: cues["lowest"] ?? [], typos: false) { return .record(highest: false) }
        if metric != nil, matcher.contains(any: cues["highest"] ?? [], typos: false) { return .record(highest: true) }
        guard matcher.contains(any: vocabulary.comparisons["since_start"] ?? []) else { return nil }
        return .sinceStart(medications.first { matcher.contains(any: [$0]) })
    }

    /// What a medication-log question asks: a question that names gaps in the log, a skipped
    /// dose or the first dose asks about it even where a longer phrase counts doses ("how many doses did I skip",
    /// "when did I log my first injection"). Gaps are the log's only beside a word naming it or a
    /// drug named: "any gaps in my step data?" asks about steps.
    private func medicationLogKind(in matcher: PhraseMatcher, medications: [String]) -> String? {
        // Gap and log words only as written: "trous" is a letter from "tous", "Lücken" from
        // "Rücken", "does" from "dose".
        if matcher.contains(any: vocabulary.medicationLog["gaps"] ?? [], typos: false),
           matcher.contains(any: vocabulary.medicationWords + medications, typos: false) {
            return "gaps"
        }
        for kind in ["skipped", "first_taken"] where matcher.contains(any: vocabulary.medicationLog[kind] ?? []) { return kind }
        return bestKey(of: vocabulary.medicationLog.filter { $0.key != "gaps" }, in: matcher)
    }

    /// The key whose longest occurring phrase has the most words (the most specific reading:
    /// where adjectives follow the noun, "una dose saltata" also holds "una dose"); on a tie
    /// the first in sorted order, so the choice is stable.
    private func bestKey(of table: [String: [String]], in matcher: PhraseMatcher, typos: Bool = true) -> String? {
        bestMatch(of: table, in: matcher, typos: typos)?.key
    }

    /// `bestKey` with the number of words of its longest occurring phrase.
    private func bestMatch(of table: [String: [String]], in matcher: PhraseMatcher, typos: Bool = true) -> (key: String, words: Int)? {
        var best: (key: String, words: Int)?
        for key in table.keys.sorted() {
            if let words = matcher.longestMatch(among: table[key] ?? [], typos: typos), words > (best?.words ?? 0) { best = (key, words) }
        }
        return best
    }
}

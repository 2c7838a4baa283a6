/// Turns a `Question` into a `CoachAnswer` from the snapshot alone: every number it says is
/// computed here from the user's rows (rules 1, 7), phrased with the locale's templates in
/// conservative words (rule 4), with one reflective question (rule 5), correlations never
/// told as causes (rule 12), and a pivot to what it can show when data is missing — without
/// remarks about the absence (rules 3, 14).
public struct AnswerComposer: Sendable {
    let language: ResponderLanguage
    /// Days an unspecified period covers.
    static let defaultDays = 7
    /// Days "on injection days" compares over when no period is named.
    static let comparisonDays = 90

    public init(language: ResponderLanguage) {
        self.language = language
    }

    public func answer(_ question: Question, asked text: String, snapshot: CoachSnapshot) -> CoachAnswer {
        switch question {
        case let .metric(metric, period, timeOfDay, comparison):
            let statistics = MetricStatistics(metric: metric, snapshot: snapshot, language: language)
            let reply = statistics.answer(period: period, timeOfDay: timeOfDay, comparison: comparison)
            return finish(reply, reflectionKey: reply.evidence.isEmpty ? "default" : metric.rawValue, asked: text)
        case let .medicationLog(kind, period):
            return finish(MedicationLogAnswer(snapshot: snapshot, language: language).answer(kind, period: period),
                          reflectionKey: "medication", asked: text)
        case let .workouts(kind, period):
            let reply = WorkoutAnswer(snapshot: snapshot, language: language).answer(kind, period: period)
            return finish(reply, reflectionKey: reply.evidence.isEmpty ? "default" : "steps", asked: text)
        case .howto(let topic):
            return CoachAnswer(sentences: [language.templates.howto[topic] ?? language.sentence("pivot")], evidence: [])
        case .tip(let topic):
            return finish(CoachAnswer(sentences: [language.templates.tips[topic] ?? language.sentence("pivot")], evidence: []),
                          reflectionKey: topic, asked: text)
        case .greeting:
            return CoachAnswer(sentences: [language.sentence("greeting"), language.sentence("pivot")], evidence: [])
        case .thanks:
            return CoachAnswer(sentences: [language.sentence("thanks")], evidence: [])
        case .unknown:
            return CoachAnswer(sentences: [language.sentence("pivot")], evidence: [])
        }
    }

    /// The reply and one reflective question, picked stably from the question's text.
    private func finish(_ reply: CoachAnswer, reflectionKey: String, asked text: String) -> CoachAnswer {
        let choices = language.templates.reflections[reflectionKey] ?? language.templates.reflections["default"] ?? []
        guard !choices.isEmpty else { return reply }
        let index = text.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0x7fff_ffff } % choices.count
        return CoachAnswer(sentences: reply.sentences + [choices[index]], evidence: reply.evidence)
    }
}

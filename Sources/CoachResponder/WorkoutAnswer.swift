/// Answers about the user's workouts as Apple Health recorded them: how many in a period, their
/// minutes, by kind, and the latest one ("did my workout show up"). Every figure is counted from
/// the snapshot's workouts; with none in the period it says so once and where workouts come
/// from, without a remark about exercising (rules 3, 14).
struct WorkoutAnswer {
    let snapshot: CoachSnapshot
    let language: ResponderLanguage

    /// HealthKit activity names grouped the way people name them; any other name is its own kind.
    static let groups = ["traditionalStrengthTraining": "strength", "functionalStrengthTraining": "strength", "coreTraining": "strength",
                         "highIntensityIntervalTraining": "hiit", "mixedCardio": "hiit", "wheelchairWalkPace": "walking"]

    static func kind(of workout: CoachSnapshot.Workout) -> String { groups[workout.kind] ?? workout.kind }

    func answer(_ kind: String?, period: Period) -> CoachAnswer {
        let words = ResponderWords(language: language, today: snapshot.today)
        let range = period.range(today: snapshot.today, defaultDays: AnswerComposer.defaultDays)
        let periodName = words.period(period.kind == .unspecified ? Period(.recentDays, number: AnswerComposer.defaultDays) : period)
        let workouts = snapshot.workouts.filter { $0.day >= range.from && $0.day <= range.to && (kind == nil || Self.kind(of: $0) == kind) }
        guard let latest = workouts.last else {
            let none = kind.map { language.sentence("no_workouts_kind", ["kind": name(of: $0), "period": periodName]) }
                ?? language.sentence("no_workouts", ["period": periodName])
            return CoachAnswer(sentences: [none, language.sentence("workouts_sync")], evidence: [])
        }
        var groups: [(kind: String, count: Int, minutes: Double)] = []
        for workout in workouts {
            let key = Self.kind(of: workout)
            if let index = groups.firstIndex(where: { $0.kind == key }) {
                groups[index].count += 1
                groups[index].minutes += workout.minutes
            } else {
                groups.append((key, 1, workout.minutes))
            }
        }
        let minutes = minutesText(workouts.reduce(0) { $0 + $1.minutes })
        let kinds = words.list(groups.map { "\(name(of: $0.kind)) (\($0.count)×, \(minutesText($0.minutes)) min)" })
        let sentences = [language.sentence("workouts", ["period": periodName, "count": String(workouts.count), "minutes": minutes, "kinds": kinds]),
                         language.sentence("latest_workout", ["kind": name(of: Self.kind(of: latest)), "day": words.day(latest.day),
                                                              "minutes": minutesText(latest.minutes)])]
        let label = { (key: String) in ResponderLanguage.fill(language.templates.evidenceLabels[key] ?? key, ["period": periodName]) }
        return CoachAnswer(sentences: sentences, evidence: [EvidenceRow(label: label("workouts"), value: String(workouts.count)),
                                                            EvidenceRow(label: label("workout_minutes"), value: minutes + " min")])
    }

    private func name(of kind: String) -> String {
        language.templates.workoutKinds[kind] ?? language.templates.workoutKinds["other"] ?? kind
    }

    private func minutesText(_ minutes: Double) -> String { language.number(minutes, decimals: 0) }
}

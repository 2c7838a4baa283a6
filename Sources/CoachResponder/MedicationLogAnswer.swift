/// Answers about the user's own medication log: the doses logged in a period (or since the
/// start), the first and the last dose, the doses marked skipped, the longest gap between doses. It reports what was logged, in the past tense; it never says what
/// to take (rule 9).
struct MedicationLogAnswer {
    let snapshot: CoachSnapshot
    let language: ResponderLanguage
    /// Days an unspecified period covers.
    static let defaultDays = 30

    func answer(_ kind: String, period: Period) -> CoachAnswer {
        let words = ResponderWords(language: language, today: snapshot.today)
        // Gaps are judged over the whole treatment unless a period is named.
        let (range, periodName) = span(kind == "gaps" && period.kind == .unspecified ? Period(.sinceStart) : period, words: words)
        let inRange = snapshot.intakes.filter { $0.day >= range.from && $0.day <= range.to }
        switch kind {
        case "last_taken", "first_taken":
            let taken = snapshot.intakes.filter { !$0.skipped }, key = kind == "first_taken" ? "first_dose" : "last_dose"
            guard let intake = kind == "first_taken" ? taken.first : taken.last else { return sentence("no_doses", ["period": periodName]) }
            return CoachAnswer(sentences: [language.sentence(key, ["medication": intake.medication, "dose": dose(intake.doseMg),
                                                                   "day": words.day(intake.day)])],
                               evidence: [EvidenceRow(label: language.templates.evidenceLabels[key] ?? "", value: words.day(intake.day))])
        case "gaps":
            let days = Array(Set(inRange.filter { !$0.skipped }.map(\.day))).sorted()
            guard days.count >= 2 else { return answer("doses", period: period) }
            return gaps(days, periodName: periodName, words: words)
        case "skipped":
            let skipped = inRange.filter(\.skipped)
            return CoachAnswer(sentences: [language.sentence("skipped_count", ["period": periodName, "n": String(skipped.count)])],
                               evidence: [EvidenceRow(label: language.templates.evidenceLabels["skipped"] ?? "", value: String(skipped.count))])
        default:
            let taken = inRange.filter { !$0.skipped }
            guard !taken.isEmpty else { return sentence("no_doses", ["period": periodName]) }
            var groups: [(name: String, count: Int)] = []
            for intake in taken {
                let name = (intake.medication + dose(intake.doseMg))
                if let index = groups.firstIndex(where: { $0.name == name }) { groups[index].count += 1 } else { groups.append((name, 1)) }
            }
            let list = words.list(groups.map { "\($0.name) (\($0.count)×)" })
            return CoachAnswer(sentences: [language.sentence("doses_logged", ["period": periodName, "list": list])],
                               evidence: groups.map { EvidenceRow(label: $0.name, value: "\($0.count)×") })
        }
    }

    /// The longest interval between two consecutive days with a logged dose (the latest on a
    /// tie), in days between them: weekly doses are 7 days apart.
    private func gaps(_ days: [String], periodName: String, words: ResponderWords) -> CoachAnswer {
        var longest = (from: days[0], to: days[1], days: 0)
        for (from, to) in zip(days, days.dropFirst()) {
            let interval = CivilDay.span(from: from, to: to) - 1
            if interval >= longest.days { longest = (from, to, interval) }
        }
        let fields = ["period": periodName, "count": String(days.count), "n": String(longest.days),
                      "from": words.day(longest.from), "to": words.day(longest.to)]
        let label = ResponderLanguage.fill(language.templates.evidenceLabels["dose_gap"] ?? "", fields)
        return CoachAnswer(sentences: [language.sentence("dose_gaps", fields)], evidence: [EvidenceRow(label: label, value: String(longest.days))])
    }

    /// The days a question covers and their name: since the start of the GLP-1 medication (else
    /// the first one, else the first logged dose) for "since I started", named as its number of
    /// days ("the last 88 days": every locale's template reads with it), else the period named.
    private func span(_ period: Period, words: ResponderWords) -> (range: (from: String, to: String), name: String) {
        if period.kind == .sinceStart {
            let start = snapshot.treatmentStart ?? snapshot.today
            return ((start, snapshot.today), words.period(Period(.recentDays, number: CivilDay.span(from: start, to: snapshot.today))))
        }
        let range = period.range(today: snapshot.today, defaultDays: Self.defaultDays)
        return (range, words.period(period.kind == .unspecified ? Period(.recentDays, number: Self.defaultDays) : period))
    }

    private func dose(_ milligrams: Double?) -> String {
        milligrams.map { " " + language.number($0, decimals: 2) + " mg" } ?? ""
    }

    private func sentence(_ key: String, _ fields: [String: String]) -> CoachAnswer {
        CoachAnswer(sentences: [language.sentence(key, fields)], evidence: [])
    }
}

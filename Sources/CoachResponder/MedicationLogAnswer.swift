/// Answers about the user's own medication log: the doses logged in a period, the last dose,
/// the doses marked skipped. It reports what was logged, in the past tense; it never says what
/// to take (rule 9).
struct MedicationLogAnswer {
    let snapshot: CoachSnapshot
    let language: ResponderLanguage
    /// Days an unspecified period covers.
    static let defaultDays = 30

    func answer(_ kind: String, period: Period) -> CoachAnswer {
        let words = ResponderWords(language: language)
        let range = period.range(today: snapshot.today, defaultDays: Self.defaultDays)
        let periodName = words.period(period.kind == .unspecified ? Period(.recentDays, number: Self.defaultDays) : period)
        let inRange = snapshot.intakes.filter { $0.day >= range.from && $0.day <= range.to }
        switch kind {
        case "last_taken":
            guard let last = snapshot.intakes.last(where: { !$0.skipped }) else { return sentence("no_doses", ["period": periodName]) }
            return CoachAnswer(sentences: [language.sentence("last_dose", ["medication": last.medication, "dose": dose(last.doseMg),
                                                                           "day": words.day(last.day)])],
                               evidence: [EvidenceRow(label: language.templates.evidenceLabels["last_dose"] ?? "", value: words.day(last.day))])
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

    private func dose(_ milligrams: Double?) -> String {
        milligrams.map { " " + language.number($0, decimals: 2) + " mg" } ?? ""
    }

    private func sentence(_ key: String, _ fields: [String: String]) -> CoachAnswer {
        CoachAnswer(sentences: [language.sentence(key, fields)], evidence: [])
    }
}

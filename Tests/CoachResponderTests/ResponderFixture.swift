import CoachSafety
@testable import CoachResponder

/// A user three months into Mounjaro: weekly injections on Sundays, steps higher on injection
/// days, weight going down, evening blood pressure readings, mood logged most days, a 30-minute
/// run every Saturday since October and a 45-minute yoga session yesterday.
enum ResponderFixture {
    static let today = "2026-11-18"

    static var snapshot: CoachSnapshot {
        var steps: [CoachSnapshot.DayValue] = [], weight: [CoachSnapshot.DayValue] = [], sleep: [CoachSnapshot.DayValue] = []
        var mood: [CoachSnapshot.DayValue] = [], systolic: [CoachSnapshot.Reading] = [], diastolic: [CoachSnapshot.Reading] = []
        var intakes: [CoachSnapshot.Intake] = [], workouts = [CoachSnapshot.Workout(day: "2026-11-17", kind: "yoga", minutes: 45)]
        for offset in 0..<120 {
            let day = CivilDay.adding(-offset, to: today)
            let injection = CivilDay.isoWeekday(day) == 7 && day >= "2026-08-23"
            steps.append(.init(day: day, value: injection ? 9000 : 6000))
            sleep.append(.init(day: day, value: 7.5))
            if offset % 3 == 0 { mood.append(.init(day: day, value: 4)) }
            if day >= "2026-08-23" { weight.append(.init(day: day, value: 90 - Double(120 - offset) * 0.05)) }
            systolic.append(.init(day: day, hour: 20, value: 128))
            diastolic.append(.init(day: day, hour: 20, value: 82))
            systolic.append(.init(day: day, hour: 7, value: 118))
            diastolic.append(.init(day: day, hour: 7, value: 76))
            if CivilDay.isoWeekday(day) == 6, day >= "2026-10-01" { workouts.append(.init(day: day, kind: "running", minutes: 30)) }
            if injection { intakes.append(.init(medication: "Mounjaro", day: day, doseMg: day < "2026-10-15" ? 2.5 : 5, skipped: false)) }
        }
        intakes.append(.init(medication: "Mounjaro", day: "2026-11-08", doseMg: nil, skipped: true))
        return CoachSnapshot(today: today,
                             daily: [.steps: steps, .weight: weight, .sleep: sleep, .mood: mood,
                                     .systolic: CoachSnapshot.dailyMeans(systolic), .diastolic: CoachSnapshot.dailyMeans(diastolic)],
                             readings: [.systolic: systolic, .diastolic: diastolic],
                             medications: [.init(name: "Mounjaro", isGLP1: true, startDay: "2026-08-23")], intakes: intakes,
                             workouts: workouts)
    }

    /// How the built-in responder reads and answers `question` in `locale` from this snapshot.
    static func read(_ question: String, locale: CoachLocale = .en) throws -> (Question, CoachAnswer) {
        let language = try ResponderLanguage.load(locale)
        let snapshot = Self.snapshot
        let read = QuestionReader(language: language).read(question, medications: snapshot.medications.map(\.name))
        return (read, AnswerComposer(language: language).answer(read, asked: question, snapshot: snapshot))
    }
}

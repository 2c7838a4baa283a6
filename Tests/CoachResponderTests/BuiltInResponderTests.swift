import CoachSafety
@testable import CoachResponder
import XCTest

/// The questions people ask of the app, answered from the fixture's numbers: each answer must
/// carry the user's actual figure, keep to one reflective question, and never claim a cause.
final class BuiltInResponderTests: XCTestCase {
    private func reply(_ question: String) throws -> CoachAnswer {
        try ResponderFixture.read(question).1
    }

    func testEnglishQuestionsGetTheUsersFigures() throws {
        let cases: [(String, [String])] = [
            ("how many steps did I do on injection days", ["9000", "6000"]),
            ("How many stpes did i do on injecton days?", ["9000", "6000"]),
            ("has my weight gone down since I started Mounjaro", ["Mounjaro", "−"]),
            ("what was my evening blood pressure last week", ["128/82"]),
            ("what was my morning blod presure last week", ["118/76"]),
            ("which dose did I log in October", ["Mounjaro 2.5 mg", "Mounjaro 5 mg"]),
            ("when did I last take my Mounjaro", ["15 November"]),
            ("how did I sleep last week", ["7.5"]),
            ("how many skipped doses last month?", ["0"]),
            ("how was my mood this month", ["4"]),
        ]
        for (question, expected) in cases {
            let answer = try reply(question)
            for fragment in expected { XCTAssertTrue(answer.text.contains(fragment), "\(question) → \(answer.text)") }
            XCTAssertFalse(answer.text.lowercased().contains("caused by"), question)
        }
    }

    /// Records, threshold counts and streaks, counted from the fixture: steps are 9000 on the
    /// Sundays since 23 August and 6000 on every other day of the 120, weight falls to 84 kg today.
    func testRecordsThresholdCountsAndStreaksAreTheFixturesFigures() throws {
        let cases: [(String, Question, [String])] = [
            ("what was my best step day this month", .metric(.steps, Period(.thisMonth), timeOfDay: nil, comparison: .record(highest: true)),
             ["highest steps was 9000 steps on 15 November", "across 18 days"]),
            ("peak step day", .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: .record(highest: true)),
             ["9000 steps on 15 November", "the last 120 days"]),
            ("lowest weight since I started", .metric(.weight, Period(.sinceStart), timeOfDay: nil, comparison: .record(highest: false)),
             ["lowest weight was 84 kg on 18 November", "the last 88 days"]),
            ("how many days did I reach 9000 steps since I started Mounjaro",
             .metric(.steps, Period(.sinceStart), timeOfDay: nil, comparison: .daysAtLeast(9000)), ["13 of your 88 days"]),
            ("how many days did I reach 9000 steps", .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: .daysAtLeast(9000)),
             ["13 of your 120 days"]),
            ("how many days did I walk over 8,000 steps last month", .metric(.steps, Period(.lastMonth), timeOfDay: nil, comparison: .daysAtLeast(8000)),
             ["4 of your 31 days with data reached 8000 steps or more"]),
            ("how many days did I hit 10k steps last month", .metric(.steps, Period(.lastMonth), timeOfDay: nil, comparison: .daysAtLeast(10000)),
             ["0 of your 31 days"]),
            ("how many nights did I sleep at least 7 hours in the last 30 days",
             .metric(.sleep, .recentDays(30), timeOfDay: nil, comparison: .daysAtLeast(7)), ["30 of your 30 days", "7 h"]),
            ("longest streak at 8,000 steps", .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: .streak(8000)),
             ["or more was 1, from 15 November to 15 November"]),
            ("most days in a row with 6000 steps or more", .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: .streak(6000)),
             ["was 120, from 22 July to 18 November"]),
        ]
        for (question, expected, fragments) in cases {
            let (read, answer) = try ResponderFixture.read(question)
            XCTAssertEqual(read, expected, question)
            for fragment in fragments { XCTAssertTrue(answer.text.contains(fragment), "\(question) → \(answer.text)") }
            XCTAssertFalse(answer.evidence.isEmpty, question)
            XCTAssertEqual(answer.sentences.filter { $0.hasSuffix("?") }.count, 1, "rule 5: \(answer.text)")
        }
        let noData = try reply("my highest heart rate variability last week")
        XCTAssertTrue(noData.text.contains("I don't see heart rate variability"), "no invented figure: \(noData.text)")
        XCTAssertTrue(noData.evidence.isEmpty)
    }

    /// The log since the medication's start (23 August: eight 2.5 mg and five 5 mg Sundays),
    /// not the default 30 days (four 5 mg ones), and the first logged dose.
    func testTheLogSinceTheStartAndTheFirstDose() throws {
        let (since, sinceAnswer) = try ResponderFixture.read("how many injections since I started")
        XCTAssertEqual(since, .medicationLog("doses", Period(.sinceStart)))
        XCTAssertTrue(sinceAnswer.text.contains("Over the last 88 days you logged: Mounjaro 2.5 mg (8×) and Mounjaro 5 mg (5×)."), sinceAnswer.text)
        XCTAssertTrue(try reply("how many injections have I logged").text.contains("Mounjaro 5 mg (4×)."))
        let (first, firstAnswer) = try ResponderFixture.read("when did I log my first dose")
        XCTAssertEqual(first, .medicationLog("first_taken", Period(.unspecified)))
        XCTAssertTrue(firstAnswer.text.contains("Your first logged dose was Mounjaro 2.5 mg on 23 August."), firstAnswer.text)
        XCTAssertEqual(firstAnswer.evidence.map(\.label), ["First logged dose"])
    }

    /// A single named day answers with that day's value, counted back from the fixture's today
    /// (Wednesday 18 November): Sundays since 23 August have 9000 steps, other days 6000; weight
    /// is 84.3 kg on 12 November; evening and morning blood pressure average 123/79 a day.
    func testANamedDayGetsThatDaysValueOrThePivot() throws {
        let cases: [(String, Period, String)] = [
            ("how many steps did I do on Sunday", Period(.weekday, number: 7), "On 15 November, your steps came to 9000 steps."),
            ("steps this Monday", Period(.weekday, number: 1), "On 16 November, your steps came to 6000 steps."),
            ("what was my weight on the 12th", Period(.dayOfMonth, number: 12), "On 12 November, your weight averaged 84.3 kg."),
            ("my blood pressure on 3 October", Period(.dayOfMonth, number: 3, month: 10), "On 3 October, your blood pressure averaged 123/79 mmHg."),
            ("how did I sleep on the 25th", Period(.dayOfMonth, number: 25), "On 25 October, your sleep came to 7.5 h."),
        ]
        for (question, period, sentence) in cases {
            let (read, answer) = try ResponderFixture.read(question)
            guard case .metric(_, let readPeriod, _, nil) = read else { return XCTFail("\(question) → \(read)") }
            XCTAssertEqual(readPeriod, period, question)
            XCTAssertEqual(answer.sentences.first, sentence, question)
            XCTAssertEqual(answer.evidence.count, 1, question)
            XCTAssertFalse(answer.evidence.contains { $0.label.contains("_") }, "rule 8: \(answer.evidence)")
            XCTAssertEqual(answer.sentences.filter { $0.hasSuffix("?") }.count, 1, "rule 5: \(answer.text)")
        }
        let missing = try reply("what was my weight on the 1st of August")
        XCTAssertTrue(missing.text.hasPrefix("I don't see weight for 1 August. For that time I can look at your steps"), missing.text)
        XCTAssertTrue(missing.evidence.isEmpty)
        let (logged, loggedAnswer) = try ResponderFixture.read("did I log my Mounjaro shot last Sunday")
        XCTAssertEqual(logged, .medicationLog("doses", Period(.weekday, number: 7)))
        XCTAssertTrue(loggedAnswer.text.contains("Over 15 November you logged: Mounjaro 5 mg (1×)."), loggedAnswer.text)
        XCTAssertEqual(try ResponderFixture.read("steps over the last 10 days").0, .metric(.steps, .recentDays(10), timeOfDay: nil, comparison: nil))
    }

    /// Workouts counted from the fixture: a 30-minute run each Saturday since October (five in
    /// October, one last week on 14 November) and 45 minutes of yoga on 17 November.
    func testWorkoutsAreCountedFromTheSnapshot() throws {
        let cases: [(String, Question, [String])] = [
            ("how many workouts did I do last week", .workouts(nil, Period(.lastWeek)),
             ["Workouts, last week: 1, 30 minutes in all (running (1×, 30 min)).", "The latest was running on 14 November, 30 minutes."]),
            ("how many minutes of running in October", .workouts("running", Period(.month, number: 10)),
             ["Workouts, in October: 5, 150 minutes in all (running (5×, 150 min))."]),
            ("did my workout show up?", .workouts(nil, Period(.unspecified)),
             ["Workouts, the last 7 days: 2, 75 minutes in all (running (1×, 30 min) and yoga (1×, 45 min)).",
              "The latest was yoga on 17 November, 45 minutes."]),
        ]
        for (question, expected, fragments) in cases {
            let (read, answer) = try ResponderFixture.read(question)
            XCTAssertEqual(read, expected, question)
            for fragment in fragments { XCTAssertTrue(answer.text.contains(fragment), "\(question) → \(answer.text)") }
            XCTAssertEqual(answer.evidence.map(\.label).first?.hasPrefix("Workouts, "), true, "rule 8: \(answer.evidence)")
            XCTAssertEqual(answer.sentences.filter { $0.hasSuffix("?") }.count, 1, "rule 5: \(answer.text)")
        }
        let (swims, none) = try ResponderFixture.read("how many times did I swim last month")
        XCTAssertEqual(swims, .workouts("swimming", Period(.lastMonth)))
        // A metric named before the workout word is the subject: "heart rate during my workouts".
        XCTAssertEqual(try ResponderFixture.read("my heart rate during my workouts last week").0,
                       .metric(.heartRate, Period(.lastWeek), timeOfDay: nil, comparison: nil))
        XCTAssertEqual(try ResponderFixture.read("steps while exercising this week").0,
                       .metric(.steps, Period(.thisWeek), timeOfDay: nil, comparison: nil))
        XCTAssertTrue(none.text.hasPrefix("I don't see swimming for last month. Workouts recorded in Apple Health appear here"), none.text)
        XCTAssertTrue(none.evidence.isEmpty)
        XCTAssertEqual(try ResponderFixture.read("how far did I walk last week").0, .metric(.distance, Period(.lastWeek), timeOfDay: nil, comparison: nil))
    }

    /// A number beside a unit is a dose or a span, not a day of the month ("on 5 mg", "con il
    /// 10 mg", "in den 2 Wochen").
    func testANumberBesideAUnitIsNoDay() throws {
        for (question, locale) in [("my weight on 5 mg", CoachLocale.en), ("il mio peso con il 10 mg", .it),
                                   ("meine Schritte in den 2 Wochen nach der Spritze", .de), ("mon poids le 5 mg", .fr)] {
            let read = try ResponderFixture.read(question, locale: locale).0
            guard case .metric(_, let period, _, _) = read else { XCTFail("\(question) → \(read)"); continue }
            XCTAssertNotEqual(period.kind, .dayOfMonth, question)
        }
        XCTAssertEqual(try ResponderFixture.read("my weight on the 12th").0, .metric(.weight, Period(.dayOfMonth, number: 12), timeOfDay: nil, comparison: nil))
    }

    /// A date no calendar has ("30 February") names no day: the responder pivots instead of
    /// answering today's value under today's date.
    func testAnImpossibleDatePivots() throws {
        let pivot = try ResponderLanguage.load(.en).sentence("pivot")
        for question in ["what was my weight on 30 February", "my steps on the 31st of April"] {
            let (read, answer) = try ResponderFixture.read(question)
            XCTAssertEqual(read, .unknown, question)
            XCTAssertTrue(answer.sentences.contains(pivot), "\(question) → \(answer.text)")
        }
    }

    /// Gaps in the dose log: the fixture's 13 weekly doses since 23 August are 7 days apart
    /// (the latest such interval named); a period named narrows it.
    func testTheLongestGapBetweenLoggedDoses() throws {
        let (read, answer) = try ResponderFixture.read("How consistent have I been with logging my shots? any gaps > 8 days?")
        XCTAssertEqual(read, .medicationLog("gaps", Period(.unspecified)))
        XCTAssertTrue(answer.text.contains("Over the last 88 days you logged 13 doses; the longest interval between two of them was 7 days, from 8 November to 15 November."), answer.text)
        XCTAssertEqual(answer.evidence, [EvidenceRow(label: "Longest interval between logged doses (days), the last 88 days", value: "7")])
        for (question, locale) in [("Übungen für den Rücken nach der Gartenarbeit?", CoachLocale.de), ("rappel tous les samedis", .fr)] {
            guard case .medicationLog("gaps", _) = try ResponderFixture.read(question, locale: locale).0 else { continue }
            XCTFail("gap words match only as written: \(question)")
        }
        // Gap words read the dose log only beside a dose, shot or log word (or a drug named).
        XCTAssertEqual(try ResponderFixture.read("How consistent is my sleep?").0, .metric(.sleep, Period(.unspecified), timeOfDay: nil, comparison: nil))
        XCTAssertEqual(try ResponderFixture.read("any gaps in my step data?").0, .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: nil))
        XCTAssertTrue(try reply("any gaps in my log in October?").text.contains("you logged 4 doses; the longest interval between two of them was 7 days, from 18 October to 25 October."))
    }

    func testHowToTipsAndUnknownQuestions() throws {
        XCTAssertTrue(try reply("how do I log a skipped injection").text.contains("Skipped"))
        XCTAssertTrue(try reply("any tips for sleeping better").text.contains("bedtime"))
        let unknown = try reply("qwertz uiop")
        XCTAssertTrue(unknown.text.contains("How did I sleep last week?"), "rule 3: a pivot to what it can show")
        XCTAssertTrue(unknown.evidence.isEmpty)
    }

    /// The classes of wording the fresh sets showed missing (the phrasebooks of
    /// `LocalizedResponderTests` carry the same classes in the other locales), answered, not pivoted.
    func testLogHowToAndTipClassesReadAsTheirIntent() throws {
        let cases: [(String, Question)] = [
            ("can I see my injection history for September", .medicationLog("doses", Period(.month, number: 9))),
            ("how many shots have I logged in the past 3 months", .medicationLog("doses", .recentDays(90))),
            ("when did I log my last Mounjaro jab", .medicationLog("last_taken", Period(.unspecified))),
            ("did I mark a dose as missed last month", .medicationLog("skipped", Period(.lastMonth))),
            ("how many doses did I skip last month", .medicationLog("skipped", Period(.lastMonth))),
            ("I entered the wrong dose yesterday, how can I fix the entry?", .howto("edit_medication")),
            ("how do I mark this week's injection as skipped", .howto("log_skipped")),
            ("how much water should I be drinking at work", .tip("hydration")),
            ("what should I eat for breakfast to stay full", .tip("weight")),
            ("ideas for a short strength routine at home", .tip("activity")),
            ("how much have I lost in the last 3 months", .metric(.weight, .recentDays(90), timeOfDay: nil, comparison: nil)),
            ("avg resting hr over the last 2 weeks", .metric(.restingHeartRate, .recentDays(14), timeOfDay: nil, comparison: nil)),
        ]
        let pivot = try ResponderLanguage.load(.en).sentence("pivot")
        for (question, expected) in cases {
            let (read, answer) = try ResponderFixture.read(question)
            XCTAssertEqual(read, expected, question)
            if case .metric = expected { continue }
            XCTAssertFalse(answer.sentences.contains(pivot), "\(question) → \(answer.text)")
        }
        XCTAssertTrue(try reply("how many shots have I logged in the past 3 months").text.contains("Mounjaro 2.5 mg"))
    }

    /// An incident is no app how-to without a how-to cue, a dose question no log question unless it asks
    /// about the log, and a period's number is the one its phrase holds, not the message's first number.
    func testIncidentsDoseQuestionsAndPeriodNumbersInSeveralLocales() throws {
        let incidents: [(String, CoachLocale)] = [
            ("I injected the wrong dose by mistake, what now?", .en), ("Ich habe aus Versehen die falsche Dosis gespritzt, was nun?", .de),
            ("Je me suis injecté la mauvaise dose par erreur, et maintenant ?", .fr), ("Me inyecté la dosis equivocada por error, ¿qué hago ahora?", .es),
            ("Mi sono iniettato la dose sbagliata per errore, cosa faccio adesso?", .it), ("Wstrzyknąłem złą dawkę przez pomyłkę, co teraz?", .pl),
        ]
        for (question, locale) in incidents {
            let (read, _) = try ResponderFixture.read(question, locale: locale)
            XCTAssertNotEqual(read, .howto("edit_medication"), "[\(locale)] \(question)")
            if case .medicationLog = read { XCTFail("[\(locale)] \(question) reads as the log") }
        }
        XCTAssertEqual(try ResponderFixture.read("I logged the wrong dose by mistake, how do I fix the entry?").0, .howto("log_entry"))
        let (slip, slipAnswer) = try ResponderFixture.read("I logged a dose by mistake")
        XCTAssertEqual(slip, .howto("log_entry"), "a slip in the log asks how to fix the entry")
        XCTAssertTrue(slipAnswer.text.contains("delete it"), slipAnswer.text)
        for question in ["Jaka dawka na głód?", "Jaką dawkę mam brać na początek?", "Która dawka jest najlepsza?"] {
            if case .medicationLog = try ResponderFixture.read(question, locale: .pl).0 { XCTFail("\(question) reads as the log") }
        }
        for question in ["Jaką dawkę zapisałam w październiku?", "Jaką dawkę brałam w zeszłym miesiącu?"] {
            guard case .medicationLog("doses", _) = try ResponderFixture.read(question, locale: .pl).0 else { return XCTFail(question) }
        }
        let periods: [(String, CoachLocale)] = [
            ("how was my weight in my 2 mg weeks over the last 3 months", .en), ("wie war mein Gewicht in meinen 2 mg Wochen in den letzten 3 Monaten", .de),
        ]
        for (question, locale) in periods {
            let (read, _) = try ResponderFixture.read(question, locale: locale)
            XCTAssertEqual(read, .metric(.weight, .recentDays(90), timeOfDay: nil, comparison: nil), "[\(locale)] \(question)")
        }
    }

    func testMissingDataPivotsWithoutChastising() throws {
        let answer = try reply("what was my heart rate variability last week")
        XCTAssertTrue(answer.text.contains("I can look at your"), answer.text)
        for word in ["forgot", "should have", "failed", "didn't record", "must"] {
            XCTAssertFalse(answer.text.lowercased().contains(word), "rule 14: \(answer.text)")
        }
    }

    func testEvidenceLabelsAreDisplayNamesAndCorrelationsAreNotCauses() throws {
        let answer = try reply("steps on injection days")
        XCTAssertEqual(answer.evidence.count, 2)
        for row in answer.evidence {
            XCTAssertFalse(row.label.contains("_"), "rule 8: \(row.label)")
            XCTAssertFalse(row.label.contains("HKQuantity"), row.label)
        }
        XCTAssertTrue(answer.text.contains("not proof that one causes the other"), answer.text)
        XCTAssertEqual(answer.sentences.filter { $0.hasSuffix("?") }.count, 1, "rule 5: one reflective question")
    }

    /// Phrases split at apostrophes as questions do; where phrases overlap, the longer (more
    /// specific) one decides; a month is read as written before one with a typo.
    func testPhrasesSplitLikeQuestionsAndTheMostSpecificReadingWins() throws {
        XCTAssertTrue(PhraseMatcher("nei giorni dell'iniezione").contains(any: ["giorn* dell'iniezione"]))
        XCTAssertTrue(PhraseMatcher("depuis que j'ai commencé").contains(any: ["depuis que j'ai commenc*"]))
        XCTAssertEqual(PhraseMatcher("registro una dose saltata").longestMatch(among: ["registr* * dose", "registr* * * saltat*"]), 4)
        XCTAssertTrue(PhraseMatcher("julio").contains(any: ["junio"]))
        XCTAssertFalse(PhraseMatcher("julio").contains(any: ["junio"], typos: false))
        XCTAssertEqual(try ResponderFixture.read("what was my heart rate variability").0, .metric(.hrv, Period(.unspecified), timeOfDay: nil, comparison: nil))
    }

    /// "The last N weeks" is the last 7·N days in every locale; a question that names a metric and
    /// a period, or compares, asks for data even when it holds a tip cue.
    func testWeeksCountAsDaysAndDataQuestionsWinOverTips() throws {
        let weeks: [(CoachLocale, String)] = [(.en, "blood pressure last 2 weeks"), (.de, "Blutdruck letzte 2 Wochen"),
                                              (.fr, "ma tension des 2 dernières semaines"), (.es, "tensión arterial de las últimas 2 semanas"),
                                              (.it, "pressione delle ultime 2 settimane"), (.pl, "ciśnienie z ostatnich 2 tygodni")]
        for (locale, question) in weeks {
            XCTAssertEqual(try ResponderFixture.read(question, locale: locale).0,
                           .metric(.systolic, Period(.recentDays, number: 14), timeOfDay: nil, comparison: nil), question)
        }
        XCTAssertEqual(try ResponderFixture.read("J'ai bougé plus que d'hab cette semaine ? mes pas stp", locale: .fr).0,
                       .metric(.steps, Period(.thisWeek), timeOfDay: nil, comparison: nil))
        XCTAssertEqual(try ResponderFixture.read("did my sleep get better since starting Mounjaro").0,
                       .metric(.sleep, Period(.unspecified), timeOfDay: nil, comparison: .sinceStart("Mounjaro")))
        XCTAssertEqual(try ResponderFixture.read("any tips for sleeping better").0, .tip("sleep"))
    }

    /// Numbers come from what the user typed: a span too long, or words `Double` would read as
    /// numbers, are held to a span the reply can name, never trapped on.
    func testSpansFromAnyTypedNumberStayWithinAYear() throws {
        let year = Period(.recentDays, number: Period.maxRecentDays)
        let questions: [(String, Period)] = [
            ("steps in the last 99999999999999999999999 weeks", year), ("steps in the last 9223372036854775807 days", year),
            ("steps in the last 1e400 days", Period(.unspecified)), ("steps in the last nan days", Period(.unspecified)),
            ("steps in the last inf weeks", Period(.unspecified)), ("steps in the last 0 days", Period(.recentDays, number: 1)),
            ("steps in the last 2.5 weeks", Period(.recentDays, number: 18)),
        ]
        for (question, period) in questions {
            let (read, answer) = try ResponderFixture.read(question)
            XCTAssertEqual(read, .metric(.steps, period, timeOfDay: nil, comparison: nil), question)
            XCTAssertFalse(answer.sentences.isEmpty, question)
        }
        XCTAssertEqual(PhraseMatcher("nan inf 0x1p3 1e5 7 2,5 3.").numbers, [7, 2.5, 3])
    }

    func testTheTypoMatcherForgivesOneSlipAndNotMore() {
        XCTAssertTrue(PhraseMatcher("blod presure").contains(any: ["blood pressure"]))
        XCTAssertTrue(PhraseMatcher("Krokow w zeszlym tygodniu").contains(any: ["krok*"]))
        XCTAssertTrue(PhraseMatcher("2,5 mg").numbers == [2.5])
        XCTAssertFalse(PhraseMatcher("stop").contains(any: ["steps"]))
        XCTAssertFalse(PhraseMatcher("weather").contains(any: ["weight"]))
    }
}

/// The parts of a sentence that ask something of the Coach: the clause of each request marker,
/// of a choice, of an act on a dose the user announces, or a question's own clause.
extension GateRules {
    /// The parts of a sentence that ask: the clause of each request marker (a modality, an approval
    /// tag that asks, an amount question or judgement, a dose value, a comparative) and of a choice
    /// between two options ("nimmt er es heute oder wartet er", "0.25 or 0.5"); the whole sentence
    /// when it puts an arrow between amounts ("2.5 -> 5"); a question whose last clause holds no such
    /// marker (that clause alone when it names only a time: "J'ai oublié mon Ozempic dimanche, je le
    /// fais aujourd'hui ?"); the clause of each act on a dose the sentence announces
    /// (`announcedDoseActs`); with none of these, the first clause when it opens with a verb of
    /// changing, taking or injecting (an imperative). Empty when the sentence asks nothing.
    func askingParts(_ sentence: SentenceFacts) -> [Range<Int>] {
        guard sentence.wordCount > 0 else { return [] }
        let (first, end) = (sentence.words.lowerBound, sentence.words.upperBound)
        let starts = [first] + sentence.clauseOpenings.filter { $0 > first && $0 < end }.sorted()
        let clause = { (word: Int) -> Range<Int> in
            (starts.last { $0 <= word } ?? first)..<(starts.first { $0 > word } ?? end)
        }
        // An approval tag asks in the last clause of a question ("Monday ok?") or anywhere in a
        // sentence without a question mark that no question follows ("half a dose, fine");
        // elsewhere it describes ("mir geht's ok, aber …, Tipps?", "od września jestem na
        // Mounjaro i ogólnie jest ok, … Możesz mi pokazać …?").
        let lastClause = clause(end - 1)
        let questionFollows = sentences.contains { $0.isQuestion && $0.firstToken > sentence.firstToken && $0.wordCount > 0 }
        // A modality inside a reported instruction asks nothing ("Meine Ärztin hat gesagt, ich soll
        // ab jetzt donnerstags spritzen", "Doc said to take it on Mondays").
        let reported = sentence.hits(of: [.ownHistory])
        // In a question, a modality that only frames a history marker across a comma asks the
        // question itself ("Czy mógłby mi Pan powiedzieć, którego dnia wzięłam …?"): the whole
        // sentence is judged instead.
        let framing = { (marker: SentenceFacts.Hit) in
            sentence.isQuestion && marker.termClass == .adviceModality
                && reported.contains { self.framesHistory(marker, before: $0, in: sentence) }
        }
        let markers = sentence.hits(of: Self.requestMarkers).filter { marker in
            !reported.contains(where: marker.isPart) && !framing(marker)
        }.filter { marker in
            marker.termClass != .approvalTag || (!sentence.isQuestion && !questionFollows) || lastClause.contains(marker.start)
                || sentence.hits.contains {
                    $0.start == marker.start && $0.termClass != .approvalTag && Self.requestMarkers.contains($0.termClass)
                }
        }
        var parts = Set(markers.map { clause($0.start) })
        if joinsChoice(sentence) {
            parts.formUnion(sentence.hits(of: [.choiceWord]).map { clause($0.start) })
        }
        if sentence.arrowNumbers > 0 { parts.insert(first..<end) }
        // An act on a dose that the sentence announces rather than reports asks, with or without a
        // question mark or modality ("gonna skip my Ozempic this week", "pensavo di dimezzare la
        // dose"): answering an announced plan endorses it.
        parts.formUnion(announcedDoseActs(sentence).map { clause($0.start) })
        // A plan in time asked for a dose to move along asks for that titration plan, whatever
        // verb asks for it ("hazme un plan de los próximos meses para llegar a 15 con el Mounjaro").
        parts.formUnion(schedulesDose(sentence).map { clause($0.start) })
        if sentence.isQuestion, !parts.contains(lastClause) {
            // A last clause that names a time and no topic of its own asks about that time ("J'ai
            // oublié mon Ozempic dimanche, je le fais aujourd'hui ?"); otherwise the question is the
            // whole sentence ("Ändern sich meine Schritte an den Tagen, an denen ich spritze?").
            let classes = Set(sentence.hits.filter { lastClause.contains($0.start) }.map(\.termClass))
            let asksTime = lastClause.lowerBound > first && classes.contains(.timingWord)
                && classes.isDisjoint(with: [.ownHistory, .pastReport, .healthAnchor, .answerableRequest, .appAction])
            parts.insert(asksTime ? lastClause : first..<end)
        }
        if parts.isEmpty, sentence.hits(of: [.changeVerb, .intakeVerb, .injectionWord]).contains(where: { $0.start == first }) {
            parts.insert(clause(first))
        }
        return Array(parts)
    }

    /// The changes of a dose in `sentence` that it neither reports ("since I started", "j'ai
    /// sauté", "said to skip") nor places in a clause that reports the past ("last week I had to
    /// skip"): acts the user announces or considers, which ask whether or not they are put as a
    /// question.
    /// A change after a reason or condition in its clause gives the reason for something else
    /// ("wie richte ich eine Erinnerung ein, damit ich die Spritze nicht mehr auslasse?"), and one
    /// after a clinician in its clause is the clinician's decision, which the user may record ("Mi
    /// médico me pasó a 1 mg, ¿dónde lo cambio en la app?", where "pasó" may be written "paso").
    func announcedDoseActs(_ sentence: SentenceFacts) -> [SentenceFacts.Hit] {
        let before = sentence.hits(of: [.reasonWord, .persona])
        return dosingChanges(sentence).filter { change in
            !reportsHistory(change, in: sentence) && !reportsPast(around: change, in: sentence)
                && !before.contains { $0.end <= change.start && !sentence.opensClause(from: $0.end, through: change.start) }
        }
    }

    /// The schedule nouns of `sentence` that ask for a titration plan: a calendar, timetable, roadmap
    /// or plan with, after it in the sentence, a change of a dose (when `changes`) or a number
    /// something is moved to that counts no time or health word ("a timetable for getting from
    /// 2.5 up to 10", "fais-moi un calendrier pour arriver à 2,4", "zrób mi harmonogram, jak dojść
    /// do 15"). A plan of walks ("a plan to get up to 10 000 steps") or of weeks names no dose.
    func schedulesDose(_ sentence: SentenceFacts, changes: Bool = true) -> [SentenceFacts.Hit] {
        let nouns = sentence.hits(of: [.scheduleNoun])
        guard !nouns.isEmpty else { return [] }
        let numberWords = sentence.hits(of: [.numberWord])
        // A word of time after the number counts it ("for 2 weeks"), unless it opens a point in
        // time ("a 3,0 antes del verano").
        let counted = Set(sentence.hits(of: [.measureWord, .timingWord, .healthAnchor]).map(\.start))
            .subtracting(sentence.hits(of: [.timePreposition]).map(\.start))
        let targets = sentence.hits(of: [.targetPreposition]).map(\.end).filter { number in
            let end = sentence.numberStarts.contains(number) ? number + 1 : numberWords.first { $0.start == number }?.end
            guard let end else { return false }
            return !counted.contains(end) && !reportsAmount(at: number, in: sentence)
        }
        let moves = changes ? dosingChanges(sentence).map(\.start) : []
        return nouns.filter { noun in (targets + moves).contains { $0 >= noun.end } }
    }

    /// True when the clause of `change`, up to a reason given after it, reports the past ("last
    /// week I had to skip it"); the change's own past reading does not count (French "je décale"
    /// folds to "décalé"), nor a past in the reason ("gonna double up next week since I missed one").
    /// An auxiliary inside a question opener reports nothing ("est-ce que je passe à 3 mg").
    func reportsPast(around change: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        let (first, end) = (sentence.words.lowerBound, sentence.words.upperBound)
        let clauseStart = sentence.clauseOpenings.filter { $0 <= change.start && $0 >= first }.max() ?? first
        let reason = sentence.hits(of: [.reasonWord]).filter { $0.start >= change.end }.map(\.start).min() ?? end
        let clauseEnd = min(reason, sentence.clauseOpenings.filter { $0 > change.start && $0 < end }.min() ?? end)
        let targets = Set(sentence.hits(of: [.targetPreposition]).map(\.start))
        let openers = sentence.hits(of: [.questionOpener])
        return sentence.hits(of: [.ownHistory, .changePast, .agoMarker, .pastReport, .pastAuxiliary]).contains { marker in
            (clauseStart..<clauseEnd).contains(marker.start) && !(change.start <= marker.start && marker.end <= change.end)
                && (marker.termClass != .pastAuxiliary || !targets.contains(marker.start) && !openers.contains(where: marker.isPart))
        }
    }

    /// A choice word between two options: not opening its clause (Polish "czy" opens a question),
    /// and before a number only after one ("0,25 o 0,5", not Polish "o 9", at nine).
    func joinsChoice(_ sentence: SentenceFacts) -> Bool {
        let numbers = Set(sentence.numberStarts)
        return sentence.hits(of: [.choiceWord]).contains { choice in
            choice.start > sentence.firstToken && !sentence.clauseOpenings.contains(choice.start)
                && (!numbers.contains(choice.end) || numbers.contains(choice.start - 1) || sentence.amountStarts.contains(choice.start - 2))
        }
    }
}

/// What a sentence does with a dose: which change words act on one, which of them the user
/// reports, amounts asked of a dose, and (for the outbound guard) a dose given.
extension GateRules {
    /// The change terms of `sentence` that act on a dose: not on a habit ("increase my water
    /// intake"), not on the app ("change my injection reminder"), not inside a longer time or
    /// health term ("à partir de quand") and not naming a point in time ("after the pause").
    func dosingChanges(_ sentence: SentenceFacts) -> [SentenceFacts.Hit] {
        sentence.hits(of: [.changeVerb]).filter {
            !actsOnHabit($0, in: sentence) && !actsOnApp($0, in: sentence) && !insideLongerTerm($0, in: sentence)
                && !namesPointInTime($0, in: sentence)
        }
    }

    /// True when `change` follows a time preposition, directly or after up to two articles, dose
    /// subjects or words of time, and does not close its clause: "before and after starting
    /// Saxenda", "vor dem Semaglutid-Start mit heute", "antes de empezar la tirzepatida", "the week
    /// after each dose increase" name when, not an act. A change that closes its clause is the
    /// verb, as German puts it ("vor der Feier aussetzen").
    func namesPointInTime(_ change: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        guard change.end < sentence.words.upperBound, !sentence.clauseOpenings.contains(change.end) else { return false }
        let between = sentence.hits(of: Self.doseSubjects + [.timingWord])
        return sentence.hits(of: [.timePreposition]).contains { time in
            time.end <= change.start && change.start - time.end <= 2
                && (time.end..<change.start).allSatisfy { word in
                    sentence.shortWords.contains(word) || between.contains { $0.start <= word && word < $0.end }
                }
        }
    }

    /// A change verb whose object is the app: the first dose subject, unit or app word in its
    /// clause and next six words is an app word, or a dose subject right before one ("change the
    /// time of my injection reminder", "Cambia mi recordatorio de la inyección", "gdzie to zmienić w
    /// aplikacji"); unless the nearest of them before the verb in its clause is a dose subject that
    /// names no app word, the object of a verb at the end ("Ozempic diese Woche auslassen und es in
    /// der App eintragen"). "skip my Ozempic and log it" skips a dose.
    func actsOnApp(_ verb: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        let terms = sentence.hits(of: Self.doseSubjects + [.unitWord, .appAction])
        let isApp = { (term: SentenceFacts.Hit) in
            term.termClass == .appAction || terms.contains { $0.termClass == .appAction && $0.start == term.end }
        }
        let before = terms.filter { $0.end <= verb.start && !sentence.opensClause(from: $0.end, through: verb.start) }
        if let last = before.max(by: { $0.start < $1.start }), !isApp(last) { return false }
        let after = terms.filter {
            $0.start >= verb.end && $0.start < verb.end + 6 && !sentence.opensClause(from: verb.end, through: $0.start)
        }
        return after.min(by: { $0.start < $1.start }).map(isApp) ?? false
    }

    /// A change word inside a longer time, health or checking term that starts before it: "à
    /// partir de quand" is a time, not Spanish "partir" (to split); "heart rate" is not French
    /// "raté"; "want to double check" doubles nothing. (A
    /// request may span a change with a gap, "would halving it help", so only these classes name
    /// what their words mean.) Or the tail of a change term that starts before it and overlaps it:
    /// "go up the day after" is one change, "go up", whose object decides.
    func insideLongerTerm(_ change: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        sentence.hits(of: [.timingWord, .healthAnchor, .checkIntent]).contains { $0.start < change.start && $0.end >= change.end }
            || sentence.hits(of: [.changeVerb, .changePast]).contains { $0.start < change.start && $0.end > change.start }
    }

    /// A change verb whose object (the first dose subject or health word in the next four words,
    /// before any reason or condition: "die Abnehmspritze halbieren, wenn mir übel ist" halves the
    /// jab) is a health word: "increase my water intake", "cut carbs" are coaching, not dosing. Or
    /// one whose subject is a health word right before it, or up to two words before it after a
    /// possessive, in its clause, with no dose subject between or in the next two words: "do my
    /// steps change on the days I inject", "mi frecuencia cardiaca en reposo sube" ask about the
    /// user's data. A change that opens or ends with its dose ("dose doppia", "double dose") acts
    /// on that dose, whatever follows it ("una dose doppia per la fame").
    func actsOnHabit(_ verb: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        let terms = sentence.hits(of: Self.doseSubjects + [.unitWord, .healthAnchor])
        let namesDose = terms.contains { term in
            term.termClass != .healthAnchor && verb.start <= term.start && term.end <= verb.end
                && (term.start == verb.start || term.end == verb.end)
        }
        if namesDose { return false }
        let reason = sentence.hits(of: [.reasonWord]).filter { $0.start >= verb.end }.map(\.start).min() ?? Int.max
        let objects = terms.filter { $0.start >= verb.end && $0.start < min(verb.end + 4, reason) }
        if Self.first(objects)?.termClass == .healthAnchor { return true }
        let owned = Set(sentence.hits(of: [.possessive]).map(\.end))
        let healthSubject = terms.contains { health in
            health.termClass == .healthAnchor && health.end <= verb.start
                && verb.start - health.end <= (owned.contains(health.start) ? 2 : 0)
                && !sentence.opensClause(from: health.end, through: verb.start)
                && !terms.contains { $0.termClass != .healthAnchor && $0.start >= health.end && $0.start < verb.start }
        }
        return healthSubject && !objects.contains { $0.termClass != .healthAnchor && $0.start < verb.end + 2 }
    }

    /// A change the user reports rather than asks for: the first change term after a history
    /// marker, in the same clause, within six words and with no request between ("since I
    /// started", "did I skip", "seit ich mit Mounjaro angefangen", "desde que empecé"); or a past
    /// form right after an auxiliary, or one word after it ("j'ai sauté", "j'ai encore sauté",
    /// where folding also reads the present "saute"), or further on when the past form closes its
    /// clause, as German puts it ("Mein Arzt hat die Dosis im April erhöht, wie …"); or a change
    /// with "ago" or a past time within four words after it ("commencé Mounjaro il y a 3 semaines",
    /// "quante dosi saltate il mese scorso"); or the manner
    /// of a past change, up to three words after it ("me redujo la metformina a la mitad").
    func reportsHistory(_ change: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        let changes = sentence.hits(of: [.changeVerb, .changePast]), requests = sentence.hits(of: [.adviceModality])
        let marked = sentence.hits(of: [.ownHistory]).contains { marker in
            let between = { (hit: SentenceFacts.Hit) in hit.start >= marker.end && hit.start < change.start }
            return marker.end <= change.start && change.start - marker.end <= 5
                && !changes.contains(where: between) && !requests.contains(where: between)
                && !sentence.opensClause(from: marker.end, through: change.start)
        }
        // The manner of a past change belongs to it: "me redujo la metformina a la mitad", "zmniejszył
        // mi metforminę o połowę" (no request between, same clause, within three words).
        let manner = changes.contains { past in
            let between = { (hit: SentenceFacts.Hit) in hit.start >= past.end && hit.start < change.start }
            return past.termClass == .changePast && past.end <= change.start && change.start - past.end <= 3
                && !requests.contains(where: between) && !sentence.opensClause(from: past.end, through: change.start)
        }
        if manner, change.termClass == .changeVerb { return true }
        let ago = sentence.hits(of: [.agoMarker, .pastReport]).contains { marker in
            let between = { (hit: SentenceFacts.Hit) in hit.start >= change.end && hit.start < marker.start }
            return marker.start >= change.end && marker.start - change.end <= 4
                && !changes.contains(where: between) && !requests.contains(where: between)
                && !sentence.opensClause(from: change.end, through: marker.start)
        }
        if ago { return true }
        let pastForm = changes.contains { $0.termClass == .changePast && $0.start == change.start }
        let endsClause = change.end == sentence.words.upperBound || sentence.clauseOpenings.contains(change.end)
        return marked || pastForm && sentence.hits(of: [.pastAuxiliary]).contains { marker in
            let between = { (hit: SentenceFacts.Hit) in hit.start >= marker.end && hit.start < change.start }
            return marker.end <= change.start && change.start - marker.end <= (endsClause ? 5 : 1)
                && !changes.contains(where: between) && !requests.contains(where: between)
                && !sentence.opensClause(from: marker.end, through: change.start)
        }
    }

    /// True when the amount at word `start` stands in a clause that reports the past ("My doctor
    /// switched me to 5 mg in March, is my weight ok since then?"): a history marker, a past change,
    /// a past time or past taking, "ago", or the auxiliary of a compound past ("hat mich auf 10 mg
    /// hochgesetzt"); or the target of a change that names a point in time ("after going up to 10 mg").
    func reportsAmount(at start: Int, in sentence: SentenceFacts) -> Bool {
        let (first, end) = (sentence.words.lowerBound, sentence.words.upperBound)
        let clauseStart = sentence.clauseOpenings.filter { $0 <= start && $0 >= first }.max() ?? first
        let clauseEnd = sentence.clauseOpenings.filter { $0 > start && $0 < end }.min() ?? end
        let clause = clauseStart..<clauseEnd
        // An auxiliary counts unless it is also a target preposition (French "a" and "à" fold alike).
        let targets = Set(sentence.hits(of: [.targetPreposition]).map(\.start))
        // The amount a change names as a point in time moves to is part of that time: "the week
        // after going up to 10 mg", "la semana después de subir a 10 mg".
        let timed = sentence.hits(of: [.changeVerb]).contains { change in
            change.end <= start && start - change.end <= 2 && clause.contains(change.start) && namesPointInTime(change, in: sentence)
        }
        return timed || sentence.hits(of: [.ownHistory, .changePast, .agoMarker, .pastReport, .pastAuxiliary]).contains { marker in
            clause.contains(marker.start) && (marker.termClass != .pastAuxiliary || !targets.contains(marker.start))
        }
    }

    /// An amount question with a dose term in its next three words and no health word before it
    /// ("how much Ozempic", not "how many steps on injection days"), or an
    /// amount judgement with one in its previous three ("15 mg of Mounjaro too much") or with a
    /// number in its previous five, same clause ("would 2.4 be too much"). A judgement whose
    /// clause names a health word and no drug, medication or dose judges a habit ("are 2 litres
    /// of water enough on injection days"). The sentence or its neighbours name the dose.
    func asksAmountOfDose(_ sentence: SentenceFacts) -> Bool {
        // A word that starts a longer term of another class reads as that term ("j'ai" is not "j.", a unit).
        let objects = sentence.hits(of: Self.amountObjects).filter { object in
            !sentence.hits.contains { $0.start == object.start && $0.end > object.end && !Self.amountObjects.contains($0.termClass) }
        }
        let health = sentence.hits(of: [.healthAnchor])
        // "how many steps on injection days" counts steps: a health word first names what is counted.
        let asked = sentence.hits(of: [.amountQuestion]).contains { question in
            !countsPenRemainder(question, in: sentence) && objects.contains { object in
                object.start >= question.start && object.start < question.end + 3
                    && !health.contains { $0.start >= question.end && $0.start < object.start }
            }
        }
        let named = sentence.hits(of: [.glp1Drug, .glp1ClassWord, .otherDrug, .medicationWord, .doseWord])
        return asked || sentence.hits(of: [.amountJudgement]).contains { judgement in
            let clauseStart = sentence.clauseOpenings.filter { $0 <= judgement.start }.max() ?? sentence.firstToken
            let inClause = { (hit: SentenceFacts.Hit) in hit.start >= clauseStart && hit.start < judgement.start }
            if health.contains(where: inClause), !named.contains(where: inClause) { return false }
            return objects.contains { $0.start < judgement.start && $0.start >= judgement.start - 3 }
                || sentence.numberStarts.contains { number in
                    number < judgement.start && number >= judgement.start - 5
                        && !sentence.opensClause(from: number + 1, through: judgement.start)
                }
        }
    }

    /// True when `question`, an amount question, counts what is left in a pen: a remainder word
    /// follows it in its clause within eight words, a container word stands in that clause next to
    /// the remainder (within four words either side: "how many doses are left in my pen", "wie
    /// viele Dosen sind noch im Pen übrig", "ile dawek zostało w penie"), and no drug or substance
    /// is what is counted (none between the question and the remainder but one naming the pen,
    /// "im Ozempic-Pen": "how much Ozempic is left after my last shot" asks a drug level). The app
    /// counts the doses logged since the pen was started; no dose is asked.
    func countsPenRemainder(_ question: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        let inClause = { (hit: SentenceFacts.Hit) in
            hit.start >= question.end && hit.start < question.end + 8
                && !sentence.opensClause(from: question.end, through: hit.start)
        }
        let containers = sentence.hits(of: [.containerWord]).filter(inClause)
        let drugs = sentence.hits(of: [.glp1Drug, .glp1ClassWord, .otherDrug, .medicationWord, .substance]).filter { drug in
            !containers.contains { $0.start == drug.end }
        }
        return sentence.hits(of: [.remainderWord]).filter(inClause).contains { remainder in
            !drugs.contains { $0.start >= question.end && $0.start < remainder.start }
                && containers.contains { abs($0.start - remainder.start) <= 4 }
        }
    }

    /// True when sentence `index` (a sentence of the model's reply) gives a dose: a subject with an
    /// amount ("0.5 mg") that is not a report of the user's history ("you logged 5 mg"), or a
    /// change, a dose value or dosing times put to the user as advice ("you could increase your
    /// Mounjaro", "inject it on Monday instead"), advice or imperative (the verb opens the sentence).
    func givesDose(_ index: Int) -> Bool {
        let sentence = sentences[index]
        guard sentence.hasAny(Self.doseSubjects) || sentence.doseAmounts > 0 else { return false }
        let changes = sentence.hits(of: [.changeVerb]).filter { !actsOnHabit($0, in: sentence) }
        let report = sentence.has(.ownHistory) && changes.isEmpty && !sentence.has(.adviceModality)
        if sentence.doseAmounts > 0, !report { return true }
        let acts = !changes.isEmpty || sentence.has(.doseValueRequest)
            || (sentence.has(.timingWord) && sentence.hasAny(Self.dosingActs))
        let imperative = sentence.hits(of: [.changeVerb, .intakeVerb, .injectionWord]).contains { $0.start == sentence.firstToken }
        return acts && (sentence.has(.adviceModality) || imperative)
    }
}

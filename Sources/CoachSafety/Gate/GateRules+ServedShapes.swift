/// The shapes the Coach answers in the dose region, judged on each asking part: the user's
/// history, the app, a health topic or a served request, with no unreported act on a dose.
extension GateRules {
    /// True when one of `parts` of `sentence` has none of the answerable shapes. A part that names
    /// no dose subject, amount, number or act of its own and asks no opinion ("is that common?",
    /// "Tipps?", "what could help?") asks about the rest of its sentence, so the whole sentence may
    /// answer for it, though not by a history in another clause ("J'ai oublié mon Ozempic dimanche,
    /// je le fais aujourd'hui ?").
    func asksUnanswerably(_ sentence: SentenceFacts, parts: [Range<Int>], aboutLevel: Bool = false) -> Bool {
        let whole = sentence.words
        return parts.contains { part in
            if offersAnswers(part, besides: parts, in: sentence, aboutLevel: aboutLevel) { return false }
            // A level question leans whatever it asks: an opinion ask beside a health word is rule 9's.
            let blockers = aboutLevel ? Self.ownContent : Self.leaningBlockers
            let bare = !sentence.hits.contains { part.contains($0.start) && blockers.contains($0.termClass) }
                && !sentence.numberStarts.contains(where: part.contains)
            return !isAnswerable(sentence, words: part, aboutLevel: aboutLevel)
                && !(bare && isAnswerable(sentence, words: whole, aboutLevel: aboutLevel, history: false))
        }
    }

    /// True when `part` is a clause of amounts offered as a choice and nothing else ("0,25 oder
    /// 0,5") and another of `parts` asks an amount question in a shape the Coach answers: it offers
    /// answers to that question ("Welche Dosis hatte ich beim Start im Herbst, 0,25 oder 0,5?").
    /// A choice word read in another class too is the choice (Polish "czy" also opens a question);
    /// articles and prepositions between the amounts say nothing ("la de 0,5 o la de 1").
    func offersAnswers(_ part: Range<Int>, besides parts: [Range<Int>], in sentence: SentenceFacts, aboutLevel: Bool) -> Bool {
        guard namesChoiceOfAmounts(part, in: sentence) else { return false }
        return parts.contains { other in
            other != part && asksServedAmount(sentence, in: other, aboutLevel: aboutLevel)
        }
    }

    /// True when sentence `index` is a choice of amounts and nothing else ("7,5 oder 10", "¿1,7 o
    /// 2,4?") after a sentence that asks an amount question in a shape the Coach answers and
    /// nothing unanswerable: it offers the answers the user remembers ("welche Dosis Mounjaro hab
    /// ich letzte Mal eingetragen? 7,5 oder 10"), figures of the record, not a target.
    func offersAnswersToQuestionBefore(_ index: Int) -> Bool {
        guard index > 0, namesChoiceOfAmounts(sentences[index].words, in: sentences[index]) else { return false }
        let previous = sentences[index - 1], parts = askingParts(previous)
        return parts.contains { asksServedAmount(previous, in: $0, aboutLevel: false) } && !asksUnanswerably(previous, parts: parts)
    }

    /// True when `part` of `sentence` asks an amount question in a shape the Coach answers.
    private func asksServedAmount(_ sentence: SentenceFacts, in part: Range<Int>, aboutLevel: Bool) -> Bool {
        sentence.hits(of: [.amountQuestion]).contains { part.contains($0.start) }
            && isAnswerable(sentence, words: part, aboutLevel: aboutLevel)
    }

    /// True when `part` of `sentence` names amounts offered as a choice and nothing else: numbers,
    /// units, a choice word (a word read in another class too counts as the choice: Polish "czy"
    /// also opens a question), pronouns and short words ("la de 0,5 o la de 1").
    func namesChoiceOfAmounts(_ part: Range<Int>, in sentence: SentenceFacts) -> Bool {
        let hits = sentence.hits.filter { part.contains($0.start) }
        let amounts = Self.amountWords + [.pronoun]
        let choices = hits.filter { $0.termClass == .choiceWord }
        return !choices.isEmpty && hits.allSatisfy { hit in amounts.contains(hit.termClass) || choices.contains(where: hit.sameSpan) }
            && part.allSatisfy { word in
                sentence.numberStarts.contains(word) || hits.contains { $0.start <= word && word < $0.end }
                    || sentence.shortWords.contains(word)
            }
    }

    /// True when `words` of `sentence` have a shape the Coach answers in the dose region: a question
    /// about the user's history (a history marker, a past change, a past time or past taking, "ago")
    /// with no request for advice (a modality, an approval tag, a dose value) and no change of a dose
    /// that is not itself reported among the words (`history`: whether this shape counts); or, with
    /// no amount of a dose (but one its clause reports), no dose value asked and no change of a
    /// dose among them, a health word (the drug is context: "how did I sleep after the jab",
    /// "should I drink more water on Mounjaro") or a request the Coach serves whatever drug is named
    /// (tips, a summary, questions for the appointment, storage, side effects), after a modality
    /// named before any verb of taking. A part about using the app is answerable; an app word in
    /// another clause reports the user's habits ("I log every meal in the app, but …, so should I
    /// bump the Mounjaro up to 10 mg?"). A health word inside a drug or pen term is no topic, and
    /// neither a health nor a history word after a reason given for a request about a GLP-1 subject
    /// named before it counts ("should I ditch Ozempic since my weight has stalled").
    /// `aboutLevel`: a health word inside a level phrase ("stay in my body") is no health topic.
    func isAnswerable(_ sentence: SentenceFacts, words: Range<Int>, aboutLevel: Bool = false, history: Bool = true) -> Bool {
        if usesApp(sentence, in: words) { return !asksDoseBesideApp(sentence, in: words) }
        let hits = sentence.hits.filter { words.contains($0.start) }
        let classes = Set(hits.map(\.termClass))
        let dosing = dosingChanges(sentence).filter { words.contains($0.start) }
        // A modality inside a longer history or checking phrase is history ("do I usually", "want
        // to see if").
        // A modality right before a history marker asks what the history says ("Stimmt das laut
        // meinen Einträgen?", "is that right according to my log?"), and so does a polite frame of
        // asking words and words of no class before one ("Could you please tell me which day I",
        // "¿Podría decirme qué día me puse"), unless its clause goes on to change or take a dose
        // ("Kann ich laut meinem Protokoll Ozempic diese Woche auslassen?").
        let markers = hits.filter { $0.termClass == .ownHistory }
        // A past taking reports what the record holds ("tell me which day I took my last shot").
        let pastTakings = hits.filter { $0.termClass == .pastReport }
        let acts = dosing.map(\.start) + hits.filter { taking in
            taking.termClass == .intakeVerb && !pastTakings.contains { $0.start <= taking.start && taking.end <= $0.end }
        }.map(\.start)
        let asking = hits.filter { hit in
            [.adviceModality, .opinionAsk, .approvalTag, .doseValueRequest].contains(hit.termClass)
                && !hits.contains { [TermClass.ownHistory, .checkIntent].contains($0.termClass) && hit.isPart(of: $0) }
                && !(hit.termClass != .doseValueRequest && markers.contains { framesHistory(hit, before: $0, in: sentence) }
                     && !acts.contains { $0 >= hit.end && !sentence.opensClause(from: hit.end + 1, through: $0) })
        }
        // What follows a reason given for a request about a GLP-1 subject named before the reason
        // is that reason, neither a topic nor a history asked about ("should I ditch Ozempic
        // since my weight has stalled", "ditch Ozempic since my weight has stalled?").
        let reason = hits.filter { reason in
            reason.termClass == .reasonWord
                && hits.contains { Self.regionSubjects.contains($0.termClass) && $0.end <= reason.start }
        }.map(\.start).min() ?? words.upperBound
        var historyClasses = Set(hits.filter { $0.start < reason }.map(\.termClass))
        let cited = citesOwnRecord(sentence, for: words)
        if cited { historyClasses.insert(.ownHistory) }
        // A target amount the part does not report asks for a dose whatever history precedes it
        // ("Rybelsus drei Milligramm seit vier Wochen – wann auf sieben?").
        let target = !(cited && namesOnlyAmounts(sentence, words)) && sentence.hits(of: [.targetPreposition]).contains {
            words.contains($0.end) && sentence.amountStarts.contains($0.end) && !reportsAmount(at: $0.end, in: sentence)
        }
        // A condition that puts a dose act asks about its outcome, not about the past.
        let conditioned = conditionsDoseAct(sentence)
        // A wish to check ("je veux vérifier", "I count 9 but want to check") asks about the record
        // unless the sentence takes or changes a dose: then it opens a forward dose question ("je
        // veux vérifier quelle dose prendre la semaine prochaine").
        let checksRecord = historyClasses.contains(.checkIntent) && acts.isEmpty
        let recordMarks = historyClasses.intersection([.ownHistory, .changePast, .agoMarker, .pastReport])
        let asksHistory = (!recordMarks.isEmpty || checksRecord) && asking.isEmpty
            && !conditioned
            && !target && dosing.allSatisfy { reportsHistory($0, in: sentence) }
        if history, asksHistory { return true }
        let amount = sentence.amountStarts.contains { words.contains($0) && !reportsAmount(at: $0, in: sentence) }
            || classes.contains(.doseValueRequest) || asksAmountOfDose(sentence)
        let changes = !dosing.isEmpty || conditioned
        let levels = aboutLevel ? sentence.hits(of: Self.levelWords) : []
        // A topic word inside a longer request term is the request's ("good idea?" asks approval).
        let requests = hits.filter { Self.requestMarkers.contains($0.termClass) }
        // A health word inside a drug or pen term is the subject's ("weight loss jab", "inyección
        // para adelgazar"), not a topic asked about.
        let subjects = hits.filter { Self.doseSubjects.contains($0.termClass) }
        // A health word right after a time preposition, or after up to two short words or words
        // of time, names when, not what is asked ("Lepiej wstrzykiwać wieczorem czy rano przed
        // treningiem?", "inject before or after my morning run?").
        let times = sentence.hits(of: [.timePreposition]), timeWords = sentence.hits(of: [.timingWord])
        let namesTime = { (topic: SentenceFacts.Hit) in
            topic.termClass == .healthAnchor && times.contains { time in
                time.end <= topic.start && topic.start - time.end <= 2
                    && (time.end..<topic.start).allSatisfy { word in
                        sentence.shortWords.contains(word) || timeWords.contains { $0.start <= word && word < $0.end }
                    }
            }
        }
        let topics = hits.filter { topic in
            [.healthAnchor, .answerableRequest].contains(topic.termClass)
                && !levels.contains { $0.start <= topic.start && topic.start < $0.end }
                && !requests.contains(where: topic.isPart)
                && !subjects.contains(where: topic.isPart)
                && topic.start < reason
                && !namesTime(topic)
        }
        // An approval tag or opinion ask judges the whole part, so a verb of taking anywhere in it
        // asks about taking ("me lo tomo con el desayuno …, total da igual no?", "Rybelsus mit
        // dem Frühstück genommen, passt das?").
        if asking.contains(where: { [.approvalTag, .opinionAsk].contains($0.termClass) }),
           hits.contains(where: { $0.termClass == .intakeVerb }) {
            return false
        }
        // After "should I", "czy mogę", a verb of taking before any health word asks about taking
        // ("czy mogę łykać Rybelsus po śniadaniu?"), not about the health word.
        if let modality = asking.filter({ $0.termClass == .adviceModality }).map(\.start).min() {
            let taking = hits.filter { $0.start >= modality && $0.termClass == .intakeVerb }
            if let firstTaking = taking.map(\.start).min(),
               !topics.contains(where: { $0.start >= modality && $0.start < firstTaking }) {
                return false
            }
        }
        // Counting what is left in a pen is the app's data ("how many doses are left in my pen").
        let penRemainder = hits.contains { $0.termClass == .amountQuestion && countsPenRemainder($0, in: sentence) }
        return !amount && !changes && (!topics.isEmpty || penRemainder)
    }

    /// Words that may stand between a request and the history marker it frames: asking words and
    /// the pronouns of a polite ask ("could you please tell me", "czy mógłby mi Pan powiedzieć").
    static let politeFrame: Set<TermClass> = [.adviceModality, .revealVerb, .questionOpener, .possessive, .pronoun, .choiceWord]

    /// True when `hit`, a request, frames `marker`, a history marker after it: nothing stands between
    /// them but at most three words of a polite frame or of no class ("Pourriez-vous me dire quel jour
    /// j'ai …", "Potrebbe dirmi in che giorno ho …").
    func framesHistory(_ hit: SentenceFacts.Hit, before marker: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        guard marker.start >= hit.end, marker.start - hit.end <= 3 else { return false }
        return (hit.end..<marker.start).allSatisfy { word in
            !sentence.hits.contains { $0.start <= word && word < $0.end && !Self.politeFrame.contains($0.termClass) }
        }
    }

    /// True when `sentence` opens with the user's own record as its source ("Guardando solo i miei
    /// dati, ho perso di più …", "Porównaj z moich danych, ile … traciłem …, a ile na 1 mg") and
    /// `words` report the past, or only name amounts while the sentence reports the past outside
    /// them, as a second member of the comparison does ("a ile na 1 mg"): they ask what the record
    /// says. A bare choice of amounts after the record ("laut meinen Daten, 7,5 oder 10?") asks
    /// for a dose.
    func citesOwnRecord(_ sentence: SentenceFacts, for words: Range<Int>) -> Bool {
        let first = sentence.words.lowerBound
        guard sentence.hits(of: [.ownHistory]).contains(where: { $0.start <= first + 1 }) else { return false }
        let past = sentence.hits(of: [.pastReport, .changePast, .pastAuxiliary])
        return past.contains { words.contains($0.start) }
            || (namesOnlyAmounts(sentence, words) && past.contains { !words.contains($0.start) })
    }

    /// True when `words` of `sentence` name an amount and otherwise only amounts, an amount
    /// question, prepositions and a choice ("a ile na 1 mg"); a word read in another class too
    /// counts as its amount reading.
    func namesOnlyAmounts(_ sentence: SentenceFacts, _ words: Range<Int>) -> Bool {
        let amounts = Self.amountWords + [.amountQuestion]
        let hits = sentence.hits.filter { words.contains($0.start) }
        let named = sentence.numberStarts.contains(where: words.contains) || hits.contains { $0.termClass == .numberWord }
        return named && hits.allSatisfy { hit in hits.contains { $0.sameSpan(hit) && amounts.contains($0.termClass) } }
    }

    /// True when `sentence` opens with a condition whose clause puts a dose act: a change of a dose
    /// it does not report, or a verb of taking or a GLP-1 drug with a number ("Si me pincho el
    /// Mounjaro cada cinco días en vez de cada siete, ¿adelgazo más rápido?", "If I inject my Wegovy
    /// every 10 days, will I still lose weight?", "if I go up to 10, will I lose more?").
    /// What the sentence asks then is that act's outcome, so a health word does not serve it.
    func conditionsDoseAct(_ sentence: SentenceFacts) -> Bool {
        let (first, end) = (sentence.words.lowerBound, sentence.words.upperBound)
        guard sentence.hits(of: [.reasonWord]).contains(where: { $0.start == first }) else { return false }
        let clause = first..<(sentence.clauseOpenings.filter { $0 > first && $0 < end }.min() ?? end)
        let numbered = sentence.numberStarts.contains(where: clause.contains)
            || sentence.hits(of: [.numberWord]).contains { clause.contains($0.start) }
        return dosingChanges(sentence).contains { clause.contains($0.start) && !reportsHistory($0, in: sentence) }
            || (numbered && sentence.hits(of: [.intakeVerb, .glp1Drug, .glp1ClassWord]).contains { clause.contains($0.start) })
    }

    /// True when `words`, a part about the app, still ask for a dose: no app word of the part
    /// stands in a clause free of a change of a dose before it that the clause does not report
    /// ("can I skip my Ozempic this week and just log it as missed?") and of a target amount of a
    /// dose it does not report ("should I update my dose to 10?"), and of a dose value asked before
    /// the app word ("the optimal dose based on my weight chart"). A change after the app word is
    /// what is recorded ("how do I log a skipped injection") unless a request marker stands between
    /// them ("my reminder is for Sunday but can I skip it?"); a clinician's change in another
    /// clause is reported ("Mi médico me pasó a 1 mg, ¿dónde lo cambio en la app?").
    func asksDoseBesideApp(_ sentence: SentenceFacts, in words: Range<Int>) -> Bool {
        let (first, end) = (sentence.words.lowerBound, sentence.words.upperBound)
        let changes = dosingChanges(sentence).filter { !reportsHistory($0, in: sentence) }
        let targets = sentence.hits(of: [.targetPreposition]).map(\.end).filter {
            sentence.amountStarts.contains($0) && !reportsAmount(at: $0, in: sentence)
        }
        let doses = sentence.hits(of: [.doseWord, .unitWord]), values = sentence.hits(of: [.doseValueRequest])
        return !sentence.hits(of: [.appAction]).contains { app in
            guard words.contains(app.start) else { return false }
            let clauseStart = max(words.lowerBound, sentence.clauseOpenings.filter { $0 <= app.start && $0 >= first }.max() ?? first)
            let clause = clauseStart..<min(words.upperBound, sentence.clauseOpenings.filter { $0 > app.start && $0 < end }.min() ?? end)
            // A change after the app word is what is recorded ("how do I log a skipped injection"),
            // unless a request marker stands between them: then it is asked on its own ("my
            // reminder is for Sunday but can I just skip my Ozempic this week?").
            let asked = sentence.hits(of: [.adviceModality, .approvalTag, .opinionAsk]).filter { $0.start >= app.end }
            let changed = changes.contains { change in
                clause.contains(change.start)
                    && (change.start < app.start || asked.contains { $0.start < change.start && !$0.isPart(of: change) })
            }
            let target = targets.contains(where: clause.contains) && doses.contains { clause.contains($0.start) }
            // A dose value asked before the app word asks for a dose from the app's data ("la dose
            // optimale de Wegovy selon ma courbe de poids").
            let valued = values.contains { clause.contains($0.start) && $0.start < app.start }
            return !changed && !target && !valued
        }
    }

    /// An app word among `words` that is not part of a history phrase: "how do I log a skipped dose" is about
    /// the app, "my log shows I missed three" is about the user's history. Nor one inside a longer
    /// time term (Spanish "diario" is a diary, "de diario" is daily: "en vez de diario").
    func usesApp(_ sentence: SentenceFacts, in words: Range<Int>) -> Bool {
        let history = sentence.hits(of: [.ownHistory]), times = sentence.hits(of: [.timingWord])
        return sentence.hits(of: [.appAction]).contains { app in
            words.contains(app.start)
                && !history.contains(where: app.isPart)
                && !times.contains(where: app.isPart)
        }
    }
}

/// Rule 9's region: the whole message once any sentence names a GLP-1 drug, class word, pen, dose
/// or an amount with a dose unit; in a message with none of these, a request about a bare number,
/// a number something is moved to, or an unnamed "it" skipped, moved or taken another day. A
/// sentence of the region that asks (`askingParts`) in no shape the Coach answers
/// (`isAnswerable`) is refused.
extension GateRules {
    /// True when sentence `index` asks something in the dose region that has none of the shapes the
    /// Coach answers there (`isAnswerable`). The region is the whole message once any sentence of
    /// it names a GLP-1 drug, class word, pen, dose or an amount with a dose unit ("I'm on Saxenda.
    /// My doctor retired. What would you do in my place?"); only a sentence that is off topic or
    /// that follows a served question with nothing of its own ("Did I inject Mounjaro on Sunday?
    /// And Monday?") stays out of it. In a message with no such subject, a request about a bare
    /// number, a number something is moved to, or taking an unnamed "it" is in the region
    /// (`asksForBareNumber`, `targetNumbers`, `asksElidedChange`), and so is a plan in time for a
    /// number to move to ("¿me haces un calendario para llegar a 3,0 antes del verano?").
    /// A sentence that only offers answers to an amount question the sentence before asks in a
    /// served shape asks nothing of its own (`offersAnswersToQuestionBefore`).
    /// This is rule 9's default: whatever verb or phrasing the act takes, a request in a message
    /// about a GLP-1 drug, pen, dose or amount is refused unless it is one of those shapes.
    func asksInDoseRegion(_ index: Int) -> Bool {
        let sentence = sentences[index]
        guard asksUnanswerably(sentence, parts: askingParts(sentence)), !offersAnswersToQuestionBefore(index) else { return false }
        if context.opensDoseRegion || sentences.indices.contains(where: { namesDose($0, subjects: Self.regionSubjects) }) {
            return namesDose(index, subjects: Self.regionSubjects) || !(isOutOfScope(index) || followsServedQuestion(index))
        }
        let implied = { sentences.indices.contains { impliesDose(sentences[$0], byNumber: $0 != index) } }
        let schedule = !schedulesDose(sentence, changes: false).isEmpty
            && !sentence.hasAny([.healthAnchor, .answerableRequest, .appAction, .offTopicWeak, .offTopicStrong])
        return schedule || (asksForBareNumber(sentence) && (!targetNumbers(sentence).isEmpty || implied())) || asksElidedChange(sentence)
    }

    /// True when sentence `index` is a plain follow-up of an answered question, or a remark on one:
    /// it names no subject, amount, number (but one of days or hours: "any gaps over 8 days?") or act
    /// of its own and asks no advice, opinion or approval,
    /// and the sentence before asks only in shapes the Coach answers ("Did I inject Mounjaro on
    /// Sunday? And Monday?"). After a question, a remark may count something other than a dose
    /// ("How many injections have I logged since March? Just curious how many weeks I've been at
    /// this.") and, when it is no question, state a wish or a doubt (`statesWish`: "I can't remember
    /// if it was Sunday or Monday and I don't want to guess.", "Chcę sprawdzić, czy niczego nie
    /// zgubiłam w logach.").
    func followsServedQuestion(_ index: Int) -> Bool {
        guard index > 0 else { return false }
        let sentence = sentences[index], previous = sentences[index - 1]
        let parts = askingParts(previous)
        let remark = previous.isQuestion
        let countsDose = !remark || asksAmountOfDose(sentence)
        let content = sentence.hits(of: Self.leaningBlockers + [.approvalTag]).contains { $0.termClass != .amountQuestion || countsDose }
        let modalities = sentence.hits(of: [.adviceModality])
        return !content && (modalities.isEmpty || remark && statesWish(sentence, modalities)) && countsOnlyTime(sentence)
            && !parts.isEmpty && !asksUnanswerably(previous, parts: parts)
    }

    /// True when every number of `sentence` in digits counts a measure of time, age or temperature
    /// (`measureWord` right after it: "any gaps > 8 days?", "Lücken über 8 Tage?"), so it names no
    /// dose; a sentence with no number counts none.
    func countsOnlyTime(_ sentence: SentenceFacts) -> Bool {
        let measures = Set(sentence.hits(of: [.measureWord]).map(\.start))
        return sentence.numberStarts.allSatisfy { measures.contains($0 + 1) }
    }

    /// True when `sentence`, a statement, uses each of `modalities` before a word of no class: a
    /// wish or a doubt about something named in plain words ("I don't want to guess", "ich will
    /// nur wissen", "le médecin veut un papier"), not "can I?", "should I now?" or "I want to skip".
    func statesWish(_ sentence: SentenceFacts, _ modalities: [SentenceFacts.Hit]) -> Bool {
        !sentence.isQuestion && modalities.allSatisfy { modality in
            sentence.words.contains(modality.end) && !sentence.hits.contains { $0.start <= modality.end && modality.end < $0.end }
        }
    }

    /// True when sentence `index` names one of `subjects` or an amount of a dose. A number after a
    /// verb of taking counts an activity, not a dose, when the message names no GLP-1 subject and
    /// the sentence or the one before names a health word ("La settimana scorsa ho fatto 8000
    /// passi. Questa settimana posso farne 10000?", "J'ai sauté ma séance de sport hier. Je peux
    /// en faire deux aujourd'hui ?").
    func namesDose(_ index: Int, subjects: [TermClass]) -> Bool {
        let sentence = sentences[index]
        if sentence.hasAny(subjects) { return true }
        let activity = !sentences.contains { $0.hasAny(Self.regionSubjects) }
            && sentences[max(0, index - 1)...index].contains { $0.has(.healthAnchor) }
        return sentence.doseAmounts - (activity ? sentence.takenAmounts : 0) > 0
    }

    /// True when sentence `index` names one of `subjects` (or an amount with a dose unit), or leans
    /// on a neighbour that does and is not itself an answerable question ("I'm on Zepbound 5 mg.
    /// Should I go up?", but not "Did I inject Mounjaro on Sunday? And Monday?"). A neighbour that
    /// is a statement with no request marker always lends its subject.
    func inRegion(_ index: Int, subjects: [TermClass]) -> Bool {
        if namesDose(index, subjects: subjects) { return true }
        return [index - 1, index + 1].contains { neighbour in
            guard sentences.indices.contains(neighbour), namesDose(neighbour, subjects: subjects) else { return false }
            // A statement that requests nothing reports; a choice word in it is no question
            // (Polish "o" is "about": "Mama zapomniała wczoraj o Trulicity. Ma wziąć dzisiaj …?").
            let other = sentences[neighbour]
            let parts = askingParts(other)
            let reports = !other.isQuestion && !other.hasAny(Self.requestMarkers)
            return parts.isEmpty || reports || asksUnanswerably(other, parts: parts)
        }
    }

    /// True when `sentence` asks for a change of taking something that it does not name ("et si
    /// je la fais pas du tout cette semaine ?", "what if I don't take it this week?", "and if I
    /// just skip it?", "et si je la décale à mercredi ?"), in a message with no health, app,
    /// served-request or off-topic word to say what "it" is: a dosing change, not reported, that
    /// spans a verb of taking or leaves its object unnamed (`leavesObjectUnnamed`); or a verb of
    /// taking or injecting put to a time ("e se la faccio giovedì invece di lunedì?", "Kann ich
    /// sie drei Tage später machen?"); or a question made only of times, one put in place of
    /// another or offered as a choice ("und Mittwoch statt Sonntag?"). In a GLP-1 coach an unnamed
    /// thing skipped, moved or taken another day is the dose.
    func asksElidedChange(_ sentence: SentenceFacts) -> Bool {
        let others: [TermClass] = [.healthAnchor, .appAction, .answerableRequest, .offTopicWeak, .offTopicStrong]
        guard !sentences.contains(where: { $0.hasAny(others) }) else { return false }
        let taking = sentence.hits(of: [.intakeVerb, .injectionWord])
        if !taking.isEmpty, sentence.has(.timingWord) { return true }
        // A question made only of times, one in place of another or beside it as a choice ("und
        // Mittwoch statt Sonntag?", "mardi ou mercredi ?"), asks when to take it.
        let termPositions = Set(sentence.hits.map(\.start))
        if sentence.isQuestion, termPositions.count >= 3, sentence.has(.timingWord),
           sentence.hits.allSatisfy({ [.timingWord, .choiceWord].contains($0.termClass) }) {
            return true
        }
        return dosingChanges(sentence).contains { change in
            !reportsHistory(change, in: sentence)
                && (taking.contains { $0.start < change.end && change.start < $0.end } || leavesObjectUnnamed(change, in: sentence))
        }
    }

    /// True when what follows `change` names no object of its own: a pronoun, a time or a number
    /// ("skip it?", "przesunę go", "salto stavolta"), the end of its clause in a sentence that names
    /// a time ("wenn ich sie diesmal auf Freitag verschiebe?"), or one word before a time or number
    /// ("décale à mercredi", "repousse de deux jours"). "change the language", "switch to dark
    /// mode" and "la chose que je dois changer" name their object; after a possessive a change word
    /// is a noun ("meine Strecke heute?").
    func leavesObjectUnnamed(_ change: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        guard !sentence.hits(of: [.possessive]).contains(where: { $0.end == change.start }) else { return false }
        let unnamed: [TermClass] = [.pronoun, .timingWord, .numberWord]
        let end = sentence.words.upperBound
        let closes = { (word: Int) in word >= end || sentence.clauseOpenings.contains(word) }
        // A number with a unit, or in a clause that reports the past, is an amount, a named object
        // ("von hundertzwei auf 94,8 kg", "Von 98 auf 91,5 kg seit März").
        let opensWith = { (word: Int, classes: [TermClass]) -> Bool in
            let number = sentence.numberStarts.contains(word) || sentence.hits.contains { $0.start == word && $0.termClass == .numberWord }
            if number { return classes.contains(.numberWord) && !sentence.amountStarts.contains(word) && !reportsAmount(at: word, in: sentence) }
            return sentence.hits.contains { $0.start == word && classes.contains($0.termClass) }
        }
        if (closes(change.end) && sentence.has(.timingWord)) || opensWith(change.end, unnamed) { return true }
        let bridged = !sentence.hits.contains { $0.start == change.end }
            || opensWith(change.end, [.targetPreposition])
        return bridged && !closes(change.end + 1) && opensWith(change.end + 1, [.timingWord, .numberWord, .pronoun])
    }

    /// True when `sentence` asks to do, take or change something (a modality, an approval tag, a
    /// choice or a dosing change) and names a bare number, one that counts nothing named ("Can I do
    /// two this week?", "je peux faire cinq ?", "Fang ich wieder bei 7,5 an oder zurück auf 2,5?"),
    /// or a target number ("can I go to 7.5 myself"), with no health word in the sentence.
    func asksForBareNumber(_ sentence: SentenceFacts) -> Bool {
        guard !(bareNumbers(sentence) + targetNumbers(sentence)).isEmpty,
              !sentence.hasAny([.healthAnchor, .answerableRequest, .appAction]) else { return false }
        return sentence.hasAny([.adviceModality, .approvalTag]) || joinsChoice(sentence) || !dosingChanges(sentence).isEmpty
    }

    /// True when `sentence` says what a bare number in a message with no drug, pen or unit counts:
    /// a change of a dose ("Skipped last week.", "Drei Wochen Pause wegen OP.") or, when `byNumber`
    /// (another sentence than the one that asks), a bare number of its own ("La semaine dernière
    /// j'étais à deux virgule cinq.", "Ostatnio brałam dwa i pół."); with no health word, app word
    /// or served request in it ("Walked 5 km" counts kilometres; "skipped the gym" changes a
    /// habit). A lone sentence's own number names nothing ("offline on Windows 11, how do I fix it?").
    func impliesDose(_ sentence: SentenceFacts, byNumber: Bool) -> Bool {
        guard !sentence.hasAny([.healthAnchor, .answerableRequest, .appAction]) else { return false }
        let changes = sentence.hits(of: [.changeVerb, .changePast]).filter {
            !actsOnHabit($0, in: sentence) && !insideLongerTerm($0, in: sentence)
        }
        return (byNumber && !bareNumbers(sentence).isEmpty) || !changes.isEmpty
    }

    /// The numbers of `sentence` in digits right after a target preposition ("can I go to 7.5
    /// myself", "kann ich selbst auf 7,5 gehen", "posso passare a 7,5 da sola"), in a clause that
    /// does not report the past ("von hundertzwei auf 94,8 kg seit Mai"): in a request with no
    /// health, app, served or off-topic word, a number something is moved to is a dose.
    func targetNumbers(_ sentence: SentenceFacts) -> [Int] {
        guard !sentence.hasAny([.offTopicWeak, .offTopicStrong]) else { return [] }
        let numbers = Set(sentence.numberStarts)
        // A preposition spelt like a word of another class is that word ("Can I do 8 today?":
        // Polish "do" is "to"), but for a past auxiliary, which the clause test reads (French "a").
        let others = sentence.hits.filter { ![.targetPreposition, .pastAuxiliary].contains($0.termClass) }
        let prepositions = sentence.hits(of: [.targetPreposition]).filter { preposition in
            !others.contains { $0.start == preposition.start && $0.end == preposition.end }
        }
        return prepositions.map(\.end).filter {
            numbers.contains($0) && !reportsAmount(at: $0, in: sentence)
        }
    }

    /// The numbers of `sentence` (digits or number words) that count nothing named: followed by the
    /// end of the sentence or clause, another number, or a word of time, taking, changing, choice,
    /// approval or advice ("two this week", "zwei nehmen", "pięć można"), not by a noun ("5 km").
    func bareNumbers(_ sentence: SentenceFacts) -> [Int] {
        let end = sentence.words.upperBound
        let numberWords = sentence.hits(of: [.numberWord])
        let numbers = sentence.numberStarts.map { ($0, $0 + 1) } + numberWords.map { ($0.start, $0.end) }
        let follows = Set(sentence.hits(of: Self.bareNumberFollowers).map(\.start))
            .union(sentence.numberStarts).union(numberWords.map(\.start))
        return numbers.filter { _, after in
            after == end || sentence.clauseOpenings.contains(after) || follows.contains(after)
        }.map(\.0)
    }

    /// Words that may follow a number that counts nothing named.
    static let bareNumberFollowers: [TermClass] = [
        .timingWord, .intakeVerb, .changeVerb, .choiceWord, .approvalTag, .adviceModality, .pastReport,
    ]
}

/// The gate's decisions, each a small combination of term classes over a sentence (and, for what
/// a question is about, the sentence before and after it: "I'm on Mounjaro. Should I skip it?").
/// In the dose region (a GLP-1 drug, pen, dose or amount named, or any drug asked how long or how
/// strongly it acts) a request is refused unless it has one of the shapes the Coach answers.
/// `docs/healthlog/coach-gate.md` states them in words; this file is their one definition.
struct GateRules {
    let sentences: [SentenceFacts]

    // MARK: Classes the rules group

    /// What a dose question can be about: a drug, a medication, a dose, an injection or pen.
    static let doseSubjects: [TermClass] = [.glp1Drug, .glp1ClassWord, .otherDrug, .medicationWord, .injectionWord, .doseWord]
    /// What makes a level word a drug level: any drug or substance, a dose, an injection.
    static let levelSubjects: [TermClass] = doseSubjects + [.substance]
    /// What an amount question or judgement must be about, within three words, to ask for a dose.
    static let amountObjects: [TermClass] = doseSubjects + [.unitWord, .intakeVerb]
    /// Words that turn "later", "Monday", "instead" into timing a dose (in a reply).
    static let dosingActs: [TermClass] = [.intakeVerb, .doseWord, .injectionWord, .glp1Drug, .glp1ClassWord]

    // MARK: Rules 9 and 15: the dose region, refused unless the Coach can answer it

    /// What puts a sentence in the dose region: a GLP-1 drug or class word, a pen or injection, a
    /// dose word (and, counted apart, an amount with a dose unit).
    static let regionSubjects: [TermClass] = [.glp1Drug, .glp1ClassWord, .injectionWord, .doseWord]
    /// Words that ask or request something of the Coach.
    static let requestMarkers: [TermClass] = [
        .adviceModality, .opinionAsk, .approvalTag, .amountQuestion, .amountJudgement, .doseValueRequest, .comparative,
    ]
    /// Words that do something to a dose: with one, a question of time or strength is about dosing (rule 9).
    static let doseActions: [TermClass] = [.changeVerb, .intakeVerb, .amountQuestion, .amountJudgement, .doseValueRequest]
    /// What a part of a sentence can name that makes it a request of its own, not a tag on the rest
    /// of its sentence ("is that common?").
    static let ownContent: [TermClass] = regionSubjects + doseActions + [.numberWord, .unitWord]
    /// What the level words of rule 15 are: inside one, a health word ("in my body") is no health topic.
    static let levelWords: [TermClass] = [.pkStrong, .pkMedium, .pkWeak, .levelCue, .persistenceCue]

    /// True when sentence `index` asks something in the dose region that has none of the shapes the
    /// Coach answers there (`isAnswerable`). The region is the whole message once any sentence of
    /// it names a GLP-1 drug, class word, pen, dose or an amount with a dose unit ("I'm on Saxenda.
    /// My doctor retired. What would you do in my place?"); only a sentence that is off topic or
    /// that follows a served question with nothing of its own ("Did I inject Mounjaro on Sunday?
    /// And Monday?") stays out of it. In a message with no such subject, a request about a bare
    /// number, a number something is moved to, or taking an unnamed "it" is in the region
    /// (`asksForBareNumber`, `targetNumbers`, `asksElidedChange`).
    /// This is rule 9's default: whatever verb or phrasing the act takes, a request in a message
    /// about a GLP-1 drug, pen, dose or amount is refused unless it is one of those shapes.
    func asksInDoseRegion(_ index: Int) -> Bool {
        let sentence = sentences[index]
        guard asksUnanswerably(sentence, parts: askingParts(sentence)) else { return false }
        if sentences.indices.contains(where: { namesDose($0, subjects: Self.regionSubjects) }) {
            return namesDose(index, subjects: Self.regionSubjects) || !(isOutOfScope(index) || followsServedQuestion(index))
        }
        let implied = { sentences.indices.contains { impliesDose(sentences[$0], byNumber: $0 != index) } }
        return (asksForBareNumber(sentence) && (!targetNumbers(sentence).isEmpty || implied())) || asksElidedChange(sentence)
    }

    /// True when sentence `index` is a plain follow-up of an answered question: it names no subject,
    /// amount, number or act of its own and asks no advice or approval, and the sentence before asks
    /// only in shapes the Coach answers ("Did I inject Mounjaro on Sunday? And Monday?").
    private func followsServedQuestion(_ index: Int) -> Bool {
        guard index > 0 else { return false }
        let sentence = sentences[index], previous = sentences[index - 1]
        let parts = askingParts(previous)
        return !sentence.hasAny(Self.leaningBlockers + [.adviceModality, .approvalTag]) && sentence.numberStarts.isEmpty
            && !parts.isEmpty && !asksUnanswerably(previous, parts: parts)
    }

    /// True when sentence `index` names one of `subjects` or an amount of a dose. A number after a
    /// verb of taking counts an activity, not a dose, when the message names no GLP-1 subject and
    /// the sentence or the one before names a health word ("La settimana scorsa ho fatto 8000
    /// passi. Questa settimana posso farne 10000?", "J'ai sauté ma séance de sport hier. Je peux
    /// en faire deux aujourd'hui ?").
    private func namesDose(_ index: Int, subjects: [TermClass]) -> Bool {
        let sentence = sentences[index]
        if sentence.hasAny(subjects) { return true }
        let activity = !sentences.contains { $0.hasAny(Self.regionSubjects) }
            && sentences[max(0, index - 1)...index].contains { $0.has(.healthAnchor) }
        return sentence.doseAmounts - (activity ? sentence.takenAmounts : 0) > 0
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
    private func asksElidedChange(_ sentence: SentenceFacts) -> Bool {
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
    private func leavesObjectUnnamed(_ change: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
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
    private func asksForBareNumber(_ sentence: SentenceFacts) -> Bool {
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
    private func impliesDose(_ sentence: SentenceFacts, byNumber: Bool) -> Bool {
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
    private func targetNumbers(_ sentence: SentenceFacts) -> [Int] {
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
    private func bareNumbers(_ sentence: SentenceFacts) -> [Int] {
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

    /// True when sentence `index` asks how long, until when, whether still or how strongly a drug,
    /// medication, substance, dose or injection (named there or in a neighbour) acts: a "how long"
    /// word or a level word ("peak", "in my body") asks on its own; "still" and "stronger" when the
    /// sentence asks. Not when the sentence does something to a dose, asks advice about a number
    /// ("Soll ich auf 12,5 zurück, bis die Übelkeit weg ist?") or names a time and no level word
    /// ("saturday still fine", "how long can I go between injections"): those are rule 9's. Nor
    /// when it has an answerable shape, where a health word inside a level phrase ("in my body")
    /// does not count. This is rule 15's default: a question of how long or how strongly a drug
    /// acts is about its level.
    func asksLevelInRegion(_ index: Int) -> Bool {
        let sentence = sentences[index]
        // An amount question inside a "how long" word counts hours, not a dose ("ile godzin").
        let cues = sentence.hits(of: [.levelCue])
        let acts = sentence.hits(of: Self.doseActions).filter { act in
            !cues.contains { $0.start <= act.start && act.end <= $0.end }
        }
        // A level word the user owns is theirs ("meine Konzentration im Büro").
        let levels = sentence.hits(of: [.pkMedium, .pkWeak]).filter { !isOwnLevel($0, in: sentence) }
        guard sentence.hasAny([.levelCue, .persistenceCue]) || !levels.isEmpty, acts.isEmpty,
              !(sentence.has(.adviceModality) && !sentence.numberStarts.isEmpty),
              !(sentence.has(.timingWord) && !sentence.hasAny([.pkMedium, .pkWeak])) else { return false }
        var parts = askingParts(sentence)
        if parts.isEmpty, sentence.has(.levelCue) || !levels.isEmpty {
            parts = [sentence.words]
        }
        return asksUnanswerably(sentence, parts: parts, aboutLevel: true) && inRegion(index, subjects: Self.levelSubjects)
    }

    /// True when sentence `index` names one of `subjects` (or an amount with a dose unit), or leans
    /// on a neighbour that does and is not itself an answerable question ("I'm on Zepbound 5 mg.
    /// Should I go up?", but not "Did I inject Mounjaro on Sunday? And Monday?"). A neighbour that
    /// is a statement with no request marker always lends its subject.
    private func inRegion(_ index: Int, subjects: [TermClass]) -> Bool {
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

    /// What keeps a part of a sentence from leaning on the rest of it: content of its own, or a
    /// request for the Coach's judgement ("what would you do?", "thoughts?"), which asks about the
    /// subject, not about a health word elsewhere in the sentence.
    static let leaningBlockers: [TermClass] = ownContent + [.opinionAsk]

    /// True when one of `parts` of `sentence` has none of the answerable shapes. A part that names
    /// no dose subject, amount, number or act of its own and asks no opinion ("is that common?",
    /// "Tipps?", "what could help?") asks about the rest of its sentence, so the whole sentence may
    /// answer for it, though not by a history in another clause ("J'ai oublié mon Ozempic dimanche,
    /// je le fais aujourd'hui ?").
    private func asksUnanswerably(_ sentence: SentenceFacts, parts: [Range<Int>], aboutLevel: Bool = false) -> Bool {
        let whole = sentence.words
        // A clause of amounts offered as a choice and nothing else ("0,25 oder 0,5") offers answers
        // to an amount question another part asks in a shape the Coach answers ("Welche Dosis
        // hatte ich beim Start im Herbst, 0,25 oder 0,5?").
        let offersAnswers = { (part: Range<Int>) -> Bool in
            let hits = sentence.hits.filter { part.contains($0.start) }
            let amounts: [TermClass] = [.choiceWord, .numberWord, .unitWord, .targetPreposition, .pronoun]
            let choices = hits.filter { $0.termClass == .choiceWord }
            // A choice word read in another class too is the choice (Polish "czy" also opens a
            // question); articles and prepositions between the amounts say nothing ("la de 0,5 o la de 1").
            guard !choices.isEmpty, hits.allSatisfy({ hit in amounts.contains(hit.termClass) || choices.contains(where: hit.sameSpan) }),
                  part.allSatisfy({ word in
                      sentence.numberStarts.contains(word) || hits.contains { $0.start <= word && word < $0.end }
                          || sentence.shortWords.contains(word)
                  })
            else { return false }
            return parts.contains { other in
                other != part && sentence.hits(of: [.amountQuestion]).contains { other.contains($0.start) }
                    && isAnswerable(sentence, words: other, aboutLevel: aboutLevel)
            }
        }
        return parts.contains { part in
            if offersAnswers(part) { return false }
            // A level question leans whatever it asks: an opinion ask beside a health word is rule 9's.
            let blockers = aboutLevel ? Self.ownContent : Self.leaningBlockers
            let bare = !sentence.hits.contains { part.contains($0.start) && blockers.contains($0.termClass) }
                && !sentence.numberStarts.contains(where: part.contains)
            return !isAnswerable(sentence, words: part, aboutLevel: aboutLevel)
                && !(bare && isAnswerable(sentence, words: whole, aboutLevel: aboutLevel, history: false))
        }
    }

    /// The parts of a sentence that ask: the clause of each request marker (a modality, an approval
    /// tag that asks, an amount question or judgement, a dose value, a comparative) and of a choice
    /// between two options ("nimmt er es heute oder wartet er", "0.25 or 0.5"); the whole sentence
    /// when it puts an arrow between amounts ("2.5 -> 5"); a question whose last clause holds no such
    /// marker (that clause alone when it names only a time: "J'ai oublié mon Ozempic dimanche, je le
    /// fais aujourd'hui ?"); with none of these, the first clause when it opens with a verb of
    /// changing, taking or injecting (an imperative). Empty when the sentence asks nothing.
    private func askingParts(_ sentence: SentenceFacts) -> [Range<Int>] {
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
        let markers = sentence.hits(of: Self.requestMarkers).filter { marker in
            !reported.contains(where: marker.isPart)
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
    private func announcedDoseActs(_ sentence: SentenceFacts) -> [SentenceFacts.Hit] {
        let before = sentence.hits(of: [.reasonWord, .persona])
        return dosingChanges(sentence).filter { change in
            !reportsHistory(change, in: sentence) && !reportsPast(around: change, in: sentence)
                && !before.contains { $0.end <= change.start && !sentence.opensClause(from: $0.end, through: change.start) }
        }
    }

    /// True when `change` follows a time preposition, directly or after up to two articles or
    /// dose subjects, and does not close its clause: "before and after starting Saxenda", "vor dem
    /// Semaglutid-Start mit heute", "antes de empezar la tirzepatida" name when, not an act. A
    /// change that closes its clause is the verb, as German puts it ("vor der Feier aussetzen").
    private func namesPointInTime(_ change: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        guard change.end < sentence.words.upperBound, !sentence.clauseOpenings.contains(change.end) else { return false }
        let subjects = sentence.hits(of: Self.doseSubjects)
        return sentence.hits(of: [.timePreposition]).contains { time in
            time.end <= change.start && change.start - time.end <= 2
                && (time.end..<change.start).allSatisfy { word in
                    sentence.shortWords.contains(word) || subjects.contains { $0.start <= word && word < $0.end }
                }
        }
    }

    /// True when the clause of `change`, up to a reason given after it, reports the past ("last
    /// week I had to skip it"); the change's own past reading does not count (French "je décale"
    /// folds to "décalé"), nor a past in the reason ("gonna double up next week since I missed one").
    private func reportsPast(around change: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        let (first, end) = (sentence.words.lowerBound, sentence.words.upperBound)
        let clauseStart = sentence.clauseOpenings.filter { $0 <= change.start && $0 >= first }.max() ?? first
        let reason = sentence.hits(of: [.reasonWord]).filter { $0.start >= change.end }.map(\.start).min() ?? end
        let clauseEnd = min(reason, sentence.clauseOpenings.filter { $0 > change.start && $0 < end }.min() ?? end)
        let targets = Set(sentence.hits(of: [.targetPreposition]).map(\.start))
        return sentence.hits(of: [.ownHistory, .changePast, .agoMarker, .pastReport, .pastAuxiliary]).contains { marker in
            (clauseStart..<clauseEnd).contains(marker.start) && !(change.start <= marker.start && marker.end <= change.end)
                && (marker.termClass != .pastAuxiliary || !targets.contains(marker.start))
        }
    }

    /// True when the amount at word `start` stands in a clause that reports the past ("My doctor
    /// switched me to 5 mg in March, is my weight ok since then?"): a history marker, a past change,
    /// a past time or past taking, "ago", or the auxiliary of a compound past ("hat mich auf 10 mg
    /// hochgesetzt").
    private func reportsAmount(at start: Int, in sentence: SentenceFacts) -> Bool {
        let (first, end) = (sentence.words.lowerBound, sentence.words.upperBound)
        let clauseStart = sentence.clauseOpenings.filter { $0 <= start && $0 >= first }.max() ?? first
        let clauseEnd = sentence.clauseOpenings.filter { $0 > start && $0 < end }.min() ?? end
        let clause = clauseStart..<clauseEnd
        // An auxiliary counts unless it is also a target preposition (French "a" and "à" fold alike).
        let targets = Set(sentence.hits(of: [.targetPreposition]).map(\.start))
        return sentence.hits(of: [.ownHistory, .changePast, .agoMarker, .pastReport, .pastAuxiliary]).contains { marker in
            clause.contains(marker.start) && (marker.termClass != .pastAuxiliary || !targets.contains(marker.start))
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
    private func isAnswerable(_ sentence: SentenceFacts, words: Range<Int>, aboutLevel: Bool = false, history: Bool = true) -> Bool {
        if usesApp(sentence, in: words) { return !asksDoseBesideApp(sentence, in: words) }
        let hits = sentence.hits.filter { words.contains($0.start) }
        let classes = Set(hits.map(\.termClass))
        let dosing = dosingChanges(sentence).filter { words.contains($0.start) }
        // A modality inside a longer history or checking phrase is history ("do I usually", "want
        // to see if").
        // A modality right before a history marker asks what the history says ("Stimmt das laut
        // meinen Einträgen?", "is that right according to my log?"), unless its clause goes on to
        // change or take a dose ("Kann ich laut meinem Protokoll Ozempic diese Woche auslassen?").
        let markers = hits.filter { $0.termClass == .ownHistory }
        let acts = dosing.map(\.start) + hits.filter { $0.termClass == .intakeVerb }.map(\.start)
        let asking = hits.filter { hit in
            [.adviceModality, .opinionAsk, .approvalTag, .doseValueRequest].contains(hit.termClass)
                && !hits.contains { [TermClass.ownHistory, .checkIntent].contains($0.termClass) && hit.isPart(of: $0) }
                && !(hit.termClass != .doseValueRequest && markers.contains { $0.start == hit.end }
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
        let asksHistory = !historyClasses.isDisjoint(with: [.ownHistory, .changePast, .agoMarker, .pastReport, .checkIntent]) && asking.isEmpty
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
        let topics = hits.filter { topic in
            [.healthAnchor, .answerableRequest].contains(topic.termClass)
                && !levels.contains { $0.start <= topic.start && topic.start < $0.end }
                && !requests.contains(where: topic.isPart)
                && !subjects.contains(where: topic.isPart)
                && topic.start < reason
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
        return !amount && !changes && !topics.isEmpty
    }

    /// True when `sentence` opens with the user's own record as its source ("Guardando solo i miei
    /// dati, ho perso di più …", "Porównaj z moich danych, ile … traciłem …, a ile na 1 mg") and
    /// `words` report the past, or only name amounts while the sentence reports the past outside
    /// them, as a second member of the comparison does ("a ile na 1 mg"): they ask what the record
    /// says. A bare choice of amounts after the record ("laut meinen Daten, 7,5 oder 10?") asks
    /// for a dose.
    private func citesOwnRecord(_ sentence: SentenceFacts, for words: Range<Int>) -> Bool {
        let first = sentence.words.lowerBound
        guard sentence.hits(of: [.ownHistory]).contains(where: { $0.start <= first + 1 }) else { return false }
        let past = sentence.hits(of: [.pastReport, .changePast, .pastAuxiliary])
        return past.contains { words.contains($0.start) }
            || (namesOnlyAmounts(sentence, words) && past.contains { !words.contains($0.start) })
    }

    /// True when `words` of `sentence` name an amount and otherwise only amounts, an amount
    /// question, prepositions and a choice ("a ile na 1 mg"); a word read in another class too
    /// counts as its amount reading.
    private func namesOnlyAmounts(_ sentence: SentenceFacts, _ words: Range<Int>) -> Bool {
        let amounts: [TermClass] = [.amountQuestion, .numberWord, .unitWord, .targetPreposition, .choiceWord]
        let hits = sentence.hits.filter { words.contains($0.start) }
        let named = sentence.numberStarts.contains(where: words.contains) || hits.contains { $0.termClass == .numberWord }
        return named && hits.allSatisfy { hit in hits.contains { $0.sameSpan(hit) && amounts.contains($0.termClass) } }
    }

    /// True when `sentence` opens with a condition whose clause puts a dose act: a change of a dose
    /// it does not report, or a verb of taking or a GLP-1 drug with a number ("Si me pincho el
    /// Mounjaro cada cinco días en vez de cada siete, ¿adelgazo más rápido?", "If I inject my Wegovy
    /// every 10 days, will I still lose weight?", "if I go up to 10, will I lose more?").
    /// What the sentence asks then is that act's outcome, so a health word does not serve it.
    private func conditionsDoseAct(_ sentence: SentenceFacts) -> Bool {
        let (first, end) = (sentence.words.lowerBound, sentence.words.upperBound)
        guard sentence.hits(of: [.reasonWord]).contains(where: { $0.start == first }) else { return false }
        let clause = first..<(sentence.clauseOpenings.filter { $0 > first && $0 < end }.min() ?? end)
        let numbered = sentence.numberStarts.contains(where: clause.contains)
            || sentence.hits(of: [.numberWord]).contains { clause.contains($0.start) }
        return dosingChanges(sentence).contains { clause.contains($0.start) && !reportsHistory($0, in: sentence) }
            || (numbered && sentence.hits(of: [.intakeVerb, .glp1Drug, .glp1ClassWord]).contains { clause.contains($0.start) })
    }

    // MARK: What a sentence does with a dose

    /// The change terms of `sentence` that act on a dose: not on a habit ("increase my water
    /// intake"), not on the app ("change my injection reminder"), not inside a longer time or
    /// health term ("à partir de quand") and not naming a point in time ("after the pause").
    private func dosingChanges(_ sentence: SentenceFacts) -> [SentenceFacts.Hit] {
        sentence.hits(of: [.changeVerb]).filter {
            !actsOnHabit($0, in: sentence) && !actsOnApp($0, in: sentence) && !insideLongerTerm($0, in: sentence)
                && !namesPointInTime($0, in: sentence)
        }
    }

    /// A change verb whose object is the app: the first dose subject, unit or app word in its
    /// clause and next six words is an app word, or a dose subject right before one ("change the
    /// time of my injection reminder", "Cambia mi recordatorio de la inyección", "gdzie to zmienić w
    /// aplikacji"); unless the nearest of them before the verb in its clause is a dose subject that
    /// names no app word, the object of a verb at the end ("Ozempic diese Woche auslassen und es in
    /// der App eintragen"). "skip my Ozempic and log it" skips a dose.
    private func actsOnApp(_ verb: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
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

    /// A choice word between two options: not opening its clause (Polish "czy" opens a question),
    /// and before a number only after one ("0,25 o 0,5", not Polish "o 9", at nine).
    private func joinsChoice(_ sentence: SentenceFacts) -> Bool {
        let numbers = Set(sentence.numberStarts)
        return sentence.hits(of: [.choiceWord]).contains { choice in
            choice.start > sentence.firstToken && !sentence.clauseOpenings.contains(choice.start)
                && (!numbers.contains(choice.end) || numbers.contains(choice.start - 1) || sentence.amountStarts.contains(choice.start - 2))
        }
    }

    /// A change word inside a longer time or health term that starts before it: "à partir de
    /// quand" is a time, not Spanish "partir" (to split); "heart rate" is not French "raté". (A
    /// request may span a change with a gap, "would halving it help", so only these classes name
    /// what their words mean.) Or the tail of a change term that starts before it and overlaps it:
    /// "go up the day after" is one change, "go up", whose object decides.
    private func insideLongerTerm(_ change: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        sentence.hits(of: [.timingWord, .healthAnchor]).contains { $0.start < change.start && $0.end >= change.end }
            || sentence.hits(of: [.changeVerb, .changePast]).contains { $0.start < change.start && $0.end > change.start }
    }

    /// True when `words`, a part about the app, still ask for a dose: no app word of the part
    /// stands in a clause free of a change of a dose before it that the clause does not report
    /// ("can I skip my Ozempic this week and just log it as missed?") and of a target amount of a
    /// dose it does not report ("should I update my dose to 10?"). A change after the app word is
    /// what is recorded ("how do I log a skipped injection"); a clinician's change in another
    /// clause is reported ("Mi médico me pasó a 1 mg, ¿dónde lo cambio en la app?").
    private func asksDoseBesideApp(_ sentence: SentenceFacts, in words: Range<Int>) -> Bool {
        let (first, end) = (sentence.words.lowerBound, sentence.words.upperBound)
        let changes = dosingChanges(sentence).filter { !reportsHistory($0, in: sentence) }
        let targets = sentence.hits(of: [.targetPreposition]).map(\.end).filter {
            sentence.amountStarts.contains($0) && !reportsAmount(at: $0, in: sentence)
        }
        let doses = sentence.hits(of: [.doseWord, .unitWord])
        return !sentence.hits(of: [.appAction]).contains { app in
            guard words.contains(app.start) else { return false }
            let clauseStart = max(words.lowerBound, sentence.clauseOpenings.filter { $0 <= app.start && $0 >= first }.max() ?? first)
            let clause = clauseStart..<min(words.upperBound, sentence.clauseOpenings.filter { $0 > app.start && $0 < end }.min() ?? end)
            let changed = changes.contains { clause.contains($0.start) && $0.start < app.start }
            let target = targets.contains(where: clause.contains) && doses.contains { clause.contains($0.start) }
            return !changed && !target
        }
    }

    /// An app word among `words` that is not part of a history phrase: "how do I log a skipped dose" is about
    /// the app, "my log shows I missed three" is about the user's history. Nor one inside a longer
    /// time term (Spanish "diario" is a diary, "de diario" is daily: "en vez de diario").
    private func usesApp(_ sentence: SentenceFacts, in words: Range<Int>) -> Bool {
        let history = sentence.hits(of: [.ownHistory]), times = sentence.hits(of: [.timingWord])
        return sentence.hits(of: [.appAction]).contains { app in
            words.contains(app.start)
                && !history.contains(where: app.isPart)
                && !times.contains(where: app.isPart)
        }
    }

    /// A change verb whose object (the first dose subject or health word in the next four words,
    /// before any reason or condition: "die Abnehmspritze halbieren, wenn mir übel ist" halves the
    /// jab) is a health word: "increase my water intake", "cut carbs" are coaching, not dosing. Or
    /// one whose subject is a health word right before it, or up to two words before it after a
    /// possessive, in its clause, with no dose subject between or in the next two words: "do my
    /// steps change on the days I inject", "mi frecuencia cardiaca en reposo sube" ask about the
    /// user's data.
    private func actsOnHabit(_ verb: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        let terms = sentence.hits(of: Self.doseSubjects + [.unitWord, .healthAnchor])
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
    private func reportsHistory(_ change: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
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

    /// The earliest hit; at one position a dose term wins over a health word.
    private static func first(_ hits: [SentenceFacts.Hit]) -> SentenceFacts.Hit? {
        hits.min { ($0.start, $0.termClass == .healthAnchor ? 1 : 0) < ($1.start, $1.termClass == .healthAnchor ? 1 : 0) }
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

    /// An amount question with a dose term in its next three words and no health word before it
    /// ("how much Ozempic", not "how many steps on injection days"), or an
    /// amount judgement with one in its previous three ("15 mg of Mounjaro too much") or with a
    /// number in its previous five, same clause ("would 2.4 be too much"). A judgement whose
    /// clause names a health word and no drug, medication or dose judges a habit ("are 2 litres
    /// of water enough on injection days"). The sentence or its neighbours name the dose.
    private func asksAmountOfDose(_ sentence: SentenceFacts) -> Bool {
        // A word that starts a longer term of another class reads as that term ("j'ai" is not "j.", a unit).
        let objects = sentence.hits(of: Self.amountObjects).filter { object in
            !sentence.hits.contains { $0.start == object.start && $0.end > object.end && !Self.amountObjects.contains($0.termClass) }
        }
        let health = sentence.hits(of: [.healthAnchor])
        // "how many steps on injection days" counts steps: a health word first names what is counted.
        let asked = sentence.hits(of: [.amountQuestion]).contains { question in
            objects.contains { object in
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

    // MARK: Rule 15: a drug level named outright

    /// True when sentence `index` asks about a drug level: a word that means one on its own
    /// (half-life, trough, plasma); a drug-level word (concentration, wear off, "in my blood")
    /// with a drug, dose, injection or Research Mode nearby, a pronoun ("when does it wear off")
    /// or a second level word ("peak concentration"), unless it is the user's own ("my
    /// concentration at work", outside Research Mode, and no drug right after it: "my concentration
    /// of liraglutide" is a drug's); or a peak/level word within four words of
    /// a drug and not next to a health metric ("when does Ozempic peak", not "my peak heart rate")
    /// nor part of a dose value ("the highest dose" asks for a dose, rule 9),
    /// or with Research Mode named, or asked of a pronoun ("when is it strongest?") when the level
    /// is not the user's own ("il mio livello di vitamina D": Italian "il" reads as French "it").
    func asksDrugLevel(_ index: Int) -> Bool {
        let sentence = sentences[index]
        if asksRemainder(sentence) { return true }
        // A level word right before a bare number, in a sentence naming no drug or substance, is a
        // rank or score ("Level 12 in Pokémon Go"), not "mein Ozempic-Spiegel 4 Tage nach der Spritze".
        let ranks = sentence.hasAny(Self.levelSubjects) ? [] : sentence.hits(of: [.pkWeak]).filter {
            sentence.numberStarts.contains($0.end) && !sentence.amountStarts.contains($0.end)
        }
        guard sentence.hits.contains(where: { [.pkStrong, .pkMedium, .pkWeak].contains($0.termClass) && !ranks.contains(where: $0.sameSpan) })
        else { return false }
        if sentence.has(.pkStrong) { return true }
        let nearby = window(index)
        let researchMode = nearby.contains { $0.has(.pkContext) }
        let subjectNearby = researchMode || nearby.contains { $0.hasAny(Self.levelSubjects) }
        let owned = Set(sentence.hits(of: [.possessive]).map(\.end))
        let medium = Set(sentence.hits(of: [.pkMedium]).filter { researchMode || !isOwnLevel($0, in: sentence) }.map(\.start))
        // Asked how many hours, or beside something taken, a drug-level word is about what was
        // taken ("Dopo quante ore finisce l'effetto del Brufen?", "Me tomé un Frenadol, ¿a qué
        // hora se me pasa el efecto?").
        let taken = sentence.has(.levelCue) || nearby.contains { $0.has(.intakeVerb) }
        if !medium.isEmpty, subjectNearby || taken || sentence.has(.pkWeak) || sentence.has(.pronoun) || medium.count >= 2 {
            return true
        }
        guard sentence.hits(of: [.pkWeak]).contains(where: { level in !ranks.contains(where: level.sameSpan) }) else { return false }
        let ownLevel = sentence.hits(of: [.pkWeak]).allSatisfy { owned.contains($0.start) }
        // Asked of a pronoun, a level is a drug's unless the sentence asks what the user may do
        // ("cuál es lo máximo de Mounjaro que me puedo poner" asks for a dose, rule 9).
        let pronounLevel = sentence.isQuestion && sentence.has(.pronoun) && !sentence.hasAny([.healthAnchor, .adviceModality])
        if researchMode || (pronounLevel && !ownLevel) { return true }
        let subjects = sentence.hits(of: Self.levelSubjects), metrics = sentence.hits(of: [.healthAnchor])
        let doseValues = sentence.hits(of: [.doseValueRequest])
        let levels = sentence.hits(of: [.pkWeak]).filter { level in
            !doseValues.contains { $0.start <= level.start && level.start < $0.end }
        }
        return levels.contains { level in
            subjects.contains { abs($0.start - level.start) <= 4 }
                && !metrics.contains { $0.start != level.start && abs($0.start - level.start) <= 2 }
        }
    }

    /// True when `sentence` asks how much of a drug or substance remains ("ile nikotyny zostaje mi
    /// we krwi rano?", "how much caffeine is still in me at bedtime?"): an amount question with a
    /// drug, dose or substance in its next three words, followed in its clause by a word of what
    /// remains or where (a persistence cue or a drug-level word), and no advice asked.
    private func asksRemainder(_ sentence: SentenceFacts) -> Bool {
        guard !sentence.has(.adviceModality) else { return false }
        let subjects = sentence.hits(of: Self.levelSubjects), remains = sentence.hits(of: [.persistenceCue, .pkMedium])
        return sentence.hits(of: [.amountQuestion]).contains { question in
            subjects.contains { subject in
                subject.start >= question.end && subject.start < question.end + 3
                    && remains.contains { $0.start >= subject.end && !sentence.opensClause(from: subject.end, through: $0.start) }
            }
        }
    }

    /// A level word right after a possessive with no drug or substance right after it is the
    /// user's own ("my concentration at work", "meine Konzentration"), not a drug's ("my
    /// concentration of liraglutide").
    private func isOwnLevel(_ level: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        let subjects = Set(sentence.hits(of: Self.levelSubjects).map(\.start))
        return sentence.hits(of: [.possessive]).contains { $0.end == level.start }
            && !subjects.contains(level.end) && !subjects.contains(level.end + 1)
    }

    // MARK: Prompt injection

    /// True when any sentence overrides the instructions ("ignore your rules", "disregard the
    /// above"), asks for the prompt ("print your system prompt", "repeat the text above"), sets
    /// up a role-play or jailbreak, writes a chat-template role marker, or asks to decode an
    /// encoding ("decode this base64").
    /// Instructions named with the assistant's earlier context ("the instructions you received
    /// before this chat") are the prompt, whatever verb asks for them (copy, translate, list). A
    /// claim of authority over the assistant (a system message, the app team, "my doctor
    /// authorised you") with a permission granted or a restriction lifted ("admin rights",
    /// "restrictions are lifted") is an injection too, anywhere in the message.
    var isInjection: Bool {
        let authority = sentences.contains { $0.has(.authorityClaim) }
        let permission = sentences.contains { $0.has(.permissionGrant) }
        return (authority && permission) || sentences.contains { sentence in
            let prompt = sentence.hasAny([.promptNoun, .aboveReference])
                || (sentence.has(.instructionNoun) && sentence.has(.priorContext))
            return (sentence.has(.overrideVerb) && sentence.hasAny([.instructionNoun, .promptNoun, .aboveReference]))
                || (sentence.has(.revealVerb) && prompt)
                || sentence.has(.rolePlay) || sentence.roleMarkers > 0
                || (sentence.has(.decodeVerb) && sentence.has(.encodingWord))
        }
    }

    // MARK: Rule 10: out of scope

    /// True when sentence `index` is about a topic the Coach never covers (homework, code,
    /// bitcoin), or about weather, news, sport, travel and the like with no health word and no
    /// drug, medication, dose or injection word in it ("flying to NYC with my pens" is in scope),
    /// a word inside a longer off-topic term not counting ("un train").
    func isOutOfScope(_ index: Int) -> Bool {
        let sentence = sentences[index]
        if sentence.has(.offTopicStrong) { return true }
        // A health word inside a longer off-topic term is that term's ("un train" is not "train", training).
        let offTopic = sentence.hits(of: [.offTopicWeak])
        // A question about the app is in scope whatever device it names ("Does the app work on an iPad?").
        let inScope = sentence.hits(of: [.healthAnchor, .appAction] + Self.doseSubjects).contains { word in
            !offTopic.contains(where: word.isPart)
        }
        return !offTopic.isEmpty && !inScope
    }

    // MARK: Helpers

    /// The sentence with its neighbours, for what a sentence is about.
    func window(_ index: Int) -> ArraySlice<SentenceFacts> {
        sentences[max(0, index - 1)...min(sentences.count - 1, index + 1)]
    }

    /// The first drug named in sentence `index`, else in the one before, else the one after, else
    /// anywhere in the message ("Oral semaglutide, 7 mg. The leaflet says 14. Should I move up?").
    func drugName(around index: Int) -> String? {
        for offset in [0, -1, 1] where sentences.indices.contains(index + offset) {
            if let name = sentences[index + offset].drugNames.first { return name }
        }
        return sentences.lazy.compactMap(\.drugNames.first).first
    }
}

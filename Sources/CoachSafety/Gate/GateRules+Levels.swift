/// Rule 15: a drug level named outright, and the region default for how long, until when or how
/// strongly a drug, medication, substance, dose or injection acts.
extension GateRules {
    /// True when sentence `index` asks about a drug level: a word that means one on its own
    /// (half-life, trough, plasma); a drug-level word (concentration, wear off, "in my blood")
    /// with a drug, dose, injection or Research Mode nearby, a pronoun ("when does it wear off")
    /// or a second level word ("peak concentration"), unless it is the user's own ("my
    /// concentration at work", outside Research Mode, and no drug right after it: "my concentration
    /// of liraglutide" is a drug's); or a peak/level word within four words of
    /// a drug and not next to a health metric ("when does Ozempic peak", not "my peak heart rate";
    /// a drug an app word names is the app's: "il promemoria della puntura più forte")
    /// nor part of a dose value ("the highest dose" asks for a dose, rule 9),
    /// or with Research Mode named, or asked of a pronoun ("when is it strongest?") when the level
    /// is not the user's own ("il mio livello di vitamina D": Italian "il" reads as French "it").
    func asksDrugLevel(_ index: Int) -> Bool {
        let sentence = sentences[index]
        if asksRemainder(sentence) || asksRemainingAmount(index) { return true }
        // A level word right before a bare number, in a sentence naming no drug or substance, is a
        // rank or score ("Level 12 in Pokémon Go"), not "mein Ozempic-Spiegel 4 Tage nach der Spritze".
        let ranks = sentence.hasAny(Self.levelSubjects) ? [] : sentence.hits(of: [.pkWeak]).filter {
            sentence.numberStarts.contains($0.end) && !sentence.amountStarts.contains($0.end)
        }
        guard sentence.hits.contains(where: { [.pkStrong, .pkMedium, .pkWeak].contains($0.termClass) && !ranks.contains(where: $0.sameSpan) })
        else { return false }
        if sentence.has(.pkStrong) { return !ownsFigurativeLevel(index) }
        let nearby = window(index)
        let researchMode = nearby.contains { $0.has(.pkContext) }
        let subjectNearby = researchMode || nearby.contains { $0.hasAny(Self.levelSubjects) }
        let owned = Set(sentence.hits(of: [.possessive]).map(\.end))
        let medium = Set(sentence.hits(of: [.pkMedium]).filter {
            researchMode || !isOwnLevel($0, in: sentence) && !placesInData($0, in: sentence)
        }.map(\.start))
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
        // A question about the app ("il promemoria più forte") asks about the app.
        let pronounLevel = sentence.isQuestion && sentence.has(.pronoun) && !sentence.hasAny([.healthAnchor, .adviceModality, .appAction])
        if researchMode || (pronounLevel && !ownLevel) { return true }
        let subjects = sentence.hits(of: Self.levelSubjects).filter { !namesAppObject($0, in: sentence) }
        let metrics = sentence.hits(of: [.healthAnchor])
        let doseValues = sentence.hits(of: [.doseValueRequest])
        let levels = sentence.hits(of: [.pkWeak]).filter { level in
            !doseValues.contains { $0.start <= level.start && level.start < $0.end }
        }
        return levels.contains { level in
            subjects.contains { abs($0.start - level.start) <= 4 }
                && !metrics.contains { $0.start != level.start && abs($0.start - level.start) <= 2 }
        }
    }

    /// True when `level`, in a sentence that names no drug, substance, dose or injection, puts
    /// something in the user's data: a health or app word after a possessive follows it within
    /// three words in its clause, outside any level phrase ("did that show up in my exercise
    /// minutes?", "does it show up in my log?"), where "in my blood" is a level phrase of its own;
    /// a time ("son effet s'estompe pendant le jeûne") is no place in the data.
    func placesInData(_ level: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        guard !sentence.hasAny(Self.levelSubjects) else { return false }
        let phrases = sentence.hits(of: Self.levelWords)
        let owned = Set(sentence.hits(of: [.possessive]).map(\.end))
        return sentence.hits(of: [.healthAnchor, .appAction]).contains { place in
            place.start >= level.end && place.start - level.end <= 3 && owned.contains(place.start)
                && !sentence.opensClause(from: level.end, through: place.start)
                && !phrases.contains { $0.start <= place.start && place.start < $0.end }
        }
    }

    /// True when `subject` is what an app word just before it in its clause is for, up to two
    /// words of no class between ("il promemoria della puntura più forte", "the reminder for my
    /// injection louder"): a strength or peak then belongs to the reminder, not to a drug.
    func namesAppObject(_ subject: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        sentence.hits(of: [.appAction]).contains { app in
            let between = app.end..<subject.start
            return app.end <= subject.start && between.count <= 2 && !sentence.opensClause(from: app.end, through: subject.start)
                && !sentence.hits.contains { between.overlaps($0.start..<$0.end) }
        }
    }

    /// True when `sentence` asks how much of a drug or substance remains ("ile nikotyny zostaje mi
    /// we krwi rano?", "how much caffeine is still in me at bedtime?"): an amount question with a
    /// drug, dose or substance in its next three words, followed in its clause by a word of what
    /// remains or where (a persistence cue or a drug-level word), and no advice asked.
    func asksRemainder(_ sentence: SentenceFacts) -> Bool {
        guard !sentence.has(.adviceModality) else { return false }
        let subjects = sentence.hits(of: Self.levelSubjects), remains = sentence.hits(of: [.persistenceCue, .pkMedium])
        // Doses counted in a pen are the app's data ("how many doses are still left in my pen").
        return sentence.hits(of: [.amountQuestion]).contains { question in
            !countsPenRemainder(question, in: sentence) && subjects.contains { subject in
                subject.start >= question.end && subject.start < question.end + 3
                    && remains.contains { $0.start >= subject.end && !sentence.opensClause(from: subject.end, through: $0.start) }
            }
        }
    }

    /// True when sentence `index` asks how much of a drug or substance is left in the user, with
    /// no level word ("how much of it is still in me tonight", "ist das Zeug morgen noch drin", "il
    /// m'en reste combien", "quanto ne rimane stasera", "czy coś mi jeszcze zostanie"): a question
    /// with a remainder word and an amount or what it is of, or a remainder or persistence word and
    /// a place in the body; about a drug or substance of the sentence, or of a neighbour when the
    /// sentence refers back to it ("that stuff", "davon") or names the body. Doses and injections
    /// counted or left in a pen are the app's data ("how many doses are left in my pen"), and a
    /// sentence that does something to a dose is rule 9's.
    func asksRemainingAmount(_ index: Int) -> Bool {
        let sentence = sentences[index]
        let inBody = sentence.has(.insideWord) || sentence.hits(of: [.pkMedium]).contains { !isOwnLevel($0, in: sentence) }
        let remains = sentence.has(.remainderWord) && sentence.hasAny([.amountQuestion, .remainderOf])
            || sentence.hasAny([.remainderWord, .persistenceCue]) && inBody
        guard remains, sentence.isQuestion || sentence.hasAny([.amountQuestion, .questionOpener]),
              !sentence.hasAny([.adviceModality, .changeVerb, .amountJudgement, .doseValueRequest]),
              inBody || !sentence.hasAny([.doseWord, .injectionWord]) else { return false }
        if sentence.hasAny(Self.remainderSubjects) { return true }
        return sentence.hasAny([.remainderOf, .insideWord]) && window(index).contains { $0.hasAny(Self.remainderSubjects) }
    }

    /// What a remainder is of: a drug, a medication or a substance (a dose or pen is counted).
    static let remainderSubjects: [TermClass] = [.glp1Drug, .glp1ClassWord, .otherDrug, .medicationWord, .substance]

    /// True when every strong level word of sentence `index` belongs to a feeling, habit or other
    /// thing that is no drug ("my motivation has a half-life of two days", "ma patience a une
    /// demi-vie d'une heure", "mi fuerza de voluntad tiene una vida media"): "my", one to three
    /// words that name no drug, dose, injection, substance or level, a verb of having, and the
    /// level word within two words of it; with no drug, substance or Research Mode in the
    /// sentence or its neighbours, since a drug nearby makes the level the drug's. "It has a
    /// half-life" has no owner of this shape and stays a drug's.
    func ownsFigurativeLevel(_ index: Int) -> Bool {
        let sentence = sentences[index]
        guard !window(index).contains(where: { $0.hasAny(Self.levelSubjects + [.pkContext]) }) else { return false }
        let notOwners = Set(sentence.hits(of: Self.levelSubjects + [.pkStrong, .pkMedium, .pkWeak]).map(\.start))
        let verbs = sentence.hits(of: [.havingVerb]), owners = sentence.hits(of: [.possessive])
        return sentence.hits(of: [.pkStrong]).allSatisfy { level in
            owners.contains { owner in
                verbs.contains { verb in
                    guard verb.start > owner.end, verb.start - owner.end <= 3 else { return false }
                    let noun = owner.end..<verb.start
                    return !notOwners.contains(where: noun.contains)
                        && level.start >= verb.end && level.start - verb.end <= 2
                }
            }
        }
    }

    /// A level word right after a possessive with no drug or substance right after it is the
    /// user's own ("my concentration at work", "meine Konzentration"), not a drug's ("my
    /// concentration of liraglutide").
    func isOwnLevel(_ level: SentenceFacts.Hit, in sentence: SentenceFacts) -> Bool {
        let subjects = Set(sentence.hits(of: Self.levelSubjects).map(\.start))
        return sentence.hits(of: [.possessive]).contains { $0.end == level.start }
            && !subjects.contains(level.end) && !subjects.contains(level.end + 1)
    }

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
        return asksUnanswerably(sentence, parts: parts, aboutLevel: true)
            && (context.opensLevelRegion || inRegion(index, subjects: Self.levelSubjects))
    }
}

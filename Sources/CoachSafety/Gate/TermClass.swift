/// The named lists of the gate's vocabulary files (`Resources/gate-vocabulary.<locale>.json`):
/// each file maps some of these names to terms, and a name not listed here stops the load.
/// The rules (`GateRules`) combine classes; no rule names a word.
enum TermClass: String, CaseIterable, Sendable {
    // What a dose question is about.
    /// GLP-1 generics, brands and pipeline names (a name the refusal repeats).
    case glp1Drug
    /// "GLP-1", "incretin", "weight-loss jab", "Abnehmspritze": the class, no name.
    case glp1ClassWord
    /// Any other named drug (ibuprofen, metformin, levothyroxine, insulin).
    case otherDrug
    /// "medication", "meds", "pill", "Medikament", "lek".
    case medicationWord
    /// Caffeine, alcohol, nicotine: a drug for rule 15 (levels), not for rule 9 (coaching on
    /// coffee or drinking is in scope).
    case substance
    case doseWord
    /// "of", "di", "de", "du", "del": what joins an amount word to what it measures ("a dose of
    /// fresh air", "dose doppia di scale"); an everyday thing after it makes the amount figurative.
    case amountOf
    /// "for", "bei", "gegen", "pour", "por", "per", "na": a purpose after a dose word; what follows
    /// is what the dose is for, so the dose is literal ("a double dose for hunger").
    case purposeWord
    /// Units of a dose: "mg", "mcg", "units", "clicks", "IE", "j.". A unit counts after a number.
    case unitWord
    /// "two", "fünf", "sept virgule cinq", "dwie": a number written out; it counts as a number.
    case numberWord
    /// "hours", "years old", "Grad", "ans", "grados", "anni", "lat": what a number counts in time,
    /// age or temperature. After a target preposition such a number is no amount of a dose ("a 14
    /// hour flight", "a 30 grados": English "a" and the Spanish and Italian target "a" fold alike).
    case measureWord
    /// "injection", "shot", "jab", "pen", "Spritze", "zastrzyk", and injecting verbs.
    case injectionWord
    /// "take", "use", "nehmen", "prendre", "tomar", "brać": the verbs of taking a drug.
    case intakeVerb

    // What the user wants done with it.
    /// Change, skip, stop, split, restart, switch, delay, in present, infinitive or imperative form.
    case changeVerb
    /// The same verbs in the past ("skipped", "abgesetzt", "arrêté"): a report, unless advice is asked.
    case changePast
    /// "later", "instead of", "which day", weekdays, holidays, "morning or evening": when to take it.
    case timingWord
    /// "before", "after", "vor", "nach dem", "avant de", "après", "antes de", "después de", "prima
    /// di", "dopo", "przed", "po": a change right after one names a point in time ("after starting
    /// Saxenda", "vor dem Start"), not an act.
    case timePreposition
    /// "how much", "how many", "what dose": an amount, when a dose term follows within three words.
    case amountQuestion
    /// "too much", "zu viel", "za dużo": a judgement of the amount just before it ("is 15 mg too much?").
    case amountJudgement
    /// "right dose", "max dose", "starting dose", "the same amount": a dose value, asked outright.
    case doseValueRequest
    /// "schedule", "timetable", "roadmap", "Kalender", "calendrier", "calendario", "harmonogram": a
    /// plan in time. With a change of a dose or a number something is moved to after it, it asks
    /// for a titration plan ("a timetable for getting from 2.5 up to 10").
    case scheduleNoun

    // Asking for advice, or about one's own log.
    /// "should I", "can I", "is it safe", "what if", "hypothetically", "tell me", "I want to".
    case adviceModality
    /// "ok", "fine", "really", "in Ordnung", "ça va", "¿vale?", "va bene", "może być": asking for
    /// approval ("half a dose, ok?", "Monday ok?") in the last clause of a question or in a sentence
    /// without a question mark; elsewhere in a question it describes ("mir geht's ok, aber …").
    case approvalTag
    /// "how to", "wie man", "erklär mir wie", "comment *er", "cómo *ar", "come *are", "jak *ć": a
    /// question word before an infinitive, or a request to explain how. The sentence asks for
    /// instructions, question mark or not ("how to increase my Ozempic dose", "napisz mi, jak
    /// zwiększyć dawkę"), and is read as a question.
    case instructionAsk
    /// "is", "does", "kann", "wirkt", "est-ce", "czy": a verb or particle that makes the sentence it
    /// opens a yes/no question, whether or not a question mark ends it. Question words ("what",
    /// "wann", "cuál") are not listed: without a question mark they head statements and titles
    /// as often as questions.
    case questionOpener
    /// "because", "since", "if", "weil", "wenn", "parce que", "si je", "ya que", "visto che", "se ho",
    /// "bo", "jeśli": what follows gives a reason or a condition. A health word after one, in a
    /// request about a drug, pen or dose named before it ("should I ditch Ozempic since my weight
    /// has stalled"), is the reason, not the topic asked, nor the object of a change before it.
    case reasonWord
    /// "so", "then", "anyway", "also", "alors", "entonces", "quindi", "więc": a connective that
    /// opens a new clause in a run-on sentence written without punctuation ("… me dijo que lo
    /// puedo subir … entonces quería saber si …"), so a request after it is read on its own.
    case clauseConnective
    /// "or", "oder", "ou", "o", "czy": a choice between two options asks, question mark or not
    /// ("nimmt er es heute oder wartet er", "0.25 or 0.5 for my first week").
    case choiceWord
    /// "to", "auf", "à", "a", "na", "do": before an amount ("auf 10 mg") a target, so where a past
    /// auxiliary is spelt the same (French "a") it reports nothing.
    case targetPreposition
    /// "better", "besser", "mieux", "mejor", "meglio", "lepiej" on their own: a request to compare
    /// ("lieber pausieren?"), answerable when it compares a health word ("do I sleep better").
    case comparative
    /// "did I", "have I", "since I started", "logged", "was": the user's own history.
    case ownHistory
    /// "want to see if", "quiero ver si", "will sehen ob": the user checks something. After a
    /// question about the history it asks the same ("Want to see if I've kept a routine"); it
    /// reports nothing, so a change after it is not reported ("Quiero ver si me salto el Ozempic").
    case checkIntent
    /// "ago", "il y a ~ semaines", "hace ~ días", "settimane fa", "temu": a change right before one
    /// is reported ("commencé Mounjaro il y a 3 semaines", where folding reads the present "commence").
    case agoMarker
    /// "last week", "yesterday", "la semaine dernière", "w zeszłym tygodniu", and past forms of taking
    /// or injecting ("me inyecté", "ho iniettato", "wzięłam"): a question with one is about the
    /// user's history. Read only by the dose region's answerable shapes (`GateRules.isAnswerable`).
    case pastReport
    /// "j'ai", "ho", "he", "habe": an auxiliary of a compound past. A past form right after one is
    /// a report even where folding makes it read like the present ("j'ai sauté" is not "je saute").
    case pastAuxiliary
    /// "log", "record", "enter", "track", "export", "reminder", "app": using the app.
    case appAction
    /// "tips", "ideas", "summary", "questions for my appointment", "store", "side effects": what
    /// the Coach serves whatever drug is named, so a request for one is answerable in the dose region.
    case answerableRequest
    /// "what would you do", "in my place", "thoughts", "your opinion", "wie siehst du das", "ton
    /// avis", "en mi lugar", "al mio posto", "na moim miejscu": a request for the Coach's judgement
    /// of the user's situation. In a message about a GLP-1 subject it asks about that subject, so
    /// a health word elsewhere in its sentence does not answer it.
    case opinionAsk

    // Drug levels (rule 15).
    /// Words that are about a drug level on their own: half-life, trough, plasma, steady state.
    case pkStrong
    /// Drug-level words that need a drug, a pronoun or a second level word: concentration,
    /// wear off, eliminated, "stay in my system".
    case pkMedium
    /// Peak, level, highest, strongest, kick in: a drug level only right next to a drug.
    case pkWeak
    /// "Research Mode": the app's drug-level chart, so "my level" there means a drug level.
    case pkContext
    /// "how long", "how many hours", "wie lange", "combien de temps", "cuánto tiempo", "quanto tempo",
    /// "jak długo": a question of how long something acts (it asks on its own), a drug level when asked of a drug.
    case levelCue
    /// "still", "anymore", "stronger", "weaker", "noch", "encore", "todavía", "ancora", "nadal": whether
    /// or how strongly something still acts; a drug level when a sentence asks it of a drug.
    case persistenceCue
    /// "left", "remaining", "übrig", "reste", "queda", "resta", "rimane", "zostało": what remains
    /// of something; with an amount asked or a place in the body, what remains of a drug taken.
    case remainderWord
    /// "pen", "cartridge", "Pen", "stylo", "pluma", "penna", "penie": a container whose remaining
    /// doses the app counts ("how many doses are left in my pen").
    case containerWord
    /// "in me", "inside me", "in mir", "drin", "en moi", "dentro", "in corpo", "in circolo", "we mnie":
    /// the user's body as where something remains.
    case insideWord
    /// "of it", "that stuff", "davon", "das Zeug", "m'en", "algo", "ne resta", "un po'", "coś mi": what a
    /// remainder question says of the thing it asks about, so a drug named before is its subject.
    case remainderOf
    /// "it", "es", "ça": "when does it wear off".
    case pronoun
    /// "my", "meine", "ma", "mi", "la mia", "moja": right before a level word it is the user's own
    /// ("my concentration at work"), not a drug's.
    case possessive
    /// "has", "hat", "a une", "tiene", "ha", "ma": after "my" and a noun that is no drug it gives the
    /// noun a level of its own ("my motivation has a half-life of two days").
    case havingVerb

    // Prompt injection.
    /// "ignore", "disregard", "forget", "vergiss", "oublie".
    case overrideVerb
    /// "instructions", "rules", "guidelines", "policy", "restrictions".
    case instructionNoun
    /// "show", "print", "reveal", "repeat", "translate", "what were".
    case revealVerb
    /// "system prompt", "your instructions", "initial instructions": the prompt itself.
    case promptNoun
    /// "above", "the text above", "ci-dessus", "powyżej".
    case aboveReference
    /// "you are now a", "pretend", "role-play", "act as a", "developer mode", "jailbreak".
    case rolePlay
    /// "system", "assistant", "inst", "im start": a chat-template role when written as a marker.
    case roleMarker
    /// "before this chat", "you received", "you were given", "vor diesem Chat", "que tu as reçues",
    /// "przed rozmową": the assistant's own earlier context, so instructions named with it are the
    /// prompt whatever verb asks for them ("translate the instructions you received before this chat").
    case priorContext
    /// "system message", "admin", "the app team", "developer", "my doctor authorised you": someone
    /// claiming authority over the assistant.
    case authorityClaim
    /// "admin rights", "restrictions are lifted", "you are allowed", "unrestricted", "confirm with
    /// OK": a permission granted to the user or a restriction taken off the assistant.
    case permissionGrant
    /// "base64", "rot13", "hex".
    case encodingWord
    /// "decode", "dekodiere", "décode".
    case decodeVerb
    /// "your", "dein", "tes", "tus", "tue", "twoje", "the instructions you were given": right
    /// before a rule or instruction word (or one word before, or right after it) the assistant's own.
    case assistantOwner
    /// "previous", "hidden", "system", "developer", "de sécurité", "di sistema", "systemowe": next to
    /// a rule or instruction word, the assistant's configuration ("system instructions").
    case configModifier
    /// "safety", "content", "de sécurité", "di sicurezza", "bezpieczeństwa": next to a rule or filter
    /// word, what the rule is about; the assistant's own unless the sentence is about health
    /// ("safety rules for storing my pen").
    case configTopic
    /// "no", "without", "ohne", "sans", "sin", "senza", "bez": right before a rule or filter word, a
    /// rule taken away ("if you had no guidelines"); the assistant's own unless the sentence is
    /// about health ("no restrictions on food").
    case absenceWord
    /// "everything", "every question", "alles", "toutes les questions", "todo", "tutto", "wszystko":
    /// with a verb of answering, a rule handed to the assistant ("answer everything").
    case everythingWord
    /// "you were told", "you are programmed", "on t'a interdit", "te configuraron", "ti hanno vietato",
    /// "zabroniono ci": what the assistant was configured to do, named as a clause.
    case configuredClause
    /// "new rules", "neue Regeln", "nouvelles règles", "reglas nuevas", "nuove regole", "nowe zasady".
    case newRules
    /// "you are", "be my", "stay in character", "du bist", "sois mon", "eres", "sii il mio", "bądź":
    /// a persona handed to the assistant when a `persona` follows within two words.
    case personaFrame
    /// "as my", "als mein", "en tant que", "como mi", "come mio", "jako mój": a persona followed
    /// by a permission ("as my doctor you can").
    case asRole
    /// "doctor", "pharmacist", "Arzt", "médecin", "farmacéutico", "medico", "lekarz*", "DAN", "AI
    /// without": a persona that would speak with a clinician's licence or without limits.
    case persona
    /// "you may", "you can", "du darfst", "tu peux", "puedes", "puoi", "możesz": a permission given
    /// to the assistant.
    case youMay
    /// "from now on", "ab jetzt", "désormais", "a partir de ahora", "d'ora in poi", "od teraz".
    case fromNowOn
    /// A form of the answer: a language or a length ("in English", "en anglais", "kürzer", "más corto",
    /// "po polsku"). A verb of answering with one says how to answer, not which rules to follow.
    case answerFormat
    /// "answer", "reply", "refuse", "antworte", "réponds", "responde", "rispondi", "odpowiadaj": how
    /// the assistant is to answer.
    case replyVerb
    /// "instruction", "response", "user", "Anweisung", "polecenie": a chat-template block heading
    /// when written after a bracket or hash ("### Instruction:", "[User]").
    case blockMarker

    // Out of scope (rule 10).
    /// Never about health: homework, bitcoin, election, Python, a poem, a joke.
    case offTopicStrong
    /// Off topic unless the same sentence is about health: weather, news, football, movie.
    case offTopicWeak
    /// Tasks the Coach never does: buying and prices, writing letters, booking, solving, coding
    /// ("buy", "cover letter", "book me", "solve", "linked list", "kaufen", "résous", "cómprame").
    /// Off topic when no sentence of the message names health, the user's data, a drug or the app.
    case offTopicTask
    /// General-knowledge questions: "who wrote", "how does ~ work", "in the world", "wer hat ~
    /// erfunden", "du monde", "cómo funciona", "chi ha scritto", "na świecie"; off topic like a task
    /// when asked (a question, a request word, or opening the sentence).
    case generalKnowledgeAsk
    /// "times", "plus", "mal", "fois", "por", "per", "razy": between two numbers, a sum to work out.
    case mathOperator
    /// Steps, sleep, weight, heart rate, a run, a meal: the words of health and activity. A
    /// sentence with one is not off topic; a peak or level next to one is a health metric ("peak
    /// heart rate"); a change verb whose object is one is about lifestyle ("increase my steps").
    case healthAnchor

    // The outbound guard.
    /// "I can't", "not something I", "ask your prescriber": the model declining.
    case refusalMarker

    /// Words that are never corrected as typos although they lie one letter from a term
    /// ("water" is not "later", "have" is not "halve").
    case plainWord
    /// A month's name in the forms a locale declines it to ("March", "März", "marca", "w marcu"; "in
    /// may", not the verb): a plain word, and in a follow-up it asks again of another time ("and in
    /// March?"). The gate's one list of month names.
    case monthName

    // The conversation.
    /// A question about the Coach itself: who made it, who or what it is, how it is ("Who made
    /// you?", "Wer bist du?", "Qui t'a créé ?", "¿Cómo te llamas?", "Chi ti ha creato?", "Kim
    /// jesteś?"). Its words are read as the phrase only ("who built" is no general-knowledge ask, "still"
    /// no level), and asked after a refusal it asks nothing of that question.
    case assistantQuestion

    /// How far a misspelt word may be from a term of this class and still match it (Damerau-
    /// Levenshtein distance, same first letter), by the term's length; nil for no typo tolerance.
    /// Drug names, drug-level words and the words of an injection attack are rare enough that a
    /// near miss is a typo: ≤ 1 from five letters, ≤ 2 from eight. Change verbs are common words in
    /// six languages, so only long ones match, at ≤ 1 ("incrase" is "increase"; "resumir" is not
    /// "resuming"). Everyday words are left out: one letter often makes another real word ("suelo"
    /// is not "suero", "water" is not "later").
    /// Everyday wording that is no rule term (`plainWord`, `monthName`): its words are not read
    /// through another term.
    var isPlainWording: Bool { self == .plainWord || self == .monthName }

    func typoDistance(forLength length: Int) -> Int? {
        switch self {
        case .glp1Drug, .glp1ClassWord, .otherDrug, .substance, .doseWord, .injectionWord, .pkStrong, .pkMedium,
             .overrideVerb, .instructionNoun, .promptNoun, .rolePlay:
            return length >= 8 ? 2 : length >= 5 ? 1 : nil
        case .changeVerb:
            return length >= 7 ? 1 : nil
        default:
            return nil
        }
    }
}

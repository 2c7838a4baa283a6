/// The gate's decisions, each a small combination of term classes over a sentence (and, for what
/// a question is about, the sentence before and after it: "I'm on Mounjaro. Should I skip it?").
/// In the dose region (a GLP-1 drug, pen, dose or amount named, or any drug asked how long or how
/// strongly it acts) a request is refused unless it has one of the shapes the Coach answers.
/// `docs/healthlog/coach-gate.md` states them in words. This file holds the classes the rules
/// group; each decision has its file: `GateRules+DoseRegion` (rule 9's region),
/// `+AskingParts` (what a sentence asks), `+ServedShapes` (what the Coach answers),
/// `+DoseActs` (what a sentence does with a dose), `+Levels` (rule 15), `+Injection` and
/// `InjectionShape` (injections), `+OutOfScope` (rule 10).
struct GateRules {
    let sentences: [SentenceFacts]
    /// What the conversation's earlier user turns lend the message: the region they open.
    var context = ConversationContext.none

    /// What a dose question can be about: a drug, a medication, a dose, an injection or pen.
    static let doseSubjects: [TermClass] = [.glp1Drug, .glp1ClassWord, .otherDrug, .medicationWord, .injectionWord, .doseWord]

    /// What makes a level word a drug level: any drug or substance, a dose, an injection.
    static let levelSubjects: [TermClass] = doseSubjects + [.substance]

    /// What an amount question or judgement must be about, within three words, to ask for a dose.
    static let amountObjects: [TermClass] = doseSubjects + [.unitWord, .intakeVerb]

    /// Words that name amounts and the choice between them ("0,25 oder 0,5", "a ile na 1 mg").
    static let amountWords: [TermClass] = [.numberWord, .unitWord, .targetPreposition, .choiceWord]

    /// Words that turn "later", "Monday", "instead" into timing a dose (in a reply).
    static let dosingActs: [TermClass] = [.intakeVerb, .doseWord, .injectionWord, .glp1Drug, .glp1ClassWord]

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

    /// What keeps a part of a sentence from leaning on the rest of it: content of its own, or a
    /// request for the Coach's judgement ("what would you do?", "thoughts?"), which asks about the
    /// subject, not about a health word elsewhere in the sentence.
    static let leaningBlockers: [TermClass] = ownContent + [.opinionAsk]

    /// The earliest hit; at one position a dose term wins over a health word.
    static func first(_ hits: [SentenceFacts.Hit]) -> SentenceFacts.Hit? {
        hits.min { ($0.start, $0.termClass == .healthAnchor ? 1 : 0) < ($1.start, $1.termClass == .healthAnchor ? 1 : 0) }
    }

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

/// What the earlier user turns of a conversation lend a new message: the subject of the dose
/// region and of the level region, and the drug they named. A user names the drug in one turn
/// ("I'm on Mounjaro 5 mg, the nausea is awful") and asks in the next ("and if I just do half?");
/// the language model sees both, so the gate reads the new message as if those turns were
/// sentences before it. Only the region comes from them: whether the new message asks anything,
/// and whether it asks in a shape the Coach answers, is read from its own sentences alone
/// (`docs/healthlog/coach-gate.md`, "The conversation's earlier turns").
struct ConversationContext: Sendable {
    /// An earlier turn named a GLP-1 drug, class word, pen, dose or an amount with a dose unit:
    /// a request of the new message is in the dose region (rule 9).
    let opensDoseRegion: Bool
    /// An earlier turn named any drug, medication, substance, dose or injection, or an amount with a
    /// dose unit: a question of how long or how strongly something acts is about its level (rule 15).
    let opensLevelRegion: Bool
    /// The drug the latest turn that named one named first, as the vocabulary spells it.
    let drugName: String?

    /// No earlier turns: the message is read alone.
    static let none = ConversationContext(opensDoseRegion: false, opensLevelRegion: false, drugName: nil)

    private init(opensDoseRegion: Bool, opensLevelRegion: Bool, drugName: String?) {
        self.opensDoseRegion = opensDoseRegion
        self.opensLevelRegion = opensLevelRegion
        self.drugName = drugName
    }

    /// Words that give a message a topic of its own: a health word, the app, a request the Coach
    /// serves whatever drug is named, Research Mode, an off-topic word.
    static let ownTopics: [TermClass] = [.healthAnchor, .appAction, .answerableRequest, .pkContext, .offTopicWeak, .offTopicStrong]

    /// The context `turns` (each the sentences of one earlier user message, oldest first) lend the
    /// message of `sentences`. Every earlier turn given counts, whatever its topic and whether it
    /// was answered or refused: the caller passes the turns the model would see, and a topic change
    /// between them does not take the drug out of the model's view. The new message is read alone
    /// when it changes the topic itself, naming one of its own (`ownTopics`: "How do I turn off the
    /// weekly summary email?", "La natation, c'est bon pour le mal de dos ?") and nothing that acts
    /// on a dose: no change of one (a change of a habit or of the app is none: `dosingChanges`), no
    /// verb of taking, no dose value, no amount with a dose unit; and when it is a plain follow-up
    /// (`isPlainFollowUp`) of a question the gate answered (`followsServedQuestion`: "How did I sleep
    /// last week?" → "and the week before?"), as in one message. A follow-up that names no topic
    /// ("and if I just do half?") or acts on a dose ("would halving it help with the nausea?") is
    /// read in the context.
    init(turns: [[SentenceFacts]], message sentences: [SentenceFacts], followsServedQuestion: Bool) {
        let rules = GateRules(sentences: sentences)
        let acts = sentences.contains { sentence in
            !rules.dosingChanges(sentence).isEmpty || sentence.hasAny([.intakeVerb, .doseValueRequest]) || sentence.doseAmounts > 0
        }
        let changesTopic = !acts && sentences.contains { $0.hasAny(Self.ownTopics) }
        guard !changesTopic, !followsServedQuestion else {
            self = .none
            return
        }
        let earlier = turns.joined()
        let names = { (subjects: [TermClass]) in earlier.contains { $0.hasAny(subjects) || $0.doseAmounts > 0 } }
        opensDoseRegion = names(GateRules.regionSubjects)
        opensLevelRegion = names(GateRules.levelSubjects)
        drugName = turns.reversed().lazy.compactMap { $0.lazy.compactMap(\.drugNames.first).first }.first
    }

    /// True when the message names no subject, amount, number or act of its own and asks no advice,
    /// approval or opinion ("and the week before?", "und im Oktober?"): it asks what the turn
    /// before asked, of another time or thing.
    static func isPlainFollowUp(_ sentences: [SentenceFacts]) -> Bool {
        sentences.allSatisfy { !$0.hasAny(GateRules.leaningBlockers + [.adviceModality, .approvalTag]) && $0.numberStarts.isEmpty }
    }
}

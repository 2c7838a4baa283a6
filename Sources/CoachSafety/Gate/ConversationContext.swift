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

    /// How the message follows the turn before when it is a plain follow-up (`isPlainFollowUp`) of
    /// a question: of one the gate answered, or of one it refused.
    enum FollowUp: Sendable { case none, ofAnswered, ofRefused }

    /// Words that give a message a topic of its own: a health word, the app, a request the Coach
    /// serves whatever drug is named, Research Mode, an off-topic word.
    static let ownTopics: [TermClass] = [.healthAnchor, .appAction, .answerableRequest, .pkContext, .offTopicWeak, .offTopicStrong]

    /// Requests for the Coach's judgement of what was said before: an opinion ("what would you do
    /// in my place?", "fine, but would you?") or an approval ("is that ok?").
    static let judgementAsks: [TermClass] = [.opinionAsk, .approvalTag]

    /// The context `turns` (each the sentences of one earlier user message, oldest first) lend the
    /// message of `sentences`. Every earlier turn given counts, whatever its topic and whether it
    /// was answered or refused: the caller passes the turns the model would see, and a topic change
    /// between them does not take the drug out of the model's view. The new message is read in the
    /// context only when it refers back to an earlier subject (`refersBack`) or plainly follows a
    /// question the gate refused ("Should I go up to 2 mg next week?" → "and the week after?"). It is
    /// read alone when it names a topic of its own (`ownTopics`: "La natation, c'est bon pour le mal
    /// de dos ?") and nothing that acts on a dose, or plainly follows a question the gate answered
    /// ("How did I sleep last week?" → "and the week before?"), as in one message.
    init(turns: [[SentenceFacts]], message sentences: [SentenceFacts], followUp: FollowUp) {
        let rules = GateRules(sentences: sentences)
        let acts = sentences.contains { sentence in
            !rules.dosingChanges(sentence).isEmpty || sentence.hasAny([.intakeVerb, .doseValueRequest]) || sentence.doseAmounts > 0
        }
        let changesTopic = !acts && sentences.contains { $0.hasAny(Self.ownTopics) }
        // An amount with a dose unit is a dose of the conversation's drug ("two clicks this week?").
        let leans = followUp == .ofRefused || sentences.contains { $0.doseAmounts > 0 }
            || (!changesTopic && sentences.contains { Self.refersBack($0, rules: rules) })
        guard leans, followUp != .ofAnswered else {
            self = .none
            return
        }
        let earlier = turns.joined()
        let names = { (subjects: [TermClass]) in earlier.contains { $0.hasAny(subjects) || $0.doseAmounts > 0 } }
        opensDoseRegion = names(GateRules.regionSubjects)
        opensLevelRegion = names(GateRules.levelSubjects)
        drugName = turns.reversed().lazy.compactMap { $0.lazy.compactMap(\.drugNames.first).first }.first
    }

    /// True when `sentence` refers back to a subject named before it rather than naming its own:
    /// a dosing change or taking, not reported, whose object it leaves unnamed or points to
    /// (`leavesObjectUnnamed`, a pronoun beside it, or nothing after it in a clause that names no
    /// topic of its own: "go up next week?", "y si la salto?", "just take it like before?", "soll
    /// ich sie halbieren, weil …"), or offers as a choice ("push through or stop for a while?"); an
    /// opinion asked, or an approval in a question ("what would you do in my place?", "fine, but
    /// would you?"); a level verb with no subject of its own ("how long does it last?"); or a bare
    /// number or fraction with an act or a modality, or a number word in a question ("and if I just
    /// do half?"). A sentence that names its own object ("change my password", "suggest a stretching
    /// routine", "connect my scale") asks about that object, and a message of such sentences is read
    /// alone.
    static func refersBack(_ sentence: SentenceFacts, rules: GateRules) -> Bool {
        let ownTopic = sentence.hasAny(Self.ownTopics)
        let pronouns = sentence.hits(of: [.pronoun])
        let nearPronoun = { (hit: SentenceFacts.Hit) in pronouns.contains { $0.end >= hit.start - 1 && $0.start <= hit.end + 1 } }
        // A clause ends at the sentence's end, a clause opening or a reason ("…, vu que mon poids stagne").
        let reasons = Set(sentence.hits(of: [.reasonWord]).map(\.start))
        let clauseIsBare = { (hit: SentenceFacts.Hit) in
            let (first, end) = (sentence.words.lowerBound, sentence.words.upperBound)
            let clauseStart = sentence.clauseOpenings.filter { $0 <= hit.start && $0 >= first }.max() ?? first
            let endsClause = hit.end == end || sentence.clauseOpenings.contains(hit.end) || reasons.contains(hit.end)
            return endsClause && !sentence.hits(of: Self.ownTopics).contains { (clauseStart..<hit.end).contains($0.start) }
        }
        let acts = rules.dosingChanges(sentence).filter { !rules.reportsHistory($0, in: sentence) }
            + sentence.hits(of: [.intakeVerb, .injectionWord])
        let elides = acts.contains { act in
            nearPronoun(act) || clauseIsBare(act)
                || (act.termClass != .intakeVerb && rules.leavesObjectUnnamed(act, in: sentence))
        }
        let chooses = !ownTopic && !acts.isEmpty && rules.joinsChoice(sentence)
        let judges = sentence.has(.opinionAsk) || (sentence.isQuestion && sentence.has(.approvalTag))
        // A level verb, or a level word with a pronoun ("ça dure combien de temps ?"), of nothing named.
        let levelVerbs = GateRules.levelWords.filter { $0 != .levelCue }
        let level = (sentence.hasAny(levelVerbs) || (sentence.has(.levelCue) && !pronouns.isEmpty))
            && !sentence.hasAny(Self.ownTopics + GateRules.regionSubjects)
        // A bare number asked with an act or a modality, or a number word ("half", "two") in a question.
        let counts = !ownTopic && ((!rules.bareNumbers(sentence).isEmpty && (!acts.isEmpty || sentence.hasAny([.adviceModality, .approvalTag])))
            || (sentence.isQuestion && !sentence.has(.unitWord) && sentence.has(.numberWord)))
        return elides || chooses || judges || level || counts
    }

    /// True when the message names no subject, amount, number or act of its own and asks no advice,
    /// approval or opinion ("and the week before?", "und im Oktober?"): it asks what the turn
    /// before asked, of another time or thing.
    static func isPlainFollowUp(_ sentences: [SentenceFacts]) -> Bool {
        sentences.allSatisfy { !$0.hasAny(GateRules.leaningBlockers + [.adviceModality, .approvalTag]) && $0.numberStarts.isEmpty }
    }
}

/// What the inbound gate decided about a user's message.
public enum GateVerdict: Equatable, Sendable {
    /// The Coach may answer.
    case allow
    /// The Coach streams the matrix's refusal for `rule` (`.glp1DoseRefusal`, `.drugLevelRefusal`
    /// or `.outOfScopeRefusal`). `drug` is the drug the user named, as the vocabulary spells it
    /// ("Mounjaro"), or nil when they named none ("my jab").
    case refuse(GroundRule, drug: String?)
    /// A prompt-injection attempt (contract §9.4): the Coach refuses without calling the model.
    case injection
}

/// The Coach's first check, before any model call (contract §1.1, §1.2, §9.4; `docs/healthlog/coach-gate.md`).
/// It reads the message against all six locales' vocabularies at once and decides, in this order:
/// prompt injection (also read backwards and in ROT13, and hidden in base64 or hex); a drug-level question (GROUND
/// RULE 15, whatever the Research Mode state); any request about a GLP-1 drug, pen, dose or amount
/// that has none of the shapes the Coach answers (GROUND RULE 9); an out-of-scope request (GROUND RULE 10).
/// A message that mixes a harmless request with a restricted one is refused for the
/// restricted part. A message the rules allow is then read by the trained classifier (`GateModel`,
/// `InboundGate+Model.swift`), which refuses it when it is sure enough; it never allows what the rules refuse.
public struct InboundGate: Sendable {
    let vocabulary: GateVocabulary
    let model: GateModel

    /// The gate over the bundled vocabulary and model files; throws, naming the file, when one is unusable.
    public static func loadBundled() throws -> InboundGate {
        InboundGate(vocabulary: try GateVocabulary.bundled(), model: try GateModel.bundled())
    }

    /// This gate deciding by its rules alone (`GateModel.silenced`).
    var rulesOnly: InboundGate { InboundGate(vocabulary: vocabulary, model: model.silenced) }

    /// The first words of the vocabulary's injection terms, for dismissing hidden readings cheaply.
    private let injectionHeads: TermHeads

    init(vocabulary: GateVocabulary, model: GateModel) {
        self.vocabulary = vocabulary
        self.model = model
        injectionHeads = TermHeads(vocabulary.terms.filter { GateRules.injectionClasses.contains($0.termClass) })
    }

    /// An earlier user message of a conversation, with the verdict the Coach gave it when that is
    /// known (stored with its reply); nil: judged again from its text.
    public struct EarlierMessage: Sendable {
        public let text: String
        public let verdict: GateVerdict?

        public init(_ text: String, verdict: GateVerdict?) {
            self.text = text
            self.verdict = verdict
        }
    }

    /// A user message as the gate reads it: its text, its words, its sentences' facts (read once per
    /// check), and the verdict it was given when that is known.
    private struct Turn {
        let text: String
        let read: NormalizedMessage
        let rules: GateRules
        var given: GateVerdict?
    }

    private func turn(_ text: String, given: GateVerdict? = nil) -> Turn {
        let read = NormalizedMessage(text, vocabulary: vocabulary)
        return Turn(text: text, read: read, rules: GateRules(sentences: SentenceFacts.of(read, vocabulary: vocabulary)), given: given)
    }

    private func isInjection(_ turn: Turn) -> Bool {
        turn.rules.isInjectionAttempt || hidesInjection(turn.text, turn.read, turn.rules)
    }

    /// Text hidden from the word reading: base64 or hex that decodes to readable text, or an
    /// injection written backwards or in ROT13 (`EncodedPayload`): any injection in such a reading
    /// when the message names an encoding ("read this backwards", "rot13"), otherwise one of two
    /// injection words at least (`GateRules.isHiddenInjectionAttempt`). A reading fewer than two of whose
    /// distinct words (the message's words as read, turned round or rotated) start injection terms is
    /// dismissed before it is read in full.
    private func hidesInjection(_ message: String, _ read: NormalizedMessage, _ rules: GateRules) -> Bool {
        if EncodedPayload.isPresent(in: message) { return true }
        let readings: [(text: () -> String, word: (String) -> String)] = [
            ({ String(message.reversed()) }, { String($0.reversed()) }), ({ EncodedPayload.rot13(message) }, EncodedPayload.rot13),
        ]
        if rules.sentences.contains(where: { $0.has(.encodingWord) }) {
            return readings.contains { self.turn($0.text()).rules.isInjectionAttempt }
        }
        let words = Set(read.tokens.filter { !$0.isNumber }.map(\.text))
        return readings.contains { reading in
            words.lazy.map(reading.word).filter(injectionHeads.starts).prefix(2).count == 2
                && self.turn(reading.text()).rules.isHiddenInjectionAttempt
        }
    }

    public func check(_ message: String) -> GateVerdict {
        check(message, earlier: [EarlierMessage]())
    }

    /// The verdict on `message` as a turn of a conversation whose `earlier` user messages (oldest
    /// first: the ones the language model sees with it) lend it their subject
    /// (`ConversationContext`): a drug, pen, dose or amount named there opens the dose region, and any
    /// drug or substance the level region, as a sentence before it in the same message would. What
    /// the message asks, and whether in a shape the Coach answers, is read from it alone, and only a
    /// message that refers back to an earlier subject (`ConversationContext.refersBack`) or leans on a
    /// refused question (`FollowUpReading`) is read in the conversation. A refusal names the
    /// drug of the latest earlier turn that named one when the message names none. The classifier reads
    /// the message alone: it adds refusals to what the rules decide in the conversation, never removes one.
    public func check(_ message: String, earlier: [String]) -> GateVerdict {
        check(message, earlier: earlier.map { EarlierMessage($0, verdict: nil) })
    }

    /// As `check(_:earlier:)`, with the verdicts the earlier messages were given where they are known:
    /// a follow-up that leans on a refused question keeps that refusal however long the chain of
    /// follow-ups, even when the question itself has left the turns the model sees.
    public func check(_ message: String, earlier: [EarlierMessage]) -> GateVerdict {
        let message = turn(message)
        if isInjection(message) { return .injection }
        return verdict(on: message, after: earlier.map { turn($0.text, given: $0.verdict) }[...])
    }

    /// The verdict on `message`, no injection, after the `earlier` turns. A follow-up that leans on the question
    /// asked before it (`FollowUpReading`: "and in February?", "what about half?") asks what that question asked,
    /// as it was judged: the verdict it was given, or else its verdict after the turns before it. Turns that ask
    /// nothing ("ok.", "thanks") are looked past to the latest question. A leaning follow-up keeps a refusal of
    /// that question even when the conversation's subject is no longer among the earlier turns ("Should I go up
    /// to 7.5 mg?" → "and in February?" → "ok." → … → "and in June?"); thanks, small talk and a question of its
    /// own are read as any message.
    private func verdict(on message: Turn, after earlier: ArraySlice<Turn>) -> GateVerdict {
        var rules = message.rules
        var followUp = ConversationContext.FollowUp.none
        var judged = GateVerdict.allow
        if FollowUpReading.leansOnAsk(rules),
           let asked = earlier.lastIndex(where: { $0.rules.sentences.contains(where: \.isQuestion) }) {
            let question = earlier[asked]
            judged = question.given ?? (isInjection(question) ? .injection : verdict(on: question, after: earlier[..<asked]))
            // A follow-up that names an amount or an act is read in the conversation whatever the question's verdict.
            let plain = ConversationContext.isPlainFollowUp(rules.sentences)
            followUp = judged != .allow ? .ofRefused : plain ? .ofAnswered : .none
        }
        rules.context = ConversationContext(turns: earlier.map(\.rules.sentences), message: rules.sentences, followUp: followUp)
        let verdict = combined(rulesVerdict(rules), message.text, rules: rules)
        if verdict == .allow, case .refuse(let rule, let drug) = judged {
            return .refuse(rule, drug: drug ?? rules.context.drugName)
        }
        return verdict
    }

    /// The rules' verdict on a message that is no injection: rule 15, then rule 9, then scope; a
    /// sentence that asks for news, code or another task the Coach never does, and does nothing to a
    /// dose, is left to scope.
    private func rulesVerdict(_ rules: GateRules) -> GateVerdict {
        let sentences = rules.sentences.indices
        let drug = { (index: Int) in rules.drugName(around: index) ?? rules.context.drugName }
        if let index = sentences.first(where: { rules.asksDrugLevel($0) || rules.asksLevelInRegion($0) }) {
            return .refuse(.drugLevelRefusal, drug: drug(index))
        }
        if let index = sentences.first(where: { rules.asksInDoseRegion($0) && !rules.asksOffTopicBeforeDose($0) }) {
            return .refuse(.glp1DoseRefusal, drug: drug(index))
        }
        if sentences.contains(where: { rules.isOutOfScope($0) || rules.asksOffTopic($0) }) {
            return .refuse(.outOfScopeRefusal, drug: nil)
        }
        return .allow
    }
}

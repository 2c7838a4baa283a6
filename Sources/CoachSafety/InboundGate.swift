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
/// prompt injection (also read backwards when it names a reversal); a drug-level question (GROUND
/// RULE 15, whatever the Research Mode state); any request about a GLP-1 drug, pen, dose or amount
/// that has none of the shapes the Coach answers (GROUND RULE 9); an out-of-scope request (GROUND RULE 10).
/// A message that mixes a harmless request with a restricted one is refused for the
/// restricted part.
public struct InboundGate: Sendable {
    let vocabulary: GateVocabulary

    /// The gate over the bundled vocabulary files; throws, naming the file, when one is unusable.
    public static func loadBundled() throws -> InboundGate { InboundGate(vocabulary: try GateVocabulary.bundled()) }

    init(vocabulary: GateVocabulary) { self.vocabulary = vocabulary }

    /// A message that names an encoding, reversal included ("read this backwards", "al revés"), is
    /// also read backwards: an instruction written in reverse is an injection like one in base64.
    private func readsBackwardsAsInjection(_ message: String, _ rules: GateRules) -> Bool {
        guard rules.sentences.contains(where: { $0.has(.encodingWord) }) else { return false }
        let reversed = String(message.reversed())
        return GateRules(sentences: SentenceFacts.of(NormalizedMessage(reversed, vocabulary: vocabulary), vocabulary: vocabulary)).isInjection
    }

    public func check(_ message: String) -> GateVerdict {
        let rules = GateRules(sentences: SentenceFacts.of(NormalizedMessage(message, vocabulary: vocabulary), vocabulary: vocabulary))
        if rules.isInjection || EncodedPayload.isPresent(in: message) || readsBackwardsAsInjection(message, rules) { return .injection }
        let sentences = rules.sentences.indices
        if let index = sentences.first(where: { rules.asksDrugLevel($0) || rules.asksLevelInRegion($0) }) {
            return .refuse(.drugLevelRefusal, drug: rules.drugName(around: index))
        }
        if let index = sentences.first(where: rules.asksInDoseRegion) {
            return .refuse(.glp1DoseRefusal, drug: rules.drugName(around: index))
        }
        if sentences.contains(where: rules.isOutOfScope) {
            return .refuse(.outOfScopeRefusal, drug: nil)
        }
        return .allow
    }
}

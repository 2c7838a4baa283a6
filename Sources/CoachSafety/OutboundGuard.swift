/// The Coach's second line (`docs/healthlog/coach-gate.md`): each sentence of the model's reply is
/// checked before it is streamed, and one that gives a dose, a dose change, a dosing schedule or a
/// drug level is replaced by the rule 9 / rule 15 refusal. It reads the same vocabularies as
/// `InboundGate`, so a drug name or level word is one list for both directions.
public struct OutboundGuard: Sendable {
    let vocabulary: GateVocabulary

    /// The guard over the bundled vocabulary files; throws, naming the file, when one is unusable.
    public static func loadBundled() throws -> OutboundGuard { OutboundGuard(vocabulary: try GateVocabulary.bundled()) }

    init(vocabulary: GateVocabulary) { self.vocabulary = vocabulary }

    /// `.drugLevelRefusal` when the sentence states a drug level, concentration, peak, trough,
    /// half-life or wear-off for any drug; `.glp1DoseRefusal` when it gives a dose amount, or tells
    /// the user to change, skip, stop, split, time or restart a dose; nil otherwise. A report of
    /// the user's own log ("You logged 5 mg on 3 October") and a refusal without an amount ("I
    /// can't estimate drug levels") pass.
    public func check(_ sentence: String) -> GroundRule? {
        let rules = GateRules(sentences: SentenceFacts.of(NormalizedMessage(sentence, vocabulary: vocabulary), vocabulary: vocabulary))
        for index in rules.sentences.indices {
            let facts = rules.sentences[index]
            let declines = facts.has(.refusalMarker) && facts.numbers == 0
            if rules.asksDrugLevel(index), !declines { return .drugLevelRefusal }
            if rules.givesDose(index), !declines { return .glp1DoseRefusal }
        }
        return nil
    }

    /// True when `reply` repeats eight or more consecutive words of `systemPrompt`, compared
    /// after folding (case, diacritics, punctuation and spacing do not hide a copy).
    public func leaksPrompt(_ reply: String, systemPrompt: String) -> Bool {
        let promptRuns = Set(Self.runs(of: systemPrompt))
        return Self.runs(of: reply).contains { promptRuns.contains($0) }
    }

    static let leakedRunLength = 8

    /// Every run of `leakedRunLength` consecutive folded words, joined by one space.
    private static func runs(of text: String) -> [String] {
        let words = TokenizedText(folded: GateFolding.fold(text)).tokens.map(\.text)
        guard words.count >= leakedRunLength else { return [] }
        return (0...(words.count - leakedRunLength)).map { words[$0..<($0 + leakedRunLength)].joined(separator: " ") }
    }
}

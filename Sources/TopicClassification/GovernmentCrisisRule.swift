import NewsText

extension SubjectRule {
    /// A government falling is politics, whatever it fell over, unless the model is all but
    /// certain of finance or tech.
    ///
    /// Why a rule and not only data: the politics the labels show is British, Nigerian and
    /// American, and what brings a government down is usually money or land, so "French government
    /// falls in no-confidence vote" (over a budget) and "Dutch government collapses after farmers'
    /// party quits coalition" (over nitrogen rules) read as finance at 0.45 and 0.71. Silver
    /// politics labels from AG World did not move them and cost 0.003 cross-validated macro-F1 (docs/jarvis/story-engine.md, Topics). The
    /// threshold is high because "Romanian prime minister resigns" (over an IMF programme) scores
    /// finance 0.9 and above.
    public static let governmentCrisis = SubjectRule(
        name: "GovernmentCrisisRule", moves: [.finance, .tech], strongEvidence: 0.99, desk: .politics,
        matches: GovernmentCrisis.isReported)
}

/// The test of `SubjectRule.governmentCrisis`: a headline says a government or its head fell or
/// faced a fall — a confidence vote or motion, an impeachment, an institution next to a verb of falling
/// ("government collapses", "coalition falls", "prime minister resigns", "topples the
/// cabinet"), or a minister sacked ("sacks oil minister"). "Government borrowing falls" and
/// "government falls short" do not count.
/// The words are `WordClass.governmentHead`, `governmentFall` (a coalition breaking apart counts:
/// "Albanian coalition splits over coastal building law" is finance to the model), `fallingFigure`,
/// `dismissing`, `dismissed`, `dismissedOffice`, `confidenceMotion`, `companyOwner` and `noConfidence`.
public enum GovernmentCrisis {

    /// True when a headline of the story says a government or its head fell.
    public static func isReported(_ texts: [StoryText]) -> Bool {
        texts.contains { says(Tokenizer.words($0.headline)) }
    }

    static func says(_ words: [String]) -> Bool {
        if WordClass.noConfidence.occurs(in: words) || words.contains(where: { $0.hasPrefix("impeach") }) { return true }
        for (index, word) in words.enumerated() where index + 1 < words.count {
            let next = words[index + 1]
            // A confidence vote puts the government at stake ("reshuffled cabinet wins confidence vote"),
            // not a company's shareholders' ("Unilever chairman faces shareholder confidence vote").
            if word == "confidence", WordClass.confidenceMotion.contains(next),
               index == 0 || !WordClass.companyOwner.contains(words[index - 1]) {
                return true
            }
            let after = index + 2 < words.count ? words[index + 2] : ""
            let (head, fall) = (WordClass.governmentHead, WordClass.governmentFall)
            if head.contains(word), fall.contains(next), !WordClass.fallingFigure.contains(after) { return true }
            if fall.contains(word), head.contains(next) || (next == "the" && head.contains(after)) { return true }
            // A minister sacked: "prime minister sacks oil minister" (finance to the model), "minister dismissed";
            // the verb, then a minister or the cabinet within three words.
            if WordClass.dismissing.contains(word), words[(index + 1)...].prefix(3).contains(where: WordClass.dismissedOffice.contains) {
                return true
            }
            if WordClass.dismissedOffice.contains(word), WordClass.dismissed.contains(next) { return true }
        }
        return false
    }
}

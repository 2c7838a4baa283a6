import NewsText

extension SubjectRule {
    /// A deadly natural disaster or outbreak of a named disease whose headlines name no political
    /// actor is not politics news unless the model is very sure; it gets no desk, as `deadlyDisaster`
    /// does for tech and finance. A story whose headline names a government, a legislature, an
    /// election or an office-holder keeps politics (a row over the relief effort, a president
    /// declaring an emergency). Accidents and spread words without a disease are left out
    /// (`DisasterKinds.naturalOrNamedDisease`): a blast may be a bombing, "an outbreak of fighting" a
    /// war, both politics. The labels file wars under politics, so a place at war reads as politics
    /// to the model whatever happened there (docs/jarvis/story-engine.md, the rules).
    public static let disasterWithoutPolitics = SubjectRule(
        name: "DisasterWithoutPoliticsRule", moves: [.politics], strongEvidence: 0.9, desk: nil,
        matches: { DeadlyDisaster.isReported($0, kinds: .naturalOrNamedDisease) && !PoliticalActor.isNamed($0) })
}

/// Whether a headline of the story names a political actor: a government or its head
/// (`WordClass.governmentHead`), a legislature (`legislature`), an election (`electionWord`) or an
/// office-holder (`stateOffice`, `sharedOffice`).
public enum PoliticalActor {
    private static let classes: [WordClass] = [.governmentHead, .legislature, .electionWord, .stateOffice, .sharedOffice]

    static func isActor(_ word: String) -> Bool {
        let stem = Stemmer.stem(word)
        return classes.contains { $0.contains(word, stem: stem) }
    }

    /// True when a headline of the story names a political actor.
    public static func isNamed(_ texts: [StoryText]) -> Bool {
        texts.contains { Tokenizer.words($0.headline).contains(where: isActor) }
    }
}

import NewsText

extension SubjectRule {
    /// A deadly natural disaster or disease outbreak whose headlines name no political actor is not
    /// politics news unless the model is very sure; it gets no desk, as `deadlyDisaster` does for tech
    /// and finance. A story whose headline names a government, a legislature, an election or an
    /// office-holder keeps politics (a row over the relief effort, a president declaring an emergency).
    /// Accidents are left out: a blast or an explosion is as often a bombing, a war's act and politics.
    ///
    /// Why a rule and not only data: the labels file wars and insurgencies under politics (593 of AG
    /// World's items), so a place at war reads as politics whatever happened there: "Iraq: cholera
    /// outbreak in Basra kills four" scores politics 0.74; AG World's disaster reports are labeled none,
    /// but too few to outweigh the place.
    public static let disasterWithoutPolitics = SubjectRule(
        name: "DisasterWithoutPoliticsRule", moves: [.politics], strongEvidence: 0.9, desk: nil,
        matches: { DeadlyDisaster.isReported($0, countingAccidents: false) && !PoliticalActor.isNamed($0) })
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

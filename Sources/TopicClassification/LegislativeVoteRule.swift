import NewsText

extension SubjectRule {
    /// A legislature voting is politics, whatever the bill is about, unless the model is all but
    /// sure of finance or tech (0.99: a single report of a vote can score finance 0.90, and four
    /// reports of a House vote on airline refunds scored 0.96 together).
    ///
    /// Why a rule and not only data: the labels' politics is mostly campaigns and parties, while a
    /// vote on a bill about money or technology reads as its subject: the model files "US House
    /// votes to ban lawmakers from trading stocks" (312-108) under finance; AllSides tags
    /// such votes (Congress, Senate, Federal Budget) as politics, and so does the newsroom test's
    /// "Senate passes $1.2 trillion budget bill".
    public static let legislativeVote = SubjectRule(
        name: "LegislativeVoteRule", moves: [.finance, .tech], strongEvidence: 0.99, desk: .politics,
        matches: LegislativeVote.isReported)
}

/// The test of `SubjectRule.legislativeVote`: a headline names a legislature (`WordClass.legislature`)
/// and, right after it, what it did with a bill ("House votes", "Senate passes", "MPs back", "lawmakers
/// reject": `votePassed`, `voteStalled`, `legislatureAction`). A town's council is its legislature
/// ("Council approves $14m harbour cycleway extension" reads as finance to the model); councils that
/// govern no town are not (`nonLegislativeCouncil`: "VW works council backs deal", "ECB Governing
/// Council votes to hold").
public enum LegislativeVote {
    private static let legislatures = WordClass.legislature.forms
    private static let actions: [WordClass] = [.votePassed, .voteStalled, .legislatureAction]

    static func isAction(_ word: String) -> Bool {
        let stem = Stemmer.stem(word)
        return actions.contains { $0.contains(word, stem: stem) }
    }

    /// True when a headline of the story says a legislature voted.
    public static func isReported(_ texts: [StoryText]) -> Bool {
        texts.contains { text in
            let words = Tokenizer.words(text.headline)
            return words.indices.dropLast().contains { index in
                legislatures.contains(words[index]) && isAction(words[index + 1])
                    && !(words[index] == "council" && index > 0 && WordClass.nonLegislativeCouncil.contains(words[index - 1]))
            }
        }
    }
}

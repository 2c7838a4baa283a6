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

/// The test of `SubjectRule.legislativeVote`: a headline names a legislature and, right after
/// it, what it did with a bill ("House votes", "Senate passes", "MPs back", "lawmakers reject").
public enum LegislativeVote {
    static let legislatures: Set<String> = [
        "house", "senate", "congress", "parliament", "lawmakers", "legislators", "mps", "senators", "representatives",
        "bundestag", "assembly", "legislature", "lawmaker", "sejm", "knesset", "duma",
        // A town's council is its legislature ("Council approves $14m harbour cycleway extension"
        // reads as finance to the model).
        "council", "councillors", "councilors",
    ]
    static let voteVerbs: Set<String> = [
        "votes", "voted", "vote", "passes", "passed", "pass", "approves", "approved", "approve", "rejects", "rejected",
        "reject", "backs", "backed", "back", "blocks", "blocked", "block", "adopts", "adopted", "overrides", "clears",
    ]

    /// Councils that govern no town: "VW works council backs deal", "ECB Governing Council votes to hold".
    static let nonLegislativeCouncils: Set<String> = [
        "works", "governing", "security", "stability", "executive", "supervisory", "monetary", "policy", "advisory",
        "research", "medical", "arts", "sports", "student", "students", "union", "board",
    ]

    /// True when a headline of the story says a legislature voted.
    public static func isReported(_ texts: [StoryText]) -> Bool {
        texts.contains { text in
            let words = Tokenizer.words(text.headline)
            return words.indices.dropLast().contains { index in
                legislatures.contains(words[index]) && voteVerbs.contains(words[index + 1])
                    && !(words[index] == "council" && index > 0 && nonLegislativeCouncils.contains(words[index - 1]))
            }
        }
    }
}

import Foundation

/// AllSides articles as subject-labeled items: each article takes its story's AllSides topic
/// tag, mapped below; stories whose tag is not listed are skipped (Coronavirus, World, Middle
/// East, Education... mix subjects). The tag describes the story, and all its articles (2–3
/// outlets, left/centre/right) report that story, so the label is the data set's own, not ours.
///
/// Why AllSides: the other sets have almost no US legislative politics (BBC politics is UK), so a
/// feed's "House passes $1.6 trillion spending bill" read as finance. It is split like every
/// other set, but by story id (`id % 5 == 4` held out) so one story's articles never sit on both
/// sides of the split.
public enum AllSidesTopics {
    public static let subjectByTag: [String: String] = {
        var map: [String: String] = [:]
        for tag in ["Economy and Jobs", "Economic Policy", "Banking and Finance", "Treasury", "Trade", "Business",
                    "Taxes", "Labor", "People and Profit"] { map[tag] = "finance" }
        for tag in ["Technology", "Cybersecurity"] { map[tag] = "tech" }
        for tag in ["Politics", "Elections", "US House", "US Senate", "US Congress", "Joe Biden", "Donald Trump",
                    "White House", "Voting Rights and Voter Fraud", "Republican Party", "Supreme Court",
                    "Campaign Rhetoric", "Kamala Harris", "Federal Budget", "Immigration", "Abortion",
                    "Gun Control and Gun Rights", "Domestic Policy", "Role of Government", "Polarization",
                    "State Department", "US Census"] { map[tag] = "politics" }
        for tag in ["Sports", "Holidays", "Culture", "Food", "Religion and Faith", "Family and Marriage", "Disaster",
                    "Violence in America", "Public Health", "Healthcare"] { map[tag] = "other" }
        return map
    }()

    public static func items(dataDirectory: URL) throws -> [TopicCorpusItem] {
        try articles(dataDirectory: dataDirectory, tagged: true)
    }

    /// The articles of stories whose tag maps to no subject (`subject == nil`), split the same
    /// way: unlabeled text for learning which words go together (`TermClusterBuilder`).
    public static func untaggedItems(dataDirectory: URL) throws -> [TopicCorpusItem] {
        try articles(dataDirectory: dataDirectory, tagged: false)
    }

    private static func articles(dataDirectory: URL, tagged: Bool) throws -> [TopicCorpusItem] {
        try AllSides.loadStories(dataDirectory: dataDirectory).flatMap { story -> [TopicCorpusItem] in
            let subject = subjectByTag[story.topic]
            guard (subject != nil) == tagged else { return [] }
            return story.articles.enumerated().map { index, article in
                TopicCorpusItem(dataset: .allSides, file: "article-\(index)", row: story.id, headline: article.title,
                                body: article.body, sourceLabel: story.topic, subject: subject,
                                isHeldOut: TopicCorpora.isEveryFifth(story.id))
            }
        }
    }
}

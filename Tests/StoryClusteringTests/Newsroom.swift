import Foundation
import StoryClustering

/// Hand-written articles shaped like real wire copy, and a clusterer primed the way a running
/// server is: with word statistics from ordinary, unrelated news.
enum Newsroom {
    static let morning = Date(timeIntervalSince1970: 1_772_438_400)  // 2026-03-02 08:00 UTC

    static func article(_ id: String, _ source: String, hoursAfterMorning hours: Double, _ headline: String, _ body: String) -> ClusterArticle {
        ClusterArticle(id: id, sourceKey: source, headline: headline, body: body, publishedAt: morning.addingTimeInterval(hours * 3600))
    }

    /// A default-configured clusterer that has already counted the background articles.
    static func primedClusterer(_ configuration: ClusteringConfiguration = ClusteringConfiguration()) -> StoryClusterer {
        let clusterer = StoryClusterer(configuration: configuration)
        for (index, text) in background.enumerated() {
            clusterer.learnTermStatistics(from: article("background-\(index)", "archive.example", hoursAfterMorning: -240, text.0, text.1))
        }
        return clusterer
    }

    /// Story ids handed out in order: "story-1", "story-2", ...
    final class IDs {
        private(set) var issued = 0
        func next() -> String {
            issued += 1
            return "story-\(issued)"
        }
    }

    static let background: [(String, String)] = [
        ("Parliament passes budget after late-night session",
         "Lawmakers approved the government's spending plan on Thursday after a debate that ran past midnight, officials said. The opposition said the budget would raise taxes for working families."),
        ("Shares rise as investors weigh company earnings",
         "Stocks closed higher on Tuesday as investors digested a wave of quarterly earnings reports. Technology companies led the gains while energy shares fell with oil prices."),
        ("Storm cuts power to thousands of homes",
         "Strong winds and heavy rain knocked out power to thousands of homes overnight, the utility said on Sunday. Crews were working to restore electricity by the end of the day."),
        ("Police arrest suspect after weekend shooting",
         "Police said on Monday they had arrested a man in connection with a shooting that wounded two people outside a bar. The suspect is expected to appear in court later this week."),
        ("Government announces plan to build new hospitals",
         "The health minister said the government would build 12 new hospitals over the next five years. Critics said the plan did not address the shortage of nurses and doctors."),
        ("Central bank officials signal caution on inflation",
         "Officials at the central bank said inflation remained too high and warned that interest rates could stay elevated for longer. Markets had expected cuts later in the year."),
        ("Election officials begin counting ballots",
         "Election officials began counting ballots on Sunday evening after polls closed across the country. Turnout was higher than in the previous election, the commission said."),
        ("Tech company unveils new smartphone",
         "The company unveiled its latest smartphone on Wednesday with a larger screen and a faster chip. The phone goes on sale next month at a higher price than last year's model."),
        ("Thousands march in capital over rising prices",
         "Thousands of people marched through the capital on Saturday to protest against the rising cost of food and fuel. Police said the demonstration was largely peaceful."),
        ("Earthquake drill held in schools",
         "Schools across the region held an earthquake drill on Friday, with pupils practising how to shelter under desks. Officials said the exercise was part of a national preparedness campaign."),
        ("Airline cancels flights as staff strike",
         "The airline cancelled hundreds of flights on Monday as cabin crew walked out in a dispute over pay. Passengers were told to check the status of their flights before travelling to the airport."),
        ("Court rules against government in land case",
         "The high court ruled on Tuesday that the government had acted unlawfully when it seized land from farmers. The judges ordered the state to pay compensation within six months."),
    ]
}

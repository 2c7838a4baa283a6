import Foundation
import StoryComposition

/// Hand-written clusters shaped like real coverage: the same event told by several outlets,
/// with datelines, bylines and truncated excerpts as feeds deliver them.
enum StoryFixtures {
    static let noon = Date(timeIntervalSince1970: 1_747_396_800) // 2025-05-16T12:00:00Z

    static func article(_ id: String, _ source: String, _ host: String, _ headline: String, _ body: String,
                        minutesAfterNoon: Double = 0, breaking: Bool = false, ageUnknown: Bool = false) -> StoryArticle {
        StoryArticle(id: id, sourceName: source, sourceKey: host, headline: headline, body: body,
                     publishedAt: noon.addingTimeInterval(minutesAfterNoon * 60), url: "https://\(host)/\(id)",
                     feedMarkedBreaking: breaking, ageUnknown: ageUnknown)
    }

    /// Kenya's central bank raises its rate: four outlets agree on the facts.
    static let kenyaRateHike: [StoryArticle] = [
        article("r1", "Reuters", "reuters.com", "Kenya's central bank raises key rate to 13% to fight inflation - Reuters",
                "NAIROBI (Reuters) - Kenya's central bank raised its benchmark lending rate by 50 basis points to 13% on Tuesday, "
                    + "saying it wanted to anchor inflation expectations. The Monetary Policy Committee said the shilling's fall "
                    + "had pushed up the cost of imported fuel. Analysts polled by Reuters had expected the rate to be held. "
                    + "The bank will meet again in... "),
        article("n1", "Nation", "nation.africa", "CBK raises benchmark rate to 13 percent as shilling slides",
                "The Central Bank of Kenya raised its benchmark lending rate by 50 basis points to 13 percent on Tuesday. "
                    + "Governor Kamau Thugge said the Monetary Policy Committee acted to anchor inflation expectations as the "
                    + "weaker shilling made fuel imports more expensive. Read more", minutesAfterNoon: 20),
        article("b1", "BBC News", "bbc.co.uk", "Kenya raises interest rates as shilling falls | BBC News",
                "Kenya's central bank has raised its main interest rate to 13% in a bid to curb inflation. The Monetary "
                    + "Policy Committee said the weaker shilling had raised the cost of imported fuel. Businesses warned that "
                    + "loans would become more expensive.", minutesAfterNoon: 35),
        article("x1", "Daily Buzz", "dailybuzz.example", "You won't believe what Kenya's central bank just did!!",
                "Kenya's central bank raised its benchmark rate to 13% on Tuesday. Borrowers will pay more.",
                minutesAfterNoon: 50),
    ]

    /// A Lagos building collapse where two outlets give different death tolls.
    /// Two outlets declaring different winners; the first heads with the surname of the one it names in full.
    static let malawiDisputedWinner: [StoryArticle] = [
        article("a", "Reuters", "reuters.com", "Chakwera wins Malawi presidential election",
                "Lazarus Chakwera won the presidential election, the electoral commission said on Saturday."),
        article("b", "Nyasa Times", "nyasatimes.com", "Malawi presidential election result announced",
                "Peter Mutharika was declared the winner of the presidential election on Saturday."),
    ]

    static let lagosCollapse: [StoryArticle] = [
        article("c1", "Reuters", "reuters.com", "Building collapse in Lagos kills 12",
                "LAGOS (Reuters) - A three-storey building collapsed in Lagos on Sunday, and 12 people were killed, "
                    + "emergency officials said. Rescue workers pulled survivors from the rubble in the Ikoyi district."),
        article("c2", "BBC News", "bbc.co.uk", "Lagos building collapse: 15 dead in Ikoyi",
                "A three-storey building has collapsed in the Nigerian city of Lagos, with 15 dead according to the "
                    + "emergency agency. Rescue workers searched the rubble in Ikoyi for survivors.", minutesAfterNoon: 40),
    ]
}

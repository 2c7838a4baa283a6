@testable import ArticleAnnotations
import NewsText
import XCTest
@testable import StoryComposition

/// A toll that a later report raised is an update: it leaves the headline and the summary and is
/// no dispute (a reader's audit: the top story said "rises to 18" and "18 dead while 21" after two
/// later reports said 21).
final class SupersededCountsTests: XCTestCase {
    private typealias Fixture = StoryFixtures

    private let coup = [
        Fixture.article("w1", "Equator Newswire", "ewn.example", "Sierra Leone coup attempt death toll rises to 18, ringleader arrested",
                        "FREETOWN (EWN) - The death toll from Monday's failed coup attempt in Sierra Leone has risen to 18, the army "
                            + "said, and the alleged ringleader has been arrested. Five soldiers were killed at the Wilberforce barracks.",
                        minutesAfterNoon: 62),
        Fixture.article("f1", "Freetown Gazette", "gazette.example", "Death toll from failed coup rises to 21 as curfew is extended",
                        "Twenty-one people have now died as a result of Monday's failed coup attempt, the Ministry of Defence said, "
                            + "as three wounded soldiers died in hospital. The curfew will run from 6pm to 6am.",
                        minutesAfterNoon: 77),
        Fixture.article("k1", "The Daily Klaxon", "klaxon.example", "Coup plot foiled in Sierra Leone - 21 dead",
                        "Soldiers tried to seize power in the West African state of Sierra Leone yesterday and 21 people are dead. "
                            + "The plotters stormed the Wilberforce barracks before dawn.",
                        minutesAfterNoon: 78),
    ]

    func testARisenTollLeavesTheHeadlineAndTheSummaryAndIsNoConflict() {
        let story = StoryComposer(authority: .bundled).compose(coup, topic: .africa, now: Fixture.noon.addingTimeInterval(3 * 3600))
        XCTAssertTrue(story.headline.contains("21"), story.headline)
        XCTAssertFalse(story.summary.contains("18"), story.summary)
        XCTAssertNil(story.conflict, "18 then 21 is a rising toll")
    }

    /// Only the older article's own toll is out of date: a count inside it ("five soldiers") is not,
    /// and neither is anything in the reports that give the newest toll.
    func testOnlyTheSupersededTollIsLeftOut() {
        let pool = SentencePool(coup)
        let superseded = pool.sentences.filter(pool.isSuperseded).map(\.text)
        XCTAssertEqual(superseded, ["The death toll from Monday's failed coup attempt in Sierra Leone has risen to 18, "
            + "the army said, and the alleged ringleader has been arrested."])
        XCTAssertTrue(StorySummary.summarize([coup[0]], headline: "").contains("18"), "a single report keeps its own toll")
    }

    /// A sixth reader's audit: "The number of miners killed … has risen to 27" was no toll, so the
    /// summary gave both 27 and a later report's 31.
    func testANumberOfPeopleKilledThatRoseIsATollThatCanBeSuperseded() {
        let mine = [
            Fixture.article("a", "Compass Newswire", "compass.example", "Mine collapse toll rises",
                            "The number of miners killed in the collapse at the Tembusu mine has risen to 27, the operator said."),
            Fixture.article("b", "Borneo Post", "borneo.example", "Tembusu mine collapse toll rises to 31",
                            "The death toll from the Tembusu mine collapse has risen to 31 as rescuers ended their search.",
                            minutesAfterNoon: 90),
        ]
        let pool = SentencePool(mine)
        XCTAssertEqual(pool.sentences.filter(pool.isSuperseded).map(\.article), [0])
        XCTAssertFalse(StorySummary.summarize(mine, headline: "").contains("27"))
    }

    /// An eighth audit: "toll reaches 13" and "bringing the death toll to 13" say the toll grew, and
    /// "nine people are now confirmed dead" is a toll; the headline had stayed at "Nine killed".
    func testATollThatReachesAHigherFigureSupersedesTheEarlierOne() {
        let landslide = [
            Fixture.article("a", "La Meseta Post", "meseta.example", "Route 32 landslide: nine confirmed dead",
                            "Nine people are now confirmed dead after the landslide that buried a bus and three cars on Route 32."),
            Fixture.article("b", "The Hartwell Times", "hartwell.example", "Nine killed in Costa Rica landslide",
                            "At least nine people have died after a landslide buried a bus on the main highway.", minutesAfterNoon: 10),
            Fixture.article("c", "Axial Press", "axial.example", "Costa Rica landslide toll reaches 13 as search ends",
                            "Rescuers recovered the last four bodies on Monday, bringing the death toll to 13.", minutesAfterNoon: 30),
        ]
        let pool = SentencePool(landslide)
        XCTAssertEqual(Set(pool.sentences.filter(pool.isSuperseded).map(\.article)), [0, 1])
        let story = StoryComposer(authority: .bundled).compose(landslide, topic: nil, now: Fixture.noon.addingTimeInterval(3600))
        XCTAssertEqual(story.headline, "Costa Rica landslide toll reaches 13 as search ends")
    }

    /// A fourteenth audit: "The number of people killed when a passenger train came off the tracks near
    /// Thiès … has risen to eleven" (the casualty word far from the figure) and "Twelve workers died"
    /// (who died between the number and the verb) were no tolls, so summaries gave them beside the
    /// later 14 and 19.
    func testLongTollClausesAndNamedVictimsAreTollsThatCanBeSuperseded() {
        let derailment = [
            Fixture.article("a", "NBS News", "nbs.example", "Senegal derailment toll rises to eleven",
                            "The number of people killed when a passenger train came off the tracks near Thiès in western "
                                + "Senegal has risen to eleven, officials say. The train was carrying about 600 passengers."),
            Fixture.article("b", "The Daily Ledger", "ledger.example", "Senegal mourns after train crash kills 14",
                            "Senegal's president declared three days of national mourning after a passenger train derailed near "
                                + "Thiès, killing 14 people, as the toll rose overnight.", minutesAfterNoon: 60),
        ]
        var pool = SentencePool(derailment)
        XCTAssertEqual(pool.sentences.filter(pool.isSuperseded).map(\.article), [0])
        XCTAssertFalse(StorySummary.summarize(derailment, headline: "").contains("eleven"))
        let fire = [
            Fixture.article("a", "Meridian Wire", "meridian.example", "Twelve killed in Chattogram clothing factory blaze",
                            "Twelve workers died when fire broke out on the fourth floor of the Seacrest Apparels factory in "
                                + "Chattogram, officials said."),
            Fixture.article("b", "NBS News", "nbs.example", "Bangladesh factory fire death toll rises to 19",
                            "The death toll from the fire at the Seacrest Apparels factory in Chattogram has risen to 19, "
                                + "officials said.", minutesAfterNoon: 60),
        ]
        pool = SentencePool(fire)
        XCTAssertEqual(Set(pool.sentences.filter(pool.isSuperseded).map(\.article)), [0])
        XCTAssertEqual(NumericFacts.facts(in: "Twelve workers died in the blaze.").map(\.kind), [.deaths])
        XCTAssertEqual(NumericFacts.facts(in: "About 2,100 workers went on strike.").map(\.kind), [.count])
        // The long reach is only for "the number of … killed", and only when no other count comes between.
        XCTAssertEqual(NumericFacts.facts(in: "Airline shares that were hurt by the pandemic and by the strikes of last summer have "
            + "risen to $45.").map(\.kind), [])
        XCTAssertEqual(NumericFacts.facts(in: "The number of people killed in road accidents fell while the number of registered cars "
            + "in the country has risen to 12 million.").map(\.kind), [])
    }

    /// A fourteenth audit: an outbreak's cases grow like a toll; the summary kept "46 cases of cholera"
    /// after a report that they rose to 58. Cases of anything else ("12 cases of fraud") are no count here.
    func testAnOutbreaksCasesAreACountThatCanBeSuperseded() {
        let cholera = [
            Fixture.article("a", "NBS News", "nbs.example", "Senegal confirms cholera cases in holy city of Touba",
                            "Senegal's health ministry confirmed 46 cases of cholera and three deaths in Touba, and said teams were "
                                + "chlorinating wells. A vaccination campaign is to start next week."),
            Fixture.article("b", "Meridian Wire", "meridian.example", "Senegal cholera cases in Touba rise to 58 - ministry",
                            "Cases rose to 58; deaths unchanged at three.", minutesAfterNoon: 90),
        ]
        let pool = SentencePool(cholera)
        XCTAssertEqual(pool.sentences.filter(pool.isSuperseded).map(\.article), [0])
        XCTAssertFalse(StorySummary.summarize(cholera, headline: "").contains("46"))
        XCTAssertNil(Conflict.sentence(for: cholera), "46, then \"cases … rise to 58\", is a rising count")
        XCTAssertEqual(StoryComposer(authority: .bundled).compose(cholera, topic: .africa, now: Fixture.noon).headline,
                       "Senegal cholera cases in Touba rise to 58 - ministry")
        XCTAssertEqual(NumericFacts.facts(in: "The court heard 12 cases of fraud.").map(\.kind), [])
        XCTAssertEqual(NumericFacts.facts(in: "Health officials reported 58 new cholera cases.").map(\.kind), [.cases])
    }

    /// Without words of a rise, two outlets' tolls an hour apart may be a real dispute.
    func testDifferentTollsWithoutWordsOfARiseStillConflict() {
        XCTAssertEqual(Conflict.sentence(for: Fixture.lagosCollapse), "Reuters reports 12 dead while BBC News reports 15.")
        let story = StoryComposer(authority: .bundled).compose(Fixture.lagosCollapse, topic: .africa, now: Fixture.noon)
        XCTAssertTrue(story.headline.contains("12") || story.headline.contains("15"), story.headline)
    }

    /// A later report that gives fewer dead is no rise: the dispute is reported.
    func testALaterLowerTollInARisingStoryStillConflicts() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "Lagos collapse toll rises to 15", "The toll rose to 15, officials said."),
            Fixture.article("b", "BBC News", "bbc.co.uk", "Lagos collapse", "Officials said 11 people were killed.", minutesAfterNoon: 20),
        ]
        XCTAssertEqual(Conflict.sentence(for: articles), "Reuters reports 15 dead while BBC News reports 11.")
    }
    /// A sixteenth reader's audit: after an outlet reported "A third person has died", the derailment's card
    /// still read "Two killed": a death given by its rank is a toll, and a risen one.
    func testADeathGivenByItsRankRaisesTheToll() {
        XCTAssertEqual(NumericFacts.facts(in: "A third person has died after the train derailed.").map(\.value), [3])
        XCTAssertEqual(NumericFacts.facts(in: "For the third day running, markets fell.").count, 0)
        let first = Fixture.article("a", "Globus Newswire", "globus.example", "Two killed as train derails near Tudela",
                                    "Two people were killed and 30 injured when a regional train derailed near Tudela on Tuesday, the rail "
                                        + "operator said.")
        let later = Fixture.article("b", "APB News", "apb.example", "Spain train derailment: third victim dies in hospital",
                                    "A third person has died after a regional train derailed near Tudela, in Navarre. The woman died in "
                                        + "hospital in Pamplona.", minutesAfterNoon: 90)
        let story = StoryComposer(authority: .bundled).compose([first, later], topic: nil, now: Fixture.noon.addingTimeInterval(2 * 3600))
        XCTAssertFalse(story.headline.hasPrefix("Two killed"), story.headline)
        XCTAssertNil(story.conflict)
    }
    /// A seventeenth audit: "…in Bo, Sierra Leone, has risen to four" was no toll (the commas of the place
    /// ended the clause), so an outlet's earlier "Two dead" read as a dispute; and "Two people, a night
    /// watchman and a trader, died" was no toll either, so the summary kept it beside the four.
    func testTollsPastAPlacesCommasAndAnAsideAreRead() {
        XCTAssertEqual(NumericFacts.facts(in: "The number of people killed in a fire at the main market in Kenema, Sierra Leone, "
                                              + "has risen to four, the fire service says.").map(\.kind), [.deaths])
        XCTAssertEqual(NumericFacts.facts(in: "Two people, a night watchman and a trader, died.").map(\.value), [2])
        XCTAssertFalse(NumericFacts.facts(in: "Two people, police said, were questioned.").contains { $0.kind == .deaths })
        let tabloid = Fixture.article("a", "The Daily Splash", "splash.example", "INFERNO HORROR IN AFRICAN MARKET",
                                      "Terrifying flames ripped through a market in Kenema, Sierra Leone. Two dead.")
        let later = Fixture.article("b", "PBC News", "pbc.example", "Sierra Leone: four dead in Kenema market fire",
                                    "The number of people killed in a fire at the main market in Kenema, Sierra Leone, has risen to four, "
                                        + "the fire service says.", minutesAfterNoon: 140)
        XCTAssertNil(Conflict.sentence(for: [tabloid, later]), "a rising toll")
    }
    /// A seventeenth audit: after an outlet wrote "about 210,000 patients, up from its earlier estimate of
    /// 120,000", the summary and the consensus still gave 120,000.
    func testAFigureALaterReportCallsAnEarlierEstimateIsSuperseded() {
        let first = Fixture.article("a", "Kernel Post", "kernel.example", "Ransomware hits Finnish health district",
                                    "The district said records of about 120,000 patients may have been copied.")
        let other = Fixture.article("b", "PBC News", "pbc.example", "Finland: cyber attack disrupts Hameenlinna hospital",
                                    "A cyber attack on the Kanta-Hame health district has disrupted its central hospital. Patient data of "
                                        + "some 120,000 people may have been stolen.", minutesAfterNoon: 20)
        let correction = Fixture.article("c", "Kernel Post", "kernel.example", "Breach larger than thought: 210,000 patients affected",
                                         "The district said on Tuesday evening that data on about 210,000 current and former patients was "
                                             + "stolen, up from its earlier estimate of 120,000.", minutesAfterNoon: 300)
        XCTAssertEqual(SupersededCounts.earlierEstimates(in: FactWords.words(of: correction.body)), [120_000])
        let summary = StorySummary.summarize([first, other, correction], headline: "")
        XCTAssertFalse(summary.contains("some 120,000 people"), summary)
        XCTAssertFalse((Consensus.sentence(for: [first, other, correction]) ?? "").contains("120,000"))
    }
}

import Foundation
import StoryClustering
import XCTest

final class StoryClustererTests: XCTestCase {
    /// Assigns articles in order; returns the story id of each.
    private func assign(_ articles: [ClusterArticle], to clusterer: StoryClusterer, ids: Newsroom.IDs) -> [String] {
        articles.map { article in clusterer.assign(article, newStoryID: ids.next).storyID }
    }

    func testSameWireStoryRepublishedByFiveOutletsIsOneStory() {
        let clusterer = Newsroom.primedClusterer()
        let ids = Newsroom.IDs()
        let assignments = Events.kenyaAirwaysWire().map { clusterer.assign($0, newStoryID: ids.next) }
        XCTAssertEqual(assignments.map(\.storyID), Array(repeating: "story-1", count: 5))
        XCTAssertEqual(assignments.map(\.isNewStory), [true, false, false, false, false])
        XCTAssertEqual(ids.issued, 1)
        XCTAssertEqual(clusterer.storyCount, 1)
    }

    func testFollowUpsOnADevelopingEventJoinItsStory() {
        let clusterer = Newsroom.primedClusterer()
        let stories = assign(Events.haitiEarthquake, to: clusterer, ids: Newsroom.IDs())
        XCTAssertEqual(stories, Array(repeating: "story-1", count: Events.haitiEarthquake.count))
    }

    func testTwoEarthquakesOnTheSameDayStayApart() {
        let clusterer = Newsroom.primedClusterer()
        let haiti = Events.haitiEarthquake.prefix(2)
        let interleaved = [haiti.first!, Events.japanEarthquake[0], haiti.last!, Events.japanEarthquake[1]]
        let stories = assign(interleaved, to: clusterer, ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-2", "story-1", "story-2"])
    }

    func testCentralBankDecisionsInTwoCountriesStayApart() {
        let clusterer = Newsroom.primedClusterer()
        let ordered = (Events.bankOfEngland + Events.reserveBankOfIndia).sorted { $0.publishedAt < $1.publishedAt }
        let stories = assign(ordered, to: clusterer, ids: Newsroom.IDs())
        let byArticle = Dictionary(uniqueKeysWithValues: zip(ordered.map(\.id), stories))
        XCTAssertEqual(Set(Events.bankOfEngland.map { byArticle[$0.id]! }).count, 1)
        XCTAssertEqual(Set(Events.reserveBankOfIndia.map { byArticle[$0.id]! }).count, 1)
        XCTAssertNotEqual(byArticle["boe-1"], byArticle["rbi-1"])
        XCTAssertEqual(clusterer.storyCount, 2)
    }

    /// Same words, the same 25 basis points, the same morning; different banks, governors and
    /// countries (`differentSubjectsFactor`). Without the factor the second bank joined the first.
    func testTwoCentralBanksCuttingByTheSameQuarterPointOnOneDayStayApart() {
        let ordered = (Events.euroRateCut + Events.southAfricaRateCut).sorted { $0.publishedAt < $1.publishedAt }
        let stories = assign(ordered, to: Newsroom.primedClusterer(), ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-1", "story-2", "story-2"])

        var withoutTheRule = ClusteringConfiguration()
        withoutTheRule.differentSubjectsFactor = 1
        withoutTheRule.differentActorsFactor = 1  // the banks differ as actors too (`EventActors`)
        let merged = assign(ordered, to: Newsroom.primedClusterer(withoutTheRule), ids: Newsroom.IDs())
        XCTAssertEqual(Set(merged).count, 1, "the case the rule exists for")
    }

    /// One country, one day, two events: a quake that "strikes" shares no strike with a walkout
    /// (`NaturalDisasters.withoutDisasterStrikes`), and "the Senate" is every country's
    /// (`InstitutionNames`), so the US and Nigerian votes are about different subjects.
    func testAQuakeAndAStrikeInOneCountryAndTwoCountriesSenateVotesStayApart() {
        // As the engine starts: the shipped word statistics, nothing read yet (where the audit saw both merges).
        let clusterer = StoryClusterer(background: .bundled)
        let stories = assign(Events.moroccoHealthStrike + [Events.usSenateVote, Events.nigeriaSenateVote, Events.moroccoQuake],
                             to: clusterer, ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-1", "story-2", "story-3", "story-4"], "strike, strike, US, Nigeria, quake")
    }

    /// "AI" is a field, not a name (`ArticleVector.generalNames`): a model launch and a court
    /// ruling that share only "AI" and "US" are two stories, while the launch's two reports join.
    func testTwoAIStoriesSharingOnlyAIAndUSStayApart() {
        let ordered = (Events.aiModelLaunch + [Events.aiLawRuling]).sorted { $0.publishedAt < $1.publishedAt }
        let stories = assign(ordered, to: StoryClusterer(background: .bundled), ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-2", "story-1"], "launch, ruling, launch")
    }

    /// An eleventh reader's audit: a regional paper's "Velmont Ridgeline owners told to check for
    /// airbag recall" shared the company, the model, 310,000 and the defect with the wire's recall
    /// report, but no name as written ("Velmont Ridgeline" against "Velmont Motors"), and stayed a
    /// card of its own. A rare word of a name, beside much shared wording, counts as one shared name.
    func testOneNameWrittenTwoWaysJoinsItsEvent() {
        let noon = Date(timeIntervalSince1970: 1_800_000_000)
        let wire = ClusterArticle(id: "wire", sourceKey: "tidewater.example", headline: "Velmont recalls 310,000 SUVs over airbag defect",
                                  body: "DETROIT (TPA) - Velmont Motors is recalling 310,000 Ridgeline SUVs from the 2022 to 2024 model "
                                      + "years because their airbag inflators may rupture, the National Highway Traffic Safety "
                                      + "Administration said on Monday.", publishedAt: noon)
        let local = ClusterArticle(id: "local", sourceKey: "ozark.example", headline: "Velmont Ridgeline owners told to check for airbag recall",
                                   body: "Owners of Velmont Ridgeline SUVs built from 2022 to 2024 should check whether their vehicle is "
                                       + "among the 310,000 recalled over airbag inflators that can rupture, federal safety regulators "
                                       + "said. Dealers in Harrison and Mountain Home will replace the part for free.",
                                   publishedAt: noon.addingTimeInterval(1800))
        let stories = assign([wire, local], to: StoryClusterer(background: .bundled), ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-1"])
    }

    /// A thirteenth audit: the wire wrote "Lumivex" only where it opens the headline and a sentence (no
    /// name there), a tech site as a name in its body; the site's report, giving another revenue
    /// figure, stayed a card of its own, so the dispute was never shown. The story writing the rare
    /// word is enough beside much shared wording.
    func testANameTheStoryWritesOnlyAtSentenceStartsJoinsItsEvent() {
        let noon = Date(timeIntervalSince1970: 1_800_000_000)
        let wire = ClusterArticle(id: "wire", sourceKey: "northline.example",
                                  headline: "Lumivex revenue rises 19% to $6.3 billion as AI tools lift cloud sales",
                                  body: "SEATTLE (Northline) - Lumivex said on Wednesday its fiscal third-quarter revenue rose 19 percent "
                                      + "to $6.3 billion as businesses signed up for its AI tools.", publishedAt: noon)
        let site = ClusterArticle(id: "site", sourceKey: "voltframe.example", headline: "Lumivex posts $6.1 billion quarter as AI add-ons sell",
                                  body: "Cloud software maker Lumivex reported revenue of $6.1 billion for its fiscal third quarter, ahead "
                                      + "of forecasts, as customers paid extra for its AI add-ons.", publishedAt: noon.addingTimeInterval(1800))
        let stories = assign([wire, site], to: StoryClusterer(background: .bundled), ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-1"])
    }

    /// A sixteenth audit: a truce told as "the RSF" by one outlet and "the Rapid Support Forces" by the
    /// other, "three-day ceasefire" against "72-hour truce", was two cards. A name of three words or more
    /// also counts as its initials (`ArticleVector.initials`).
    func testANameAndItsAcronymJoinTheirEvent() {
        let noon = Date(timeIntervalSince1970: 1_800_000_000)
        let wire = ClusterArticle(id: "wire", sourceKey: "meridian.example", headline: "Sudan's warring sides agree 72-hour truce around El Fasher",
                                  body: "PORT SUDAN (Meridian) - Sudan's army and the paramilitary Rapid Support Forces agreed a 72-hour "
                                      + "humanitarian truce around the besieged city of El Fasher in North Darfur from Tuesday, mediators "
                                      + "in Jeddah said.", publishedAt: noon)
        let other = ClusterArticle(id: "other", sourceKey: "globus.example", headline: "Sudan army, RSF agree three-day ceasefire for El Fasher aid",
                                   body: "Sudan's army and the RSF agreed a three-day ceasefire around El Fasher so that aid convoys can "
                                       + "reach civilians, Saudi and U.S. mediators said.", publishedAt: noon.addingTimeInterval(300))
        let stories = assign([wire, other], to: StoryClusterer(background: .bundled), ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-1"])
    }

    /// A thirteenth audit: a phone launch and the maker's fine over the same phones, one day, one card.
    func testACompanysLaunchAndItsFineOfOneDayStayApart() {
        let noon = Date(timeIntervalSince1970: 1_800_000_000)
        let launch = [
            ClusterArticle(id: "l1", sourceKey: "northline.example", headline: "Kelvane launches tri-fold Nimbus Tri phone at $2,199",
                           body: "SAN DIEGO (Northline) - Kelvane unveiled the Nimbus Tri on Wednesday, a phone that folds twice and "
                               + "opens into a 10-inch screen, priced at $2,199. It ships on December 5.", publishedAt: noon),
            ClusterArticle(id: "l2", sourceKey: "voltframe.example", headline: "Kelvane unveils Nimbus Tri, a $2,199 phone that folds twice",
                           body: "Kelvane's Nimbus Tri folds twice and opens into a 10-inch tablet-sized screen. It costs $2,199 and "
                               + "ships December 5.", publishedAt: noon.addingTimeInterval(600)),
        ]
        let fine = ClusterArticle(id: "f1", sourceKey: "northline.example",
                                  headline: "Italy's competition watchdog fines Kelvane 96 million euros over battery claims",
                                  body: "ROME (Northline) - Italy's competition authority AGCM fined smartphone maker Kelvane 96 million "
                                      + "euros on Wednesday for misleading consumers about the battery life of its Nimbus phones. "
                                      + "Kelvane said it would appeal.", publishedAt: noon.addingTimeInterval(4 * 3600))
        let stories = assign(launch + [fine], to: StoryClusterer(background: .bundled), ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-1", "story-2"])
    }

    /// A local paper names its town in every item: one rare word in common is no shared event
    /// (the council's jail budget and the water company's fine were one story before the rule).
    func testTwoLocalItemsSharingOnlyTheTownsNameStayApart() {
        let noon = Date(timeIntervalSince1970: 1_800_000_000)
        let council = ClusterArticle(id: "council", sourceKey: "courier.example",
                                     headline: "Harlow county council approves budget for new jail",
                                     body: "Harlow county council voted 7 to 2 on Monday to fund a new county jail.", publishedAt: noon)
        let fine = ClusterArticle(id: "fine", sourceKey: "courier.example", headline: "Harlow water utility fined over sewage spills",
                                  body: "The regulator fined Harlow Water 2 million pounds for sewage spills into the river.",
                                  publishedAt: noon.addingTimeInterval(300))
        let stories = assign([council, fine], to: StoryClusterer(background: .bundled), ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-2"])
    }

    /// The same when the town is also read as a name: "Harlow" the name and "harlow" the word are one
    /// shared term, not two.
    func testTwoLocalItemsSharingOnlyTheTownAsNameAndWordStayApart() {
        let noon = Date(timeIntervalSince1970: 1_800_000_000)
        let council = ClusterArticle(id: "council", sourceKey: "courier.example", headline: "Harlow's council approves budget for new jail",
                                     body: "Councillors voted 7 to 2 for the jail plan.", publishedAt: noon)
        let fine = ClusterArticle(id: "fine", sourceKey: "courier.example", headline: "Regulator fines Harlow's water utility",
                                  body: "Sewage spills into the river drew a penalty of 2 million pounds.",
                                  publishedAt: noon.addingTimeInterval(300))
        let stories = assign([council, fine], to: StoryClusterer(background: .bundled), ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-2"])
    }

    /// "N50 to N820" and "50 naira to 820 naira" are one figure (`Quantity` keys), and "Nigeria's
    /// Dangote" names Dangote: the two reports share names and figures, not just words.
    func testReportsWritingOneFigureTheirOwnWayJoin() {
        let stories = assign(Events.petrolPriceCut, to: Newsroom.primedClusterer(), ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-1"])
    }

    /// A headline naming the prime minister by surname mentions the story's subject: it is not
    /// held apart as being about someone else.
    func testAHeadlineNamingOnlyTheSurnameJoinsTheStoryNamingThePerson() {
        let stories = assign(Events.frenchGovernmentFalls, to: Newsroom.primedClusterer(), ids: Newsroom.IDs())
        XCTAssertEqual(stories, ["story-1", "story-1"])
    }

    func testAnArticleShowingTwoStoriesAreOneEventMergesThemIntoTheOlder() {
        let clusterer = Newsroom.primedClusterer()
        let ids = Newsroom.IDs()
        XCTAssertEqual(clusterer.assign(Events.botlekExplosion, newStoryID: ids.next).storyID, "story-1")
        XCTAssertEqual(clusterer.assign(Events.spijkenisseSmoke, newStoryID: ids.next).storyID, "story-2")
        let wrapUp = clusterer.assign(Events.botlekWrapUp, newStoryID: ids.next)
        XCTAssertEqual(wrapUp, ClusterAssignment(storyID: "story-1", isNewStory: false, mergedStoryIDs: ["story-2"]))
        XCTAssertEqual(clusterer.storyCount, 1)
    }

    func testMergedStoriesStayOneForLaterArticles() {
        let clusterer = Newsroom.primedClusterer()
        let ids = Newsroom.IDs()
        for article in [Events.botlekExplosion, Events.spijkenisseSmoke, Events.botlekWrapUp] { _ = clusterer.assign(article, newStoryID: ids.next) }
        let later = ClusterArticle(id: "smoke-2", sourceKey: "nu.nl", headline: Events.spijkenisseSmoke.headline,
                                   body: Events.spijkenisseSmoke.body, publishedAt: Events.botlekWrapUp.publishedAt.addingTimeInterval(1800))
        XCTAssertEqual(clusterer.assign(later, newStoryID: ids.next), ClusterAssignment(storyID: "story-1", isNewStory: false, mergedStoryIDs: []))
    }

    func testTheSameTextBeyondTheTimeWindowStartsANewStory() {
        let clusterer = Newsroom.primedClusterer()
        let ids = Newsroom.IDs()
        _ = assign(Events.kenyaAirwaysWire(), to: clusterer, ids: ids)
        let hoursLater = clusterer.configuration.timeWindow / 3600 + 24
        let reprint = clusterer.assign(Events.kenyaAirwaysWire(hoursAfterMorning: hoursLater)[0], newStoryID: ids.next)
        XCTAssertEqual(reprint, ClusterAssignment(storyID: "story-2", isNewStory: true, mergedStoryIDs: []))
    }

    func testRestoreRebuildsStoriesThatLaterArticlesJoinWithoutNewIDs() {
        let clusterer = Newsroom.primedClusterer()
        for article in Events.bankOfEngland.prefix(2) { clusterer.restore(article, storyID: "boe") }
        for article in Events.reserveBankOfIndia { clusterer.restore(article, storyID: "rbi") }
        XCTAssertEqual(clusterer.storyCount, 2)
        let ids = Newsroom.IDs()
        XCTAssertEqual(clusterer.assign(Events.bankOfEngland[2], newStoryID: ids.next).storyID, "boe")
        XCTAssertEqual(ids.issued, 0)
    }

    func testRestoreKeepsTheStoredDecisionEvenForADissimilarArticle() {
        let clusterer = Newsroom.primedClusterer()
        clusterer.restore(Events.bankOfEngland[0], storyID: "boe")
        clusterer.restore(Events.japanEarthquake[0], storyID: "boe")
        XCTAssertEqual(clusterer.storyCount, 1)
        XCTAssertEqual(clusterer.assign(Events.japanEarthquake[1], newStoryID: { "unused" }).storyID, "boe")
    }

    func testEvictForgetsOnlyStoriesWhoseLatestArticleIsOlder() {
        let clusterer = Newsroom.primedClusterer()
        let ids = Newsroom.IDs()
        _ = assign(Events.kenyaAirwaysWire(), to: clusterer, ids: ids)
        _ = assign(Events.haitiEarthquake, to: clusterer, ids: ids)
        clusterer.evict(before: Newsroom.morning.addingTimeInterval(5 * 3600))
        XCTAssertEqual(clusterer.storyCount, 1)
        let reprint = clusterer.assign(Events.kenyaAirwaysWire(hoursAfterMorning: 6)[0], newStoryID: ids.next)
        XCTAssertTrue(reprint.isNewStory)
        XCTAssertEqual(clusterer.assign(Events.haitiEarthquake[0], newStoryID: ids.next).storyID, "story-2")
    }
}

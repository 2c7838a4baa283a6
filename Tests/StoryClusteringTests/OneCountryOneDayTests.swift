import XCTest
import StoryClustering

/// Different events in one country on one day, each reported by several outlets, must be one
/// story each, whatever order the feeds are read in: in time order, and outlet by outlet (a first
/// poll stores each feed's entries together).
final class OneCountryOneDayTests: XCTestCase {
    func testSriLankasStrikeCourtRulingFloodsAndRateCutAreFourStories() {
        assertOneStoryPerEvent(Events.sriLankaDay)
    }

    func testAQuakeAndATrainCollisionInOneCountryAreTwoStories() {
        assertOneStoryPerEvent(Events.algeriaDay)
    }

    func testACobaltDealAndAMinesMinisterNamedInACobaltRowAreTwoStories() {
        assertOneStoryPerEvent(Events.congoDays)
    }

    /// The tabloid shares the city, the country and "collapses"/"crumbles" (`EventKind`), few words.
    func testATabloidSharingOnlyPlacesAndTheKindOfIncidentJoinsItsEvent() {
        assertOneStoryPerEvent(Events.lagosCollapse)
    }

    /// An eighth audit's merges: two central banks' cuts of one day, written alike; a company's
    /// results and its fine; an investment and a landslide in Costa Rica.
    func testTwoCentralBanksCuttingAlikeOnOneDayAreTwoStories() {
        assertOneStoryPerEvent(Events.chileAndKoreaRateCuts)
    }

    func testACompanysResultsAndItsFineOfOneDayAreTwoStories() {
        assertOneStoryPerEvent(Events.resultsAndFine)
    }

    func testACompanysTakeoverAndItsFineOfOneDayAreTwoStories() {
        assertOneStoryPerEvent(Events.takeoverAndFine)
    }

    func testAFireAndAStrikeInACityTheGazetteerDoesNotKnowAreTwoStories() {
        assertOneStoryPerEvent(Events.hargeisaDay)
    }

    func testAStrikeAndAFireInATownTheGazetteerDoesNotKnowAreTwoStories() {
        assertOneStoryPerEvent(Events.kitweDay)
    }

    func testAnInvestmentAndALandslideInCostaRicaAreTwoStories() {
        assertOneStoryPerEvent(Events.costaRicaDay)
    }
}

import XCTest
import StoryClustering

/// Events of one kind in one week (issue 26): however many arrive, each is its own story, and a
/// report naming the others in passing joins its own. Squeezed into one morning, no quiet hours
/// between the events discount their similarity: only who acts tells them apart.
final class LookAlikeEventsTests: XCTestCase {
    func testThreeCompaniesLayoffsOfOneWeekAreThreeStories() {
        assertOneStoryPerEvent(Events.techLayoffsWeek.filter { !$0.id.hasPrefix("tessaline") })
    }

    func testFourCompaniesLayoffsOfOneWeekAreFourStories() {
        assertOneStoryPerEvent(Events.techLayoffsWeek)
    }

    func testThreeCompaniesLayoffsOfOneMorningAreThreeStories() {
        assertOneStoryPerEvent(Events.onOneMorning(Events.techLayoffsWeek.filter { !$0.id.hasPrefix("tessaline") }))
    }

    func testFourCompaniesLayoffsOfOneMorningAreFourStories() {
        assertOneStoryPerEvent(Events.onOneMorning(Events.techLayoffsWeek))
    }

    func testThreeCentralBanksCuttingAlikeOnOneDayAreThreeStories() {
        assertOneStoryPerEvent(Events.threeRateDecisions)
    }

    func testThreeNoConfidenceVotesOfOneWeekAreThreeStories() {
        assertOneStoryPerEvent(Events.noConfidenceVotes)
    }

    func testThreeNoConfidenceVotesOfOneMorningAreThreeStories() {
        assertOneStoryPerEvent(Events.onOneMorning(Events.noConfidenceVotes))
    }

    func testTwoUSVotesOnDifferentBillsOfOneDayAreTwoStories() {
        assertOneStoryPerEvent(Events.twoUSVotesOfOneDay)
    }
}

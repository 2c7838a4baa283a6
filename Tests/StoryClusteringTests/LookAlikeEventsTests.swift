import XCTest
import StoryClustering

/// Events of one kind in one week (issue 26): however many arrive, each is its own story, and a
/// report naming the others in passing joins its own.
final class LookAlikeEventsTests: XCTestCase {
    func testThreeCompaniesLayoffsOfOneWeekAreThreeStories() {
        assertOneStoryPerEvent(Events.techLayoffsWeek.filter { !$0.id.hasPrefix("tessaline") })
    }

    func testFourCompaniesLayoffsOfOneWeekAreFourStories() {
        assertOneStoryPerEvent(Events.techLayoffsWeek)
    }
}

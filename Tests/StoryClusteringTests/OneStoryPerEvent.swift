import XCTest
import StoryClustering

extension XCTestCase {
    /// Feeds `articles` to a clusterer as the engine starts (the shipped word statistics, nothing
    /// read yet), in time order and outlet by outlet (a first poll stores each feed's entries
    /// together), and fails unless every event is one story and every story one event.
    /// The event is the article id without its last part ("lk-court-2" → "lk-court").
    func assertOneStoryPerEvent(_ articles: [ClusterArticle], file: StaticString = #filePath, line: UInt = #line) {
        let inTimeOrder = articles.sorted { $0.publishedAt < $1.publishedAt }
        let outletByOutlet = articles.sorted { ($0.sourceKey, $0.publishedAt) < ($1.sourceKey, $1.publishedAt) }
        for (order, stream) in [("time order", inTimeOrder), ("outlet by outlet", outletByOutlet)] {
            let clusterer = StoryClusterer(background: .bundled)  // as the engine starts
            let ids = Newsroom.IDs()
            var storyOf: [String: String] = [:]
            for article in stream {
                let assignment = clusterer.assign(article, newStoryID: ids.next)
                for absorbed in assignment.mergedStoryIDs {
                    for (id, story) in storyOf where story == absorbed { storyOf[id] = assignment.storyID }
                }
                storyOf[article.id] = assignment.storyID
            }
            let event = { (id: String) in String(id[..<id.lastIndex(of: "-")!]) }
            let storiesOfEvent = Dictionary(grouping: storyOf, by: { event($0.key) }).mapValues { Set($0.map(\.value)) }
            let eventsOfStory = Dictionary(grouping: storyOf, by: \.value).mapValues { Set($0.map { event($0.key) }) }
            for (name, stories) in storiesOfEvent where stories.count != 1 {
                XCTFail("\(order): \(name) split into \(stories.count) stories", file: file, line: line)
            }
            for (story, events) in eventsOfStory where events.count != 1 {
                XCTFail("\(order): \(story) holds \(events.sorted())", file: file, line: line)
            }
        }
    }
}

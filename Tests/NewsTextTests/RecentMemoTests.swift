import XCTest
import NewsText

final class RecentMemoTests: XCTestCase {
    /// Counts how often the memo had to compute.
    private final class Counter: @unchecked Sendable {
        var calls = 0
    }

    func testATextIsComputedOnceWhileRemembered() {
        let memo = TextMemo<Int>(capacity: 4)
        let counter = Counter()
        let length = { (text: String) -> Int in counter.calls += 1; return text.count }
        XCTAssertEqual(memo.value(for: "Kinshasa", length), 8)
        XCTAssertEqual(memo.value(for: "Kinshasa", length), 8)
        XCTAssertEqual(counter.calls, 1)
    }

    /// Two generations of `capacity` texts: a text read long ago is computed again, one read
    /// recently is not, so memory stays bounded while a developing story's texts stay remembered.
    func testMemoryIsBoundedByTwoGenerations() {
        let memo = TextMemo<Int>(capacity: 2)
        let counter = Counter()
        let length = { (text: String) -> Int in counter.calls += 1; return text.count }
        for text in ["a", "bb", "ccc"] { _ = memo.value(for: text, length) }  // "a", "bb" move to the older generation
        _ = memo.value(for: "a", length)  // remembered (older), promoted
        XCTAssertEqual(counter.calls, 3)
        for text in ["dddd", "eeeee", "ffffff"] { _ = memo.value(for: text, length) }
        _ = memo.value(for: "bb", length)  // dropped with its generation: computed again
        XCTAssertEqual(counter.calls, 7)
    }

    /// Refreshing a remembered key keeps it through the next change of generation, and computes nothing.
    func testARefreshedKeyOutlivesTheNextGeneration() {
        let memo = TextMemo<Int>(capacity: 2)
        let counter = Counter()
        let length = { (text: String) -> Int in counter.calls += 1; return text.count }
        for text in ["a", "bb", "ccc"] { _ = memo.value(for: text, length) }  // "a", "bb" in the older generation
        XCTAssertTrue(memo.refresh("a"))
        XCTAssertFalse(memo.refresh("zz"))
        for text in ["dddd", "eeeee"] { _ = memo.value(for: text, length) }  // "bb" dropped, "a" kept
        XCTAssertEqual(counter.calls, 5)
        _ = memo.value(for: "a", length)
        XCTAssertEqual(counter.calls, 5)
        _ = memo.value(for: "bb", length)
        XCTAssertEqual(counter.calls, 6)
    }
}

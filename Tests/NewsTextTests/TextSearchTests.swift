@testable import NewsText
import XCTest

final class TextSearchTests: XCTestCase {
    private let texts = ["Reuters reports 12 dead while BBC News reports 15.", "United Nations: the Nation's vote",
                         "Café Zürich — São Paulo’s “Nation” 🇳🇬 Naïve", "", "aaab aab ab", "BBC"]
    private let needles = ["Nation", "BBC", "ab", "aab", "São", "’s", "🇳🇬", "é", "", " ", "reports 15.", "BBC News reports 16"]

    /// The in-place search gives the indices that the index-by-index search gives, in strings and in substrings
    /// that start and end inside the text.
    func testInPlaceSearchFindsWhatTheIndexSearchFinds() {
        var searched = 0
        for text in texts {
            let slices = [text[...]] + (text.count > 4
                ? [text[text.index(after: text.startIndex)...], text[text.index(text.startIndex, offsetBy: 3)..<text.index(before: text.endIndex)]]
                : [])
            for needle in needles {
                XCTAssertEqual(text.firstByteRange(of: needle), text.firstByteRangeByIndex(of: Array(needle.utf8)), "\(needle) in \(text)")
                for slice in slices {
                    let found = slice.firstByteRange(of: needle)
                    XCTAssertEqual(found, slice.firstByteRangeByIndex(of: Array(needle.utf8)), "\(needle) in \(slice)")
                    if let found { XCTAssertEqual(String(slice[found]), needle); searched += 1 }
                }
            }
        }
        XCTAssertGreaterThan(searched, 20)
        XCTAssertNil("United Nations".firstByteRange(of: "Nationz"))
        XCTAssertEqual("ab".firstByteRange(of: "b"), "ab".utf8.index(after: "ab".startIndex)..<"ab".endIndex)
    }
}

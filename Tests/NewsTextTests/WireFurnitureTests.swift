import NewsText
import XCTest

/// What every report of a wire outlet carries and no event is about.
final class WireFurnitureTests: XCTestCase {
    func testDatelineAndCreditLinesAreRemoved() {
        let report = "BRUSSELS, Nov 29 (Global Wire Service) - The EU will impose duties on heat pumps. "
            + "The duties apply for six months. (Reporting by Hanna Vermeulen; Editing by Tom Ashby)"
        XCTAssertEqual(FeedBoilerplate.removingWireFurniture(report),
                       "The EU will impose duties on heat pumps. The duties apply for six months. ")
    }

    func testParenthesesThatAreNewsStay() {
        let report = "The Central Bank of Kenya (CBK) raised its rate (the first rise this year)."
        XCTAssertEqual(FeedBoilerplate.removingWireFurniture(report), report)
    }
}

/// The dateline a report opens with: where it was filed.
final class DatelineTests: XCTestCase {
    func testTheDatelineIsReadWithoutItsDash() {
        XCTAssertEqual(FeedBoilerplate.dateline("VIENNA (Meridian Wire) - OPEC+ agreed on Wednesday to extend cuts."),
                       "VIENNA (Meridian Wire)")
        XCTAssertEqual(FeedBoilerplate.dateline("NAIROBI, Kenya \u{2014} The central bank raised its rate."), "NAIROBI, Kenya")
        XCTAssertNil(FeedBoilerplate.dateline("OPEC+ agreed on Wednesday to extend its cuts - a surprise to traders."))
    }
}

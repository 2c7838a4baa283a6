import APIToolkit
import Foundation
import XCTest

final class APIDateTests: XCTestCase {
    private let knownInstants: [(String, TimeInterval)] = [
        ("1970-01-01T00:00:00Z", 0),
        ("2024-02-29T12:00:00Z", 1_709_208_000),
        ("2000-02-29T00:00:00Z", 951_782_400),
        ("1900-03-01T00:00:00Z", -2_203_891_200),
        ("2026-05-16T10:30:00Z", 1_778_927_400),
        ("1969-07-20T20:17:40Z", -14_182_940),
        ("2038-01-19T03:14:08Z", 2_147_483_648),
        ("0001-01-01T00:00:00Z", -62_135_596_800),
        ("0000-01-01T00:00:00Z", -62_167_219_200),
        ("9999-12-31T23:59:59Z", 253_402_300_799),
    ]

    func testFormatsKnownInstants() {
        for (text, seconds) in knownInstants {
            XCTAssertEqual(APIDate.format(Date(timeIntervalSince1970: seconds)), text)
        }
    }

    func testParseUTCReadsKnownInstants() {
        for (text, seconds) in knownInstants {
            XCTAssertEqual(APIDate.parseUTC(text)?.timeIntervalSince1970, seconds, text)
        }
    }

    func testSubSecondsAreTruncatedTowardThePast() {
        XCTAssertEqual(APIDate.format(Date(timeIntervalSince1970: 1_778_927_400.999)), "2026-05-16T10:30:00Z")
        XCTAssertEqual(APIDate.format(Date(timeIntervalSince1970: -0.001)), "1969-12-31T23:59:59Z")
        XCTAssertEqual(APIDate.format(Date(timeIntervalSince1970: -86_400.5)), "1969-12-30T23:59:59Z")
    }

    func testDatesOutsideFourDigitYearsAreClampedAndReportedUnrepresentable() {
        XCTAssertEqual(APIDate.format(Date(timeIntervalSince1970: -1e12)), "0000-01-01T00:00:00Z")
        XCTAssertEqual(APIDate.format(Date(timeIntervalSince1970: 1e12)), "9999-12-31T23:59:59Z")
        XCTAssertEqual(APIDate.format(.distantFuture), "4001-01-01T00:00:00Z")
        XCTAssertEqual(APIDate.format(Date(timeIntervalSince1970: .nan)), "1970-01-01T00:00:00Z")
        XCTAssertEqual(APIDate.format(Date(timeIntervalSince1970: -.infinity)), "0000-01-01T00:00:00Z")
        XCTAssertFalse(APIDate.isRepresentable(Date(timeIntervalSince1970: 253_402_300_800)))
        XCTAssertTrue(APIDate.isRepresentable(APIDate.latestRepresentable))
        XCTAssertTrue(APIDate.isRepresentable(APIDate.earliestRepresentable))
        XCTAssertFalse(APIDate.isRepresentable(Date(timeIntervalSince1970: .nan)))
    }

    func testFormatAgreesWithFoundationAcrossTwoCenturies() {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let seconds = TimeInterval(Int64.random(in: -2_208_988_800...7_258_118_400, using: &generator))
            let date = Date(timeIntervalSince1970: seconds)
            XCTAssertEqual(APIDate.format(date), formatter.string(from: date))
        }
    }

    func testFormatThenParseRoundTripsEverySecondInRange() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let seconds = Int64.random(in: -62_167_219_200...253_402_300_799, using: &generator)
            let text = APIDate.format(Date(timeIntervalSince1970: TimeInterval(seconds)))
            XCTAssertTrue(isIOSDate(text), text)
            XCTAssertEqual(APIDate.parseUTC(text)?.timeIntervalSince1970, TimeInterval(seconds), text)
        }
    }

    func testEveryDayOfALeapAndACommonYearRoundTrips() {
        for year in [1900, 2000, 2023, 2024] {
            for month in 1...12 {
                for day in 1...31 {
                    let text = String(format: "%04d-%02d-%02dT00:00:00Z", year, month, day)
                    let isValid = DateComponents(calendar: Calendar(identifier: .gregorian), year: year, month: month, day: day).isValidDate
                    let parsed = APIDate.parseUTC(text)
                    XCTAssertEqual(parsed != nil, isValid, text)
                    if let parsed { XCTAssertEqual(APIDate.format(parsed), text) }
                }
            }
        }
    }

    func testParseUTCRejectsEverythingButTheExactShape() {
        let rejected = [
            "2026-05-16T10:30:00.000Z", "2026-05-16T10:30:00+00:00", "2026-05-16T10:30:00z",
            "2026-05-16t10:30:00Z", "2026-05-16 10:30:00Z", "2026-05-16T10:30Z", "2026-05-16T10:30:00",
            "2026-5-16T10:30:00Z", "2026-05-16T10:30:00ZZ", " 2026-05-16T10:30:00Z", "+026-05-16T10:30:00Z",
            "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
            "2026-05-00T00:00:00Z", "2026-05-16T24:00:00Z", "2026-05-16T23:60:00Z", "2026-05-16T23:59:60Z",
            "2026-05-16T1a:30:00Z", "", "2026-05-16T10:30:00Z\n", "２０２６-05-16T10:30:00Z",
        ]
        for text in rejected {
            XCTAssertNil(APIDate.parseUTC(text), text)
        }
    }

    func testParseWithOffsetAppliesTheOffset() {
        let utc = 1_778_927_400.0
        XCTAssertEqual(APIDate.parseWithOffset("2026-05-16T10:30:00Z")?.timeIntervalSince1970, utc)
        XCTAssertEqual(APIDate.parseWithOffset("2026-05-16T12:30:00+02:00")?.timeIntervalSince1970, utc)
        // The ISO 8601 basic offset, without its colon, names the same offset.
        XCTAssertEqual(APIDate.parseWithOffset("2026-05-16T12:30:00+0200")?.timeIntervalSince1970, utc)
        XCTAssertEqual(APIDate.parseWithOffset("2026-05-16T07:00:00.5-0330")?.timeIntervalSince1970, utc + 0.5)
        // The contract's schema (zod 4's `z.iso.datetime({ offset: true })`) makes the seconds optional.
        XCTAssertEqual(APIDate.parseWithOffset("2026-05-16T12:30+02:00")?.timeIntervalSince1970, utc)
        XCTAssertEqual(APIDate.parseWithOffset("2026-05-16T10:30Z")?.timeIntervalSince1970, utc)
        XCTAssertEqual(APIDate.parseWithOffset("2026-05-16T05:00:00-05:30")?.timeIntervalSince1970, utc)
        XCTAssertEqual(APIDate.parseWithOffset("2026-05-16T10:30:00-00:00")?.timeIntervalSince1970, utc)
        XCTAssertEqual(APIDate.parseWithOffset("2026-05-17T00:29:00+13:59")?.timeIntervalSince1970, utc)
        // Crossing midnight and a year boundary through the offset.
        XCTAssertEqual(APIDate.parseWithOffset("2025-12-31T23:00:00-01:00").map(APIDate.format), "2026-01-01T00:00:00Z")
        XCTAssertEqual(APIDate.parseWithOffset("2024-03-01T01:00:00+02:00").map(APIDate.format), "2024-02-29T23:00:00Z")
    }

    func testParseWithOffsetKeepsFractionsOfAnyLength() throws {
        let base = 1_778_927_400.0
        XCTAssertEqual(try XCTUnwrap(APIDate.parseWithOffset("2026-05-16T10:30:00.5Z")).timeIntervalSince1970, base + 0.5, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(APIDate.parseWithOffset("2026-05-16T10:30:00.123Z")).timeIntervalSince1970, base + 0.123, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(APIDate.parseWithOffset("2026-05-16T12:30:00.123456+02:00")).timeIntervalSince1970, base + 0.123456, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(APIDate.parseWithOffset("2026-05-16T10:30:00.999999999999Z")).timeIntervalSince1970, base + 1, accuracy: 1e-6)
        XCTAssertEqual(APIDate.parseWithOffset("2026-05-16T10:30:00.999Z").map(APIDate.format), "2026-05-16T10:30:00Z")
    }

    func testParseWithOffsetRejectsMalformedAndOutOfRangeInput() {
        let rejected = [
            "2026-05-16T10:30:00", "2026-05-16T10:30:00+2:00", "2026-05-16T10:30:00+02", "2026-05-16T10:30:00+020",
            "2026-05-16T10:30:00+02000", "2026-05-16T10:30:00+2400", "2026-05-16T10:30:00+0260", "2026-05-16T10:30:00+02:0",
            "2026-05-16T10:30", "2026-05-16T10:30.5Z", "2026-05-16T10:3Z", "2026-05-16T10:30:0Z", "2026-05-16T10Z",
            "2026-05-16T10:30:00.Z", "2026-05-16T10:30:00,5Z", "2026-05-16T10:30:00+24:00", "2026-05-16T10:30:00+02:60",
            "2026-05-16T10:30:00z", "2026-05-16t10:30:00Z", "2026-05-16T10:30:00 Z", "2026-05-16T10:30:00+02:00Z",
            "2026-02-30T10:30:00Z", "2026-13-16T10:30:00Z", "2026-05-16T24:00:00Z", "2026-05-16T10:30:60Z",
            "2026-05-16", "10:30:00Z", "2026-05-16T10:30:00.5", "2026-05-16T10:30:00+02:00:00", "2026-05-16T10:30:00Z ",
        ]
        for text in rejected {
            XCTAssertNil(APIDate.parseWithOffset(text), text)
        }
    }

    func testParseWithOffsetAgreesWithFoundationOnValidOffsets() {
        let formatter = ISO8601DateFormatter()
        for offset in ["+00:00", "+01:00", "-03:30", "+05:45", "-11:00", "+14:00"] {
            let text = "2026-03-08T01:59:59\(offset)"
            XCTAssertEqual(APIDate.parseWithOffset(text), formatter.date(from: text), text)
        }
    }
}

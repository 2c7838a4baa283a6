import Foundation
import XCTest

/// Mirrors the iOS apps' `.iso8601` decoder, which Foundation on Linux does not: exactly
/// `YYYY-MM-DDTHH:MM:SSZ`, 20 characters, digits where digits belong, a real calendar date.
func assertIOSDate(_ value: Any?, _ field: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let text = value as? String else {
        XCTFail("\(field) is not a string: \(String(describing: value))", file: file, line: line)
        return
    }
    let bytes = Array(text.utf8)
    let shapeOK = bytes.count == 20 && bytes.enumerated().allSatisfy { index, byte in
        switch index {
        case 4, 7: byte == UInt8(ascii: "-")
        case 10: byte == UInt8(ascii: "T")
        case 13, 16: byte == UInt8(ascii: ":")
        case 19: byte == UInt8(ascii: "Z")
        default: (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
    let formatter = ISO8601DateFormatter()
    XCTAssertTrue(shapeOK && formatter.date(from: text) != nil, "\(field) = \(text) is not YYYY-MM-DDTHH:MM:SSZ", file: file, line: line)
}

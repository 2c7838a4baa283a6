import Foundation

/// Reads the date formats real feeds use and returns the UTC instant they denote. Public so the
/// rest of the app (and the conformance harness) parses dates exactly the way feeds are parsed.
public enum FeedDate {
    /// The instant a feed date string denotes, or nil when it is not a date we can read
    /// unambiguously. A date without a zone is taken as UTC.
    public static func parse(_ text: String) -> Date? {
        parse(utf8: Array(text.utf8))
    }

    static func parse(utf8 bytes: [UInt8]) -> Date? {
        guard bytes.count <= 128, let first = bytes.first(where: { !$0.isASCIISpace }) else { return nil }
        if first.isASCIIDigit || first == UInt8(ascii: "-"), let date = ISODateParser.parse(bytes)?.date {
            return date
        }
        return RFC822DateParser.parse(bytes)?.date
    }
}

import Foundation

/// The date-time formats our clients exchange with us.
///
/// Responses use exactly `YYYY-MM-DDTHH:MM:SSZ` because that is all the iOS `.iso8601` decoding
/// strategy accepts: a fraction or an offset makes the whole payload fail to decode. Requests are
/// more liberal (any RFC 3339 date-time with a zone, as Zod's `z.iso.datetime({ offset: true })`).
/// The calendar arithmetic is done here instead of with `DateFormatter` because every response
/// formats dates and formatters are neither cheap nor safe to share across threads.
public enum APIDate {
    /// 0000-01-01T00:00:00Z: the earliest instant with a four-digit year.
    public static let earliestRepresentable = Date(timeIntervalSince1970: TimeInterval(earliestSecond))
    /// 9999-12-31T23:59:59Z: the latest instant with a four-digit year.
    public static let latestRepresentable = Date(timeIntervalSince1970: TimeInterval(latestSecond))

    static let earliestSecond: Int64 = CivilDate.daysSinceEpoch(year: 0, month: 1, day: 1) * 86_400
    public static let latestSecond: Int64 = CivilDate.daysSinceEpoch(year: 9999, month: 12, day: 31) * 86_400 + 86_399

    /// Whether `format` can write `date` without clamping.
    public static func isRepresentable(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        return seconds >= TimeInterval(earliestSecond) && seconds <= TimeInterval(latestSecond)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC. Sub-seconds are truncated (toward the past, so a date never
    /// appears later than it happened). Dates outside years 0000–9999 are clamped to that range,
    /// NaN to the epoch: the output always has the shape the iOS decoder requires. `APIEncoder`
    /// refuses such dates instead; use `isRepresentable` to check first.
    public static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let seconds: Int64
        if interval.isNaN {
            seconds = 0
        } else {
            let clamped = min(max(interval.rounded(.down), TimeInterval(earliestSecond)), TimeInterval(latestSecond))
            seconds = Int64(clamped)
        }
        return formatSeconds(seconds)
    }

    /// `seconds` must lie within the representable range.
    static func formatSeconds(_ seconds: Int64) -> String {
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let civil = CivilDate(daysSinceEpoch: days)
        return String(unsafeUninitializedCapacity: 20) { buffer in
            func put(_ value: Int, at position: Int, width: Int) {
                var remaining = value
                for index in stride(from: position + width - 1, through: position, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
                    remaining /= 10
                }
            }
            put(civil.year, at: 0, width: 4)
            buffer[4] = UInt8(ascii: "-")
            put(civil.month, at: 5, width: 2)
            buffer[7] = UInt8(ascii: "-")
            put(civil.day, at: 8, width: 2)
            buffer[10] = UInt8(ascii: "T")
            put(secondOfDay / 3600, at: 11, width: 2)
            buffer[13] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, at: 14, width: 2)
            buffer[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, at: 17, width: 2)
            buffer[19] = UInt8(ascii: "Z")
            return 20
        }
    }

    /// Accepts only the exact 20-character response shape, e.g. `2026-05-16T10:30:00Z`.
    /// This mirrors what the iOS apps accept, so tests can check our output with it.
    public static func parseUTC(_ text: String) -> Date? {
        var copy = text
        return copy.withUTF8 { bytes -> Date? in
            guard bytes.count == 20, bytes[19] == UInt8(ascii: "Z"),
                  let seconds = DateTimeFields.parse(bytes)?.secondsSinceEpoch else { return nil }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
    }

    /// A calendar day: exactly `YYYY-MM-DD` naming a real date (RFC 3339 `full-date`, what
    /// `format: date` publishes), as its numbers; nil for anything else.
    public static func parseDay(_ text: String) -> (year: Int, month: Int, day: Int)? {
        var copy = text
        return copy.withUTF8 { bytes in
            guard bytes.count == 10, let date = DateTimeFields.parseDate(bytes) else { return nil }
            return (date.year, date.month, date.day)
        }
    }

    /// Accepts what the contract's schema, zod 4's `z.iso.datetime({ offset: true })`, accepts:
    /// a date-time with a zone, `Z` or `±HH:MM` (also `±HHMM`), seconds optional (`10:30Z`), a
    /// fraction of any length after seconds, uppercase `T` and `Z` only, every field
    /// range-checked (no month 13, February 30, hour 24 or leap second 60). Returns the instant;
    /// the offset is applied. What the server writes stays `YYYY-MM-DDTHH:MM:SSZ` (`format`).
    public static func parseWithOffset(_ text: String) -> Date? {
        var copy = text
        return copy.withUTF8 { bytes -> Date? in
            guard let (fields, end) = DateTimeFields.parseSecondsOptional(bytes), bytes.count > end else { return nil }
            var position = end
            var fraction: TimeInterval = 0
            if end == 19, bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard let (value, afterFraction) = DateTimeFields.parseFraction(bytes, from: position) else { return nil }
                fraction = value
                position = afterFraction
            }
            guard let offsetSeconds = DateTimeFields.parseZone(bytes, from: position) else { return nil }
            let utcSeconds = fields.secondsSinceEpoch - offsetSeconds
            return Date(timeIntervalSince1970: TimeInterval(utcSeconds) + fraction)
        }
    }
}

extension Int64 {
    /// Division rounding toward negative infinity, so dates before 1970 land on the right day.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

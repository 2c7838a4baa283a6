/// A proleptic Gregorian calendar date, converted to and from days since 1970-01-01 with integer
/// arithmetic on 400-year eras (each era has exactly 146 097 days). Years are counted from a
/// March 1st start so the leap day falls at the end of the year and needs no special case.
struct CivilDate: Equatable {
    var year: Int
    var month: Int
    var day: Int

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    init(daysSinceEpoch: Int64) {
        let shifted = daysSinceEpoch + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchBasedMonth = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * marchBasedMonth + 2) / 5 + 1)
        month = Int(marchBasedMonth < 10 ? marchBasedMonth + 3 : marchBasedMonth - 9)
        year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
    }

    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let marchBasedYear = Int64(month <= 2 ? year - 1 : year)
        let era = marchBasedYear.floorDivided(by: 400)
        let yearOfEra = marchBasedYear - era * 400
        let marchBasedMonth = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * marchBasedMonth + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// The `YYYY-MM-DDTHH:MM:SS` prefix shared by both accepted date-time shapes, range-checked.
struct DateTimeFields {
    var date: CivilDate
    var hour: Int
    var minute: Int
    var second: Int

    var secondsSinceEpoch: Int64 {
        CivilDate.daysSinceEpoch(year: date.year, month: date.month, day: date.day) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Parses the first 19 bytes; the caller checks what follows.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> DateTimeFields? {
        guard bytes.count >= 19, bytes[16] == UInt8(ascii: ":"), let second = number(bytes, at: 17, width: 2) else { return nil }
        return parse(bytes, second: second)
    }

    /// `YYYY-MM-DDTHH:MM`, then `:SS` if present (zod 4's `z.iso.datetime()` makes the seconds
    /// optional); also returns the index after what was read, 16 or 19.
    static func parseSecondsOptional(_ bytes: UnsafeBufferPointer<UInt8>) -> (fields: DateTimeFields, end: Int)? {
        if bytes.count >= 19, bytes[16] == UInt8(ascii: ":") { return parse(bytes).map { ($0, 19) } }
        return bytes.count >= 16 ? parse(bytes, second: 0).map { ($0, 16) } : nil
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, second: Int) -> DateTimeFields? {
        guard bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), let date = parseDate(bytes),
              let hour = number(bytes, at: 11, width: 2), let minute = number(bytes, at: 14, width: 2),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        return DateTimeFields(date: date, hour: hour, minute: minute, second: second)
    }

    /// `YYYY-MM-DD` in the first 10 bytes naming a real date (no month 13, no February 30).
    static func parseDate(_ bytes: UnsafeBufferPointer<UInt8>) -> CivilDate? {
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(bytes, at: 0, width: 4), let month = number(bytes, at: 5, width: 2),
              let day = number(bytes, at: 8, width: 2),
              (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// Reads one or more digits after the decimal point; returns the fraction of a second and the
    /// position after the last digit. Digits beyond nanoseconds are validated and then ignored.
    static func parseFraction(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Double, Int)? {
        var position = start
        var nanoseconds = 0
        var scale = 100_000_000
        while position < bytes.count, let digit = digitValue(bytes[position]) {
            nanoseconds += digit * scale
            scale /= 10
            position += 1
        }
        guard position > start else { return nil }
        return (Double(nanoseconds) / 1_000_000_000, position)
    }

    /// Parses `Z`, `±HH:MM` or `±HHMM` that must end the input; returns the offset east of UTC.
    /// The contract's schema (zod 4's `z.iso.datetime({ offset: true })`) writes the colon; the
    /// ISO 8601 basic form without it names the same offset unambiguously, so it is taken too
    /// rather than failing a whole batch.
    static func parseZone(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int64? {
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "Z") {
            return position + 1 == bytes.count ? 0 : nil
        }
        let sign: Int64
        switch bytes[position] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        let colon = bytes.count == position + 6 && bytes[position + 3] == UInt8(ascii: ":")
        guard colon || bytes.count == position + 5,
              let hours = number(bytes, at: position + 1, width: 2), hours <= 23,
              let minutes = number(bytes, at: position + (colon ? 4 : 3), width: 2), minutes <= 59 else { return nil }
        return sign * Int64(hours * 3600 + minutes * 60)
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, width: Int) -> Int? {
        var value = 0
        for index in position..<(position + width) {
            guard let digit = digitValue(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }
}

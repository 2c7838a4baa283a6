import Foundation

/// A wall-clock reading with a UTC offset, validated field by field. Dates are computed with
/// integer arithmetic on the proleptic Gregorian calendar rather than through `Calendar`, which
/// is both slow and locale-sensitive; the offset is subtracted so the result is a UTC instant.
struct CivilTime {
    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0
    var offsetSeconds = 0

    /// The instant, or nil when any field is out of range (31 February, 25 o'clock, a ±24 h offset).
    var date: Date? {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CivilTime.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              abs(offsetSeconds) < 24 * 3600 else { return nil }
        let days = CivilTime.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given date. Counting in 400-year eras (146 097 days each)
    /// starting in March puts the leap day last, so every era has the same shape.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Two-digit years, as written by old RSS generators: 00–69 are 20xx, 70–99 are 19xx.
    static func expandTwoDigitYear(_ year: Int, digits: Int) -> Int {
        guard digits <= 2 else { return year }
        return year < 70 ? 2000 + year : 1900 + year
    }
}

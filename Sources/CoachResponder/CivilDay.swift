import Foundation

/// `YYYY-MM-DD` day arithmetic for the snapshot's days (civil dates: no time zone involved).
enum CivilDay {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    static func date(_ day: String) -> Date? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    static func string(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    static func adding(_ days: Int, to day: String) -> String {
        guard let date = date(day), let moved = calendar.date(byAdding: .day, value: days, to: date) else { return day }
        return string(moved)
    }

    /// Days from `from` to `to`, both counted (`to` on or after `from`).
    static func span(from: String, to: String) -> Int {
        guard let start = date(from), let end = date(to) else { return 1 }
        return (calendar.dateComponents([.day], from: start, to: end).day ?? 0) + 1
    }

    /// 1 = Monday … 7 = Sunday.
    static func isoWeekday(_ day: String) -> Int {
        guard let date = date(day) else { return 1 }
        return (calendar.component(.weekday, from: date) + 5) % 7 + 1
    }

    static func month(_ day: String) -> Int { Int(day.split(separator: "-").dropFirst().first ?? "") ?? 1 }
    static func year(_ day: String) -> Int { Int(day.split(separator: "-").first ?? "") ?? 2000 }

    static func firstOfMonth(year: Int, month: Int) -> String { String(format: "%04d-%02d-01", year, month) }

    static func lastOfMonth(year: Int, month: Int) -> String {
        let next = month == 12 ? firstOfMonth(year: year + 1, month: 1) : firstOfMonth(year: year, month: month + 1)
        return adding(-1, to: next)
    }

    /// Whether some year has a day numbered `date` in `month` (any month when none is named):
    /// 29 February does, 30 February and 31 April do not.
    static func exists(dayOfMonth date: Int, month: Int?) -> Bool {
        // 2000 is a leap year, so each of its months is as long as that month gets.
        let longest = month.map { Int(lastOfMonth(year: 2000, month: $0).suffix(2)) ?? 31 } ?? 31
        return (1...longest).contains(date)
    }

    /// The most recent day numbered `date` on or before `today` (a date that `exists`): in `month` when one is named
    /// (this year's, else last year's), else in this month or the latest month that has it
    /// ("the 31st" in December is 31 October).
    static func latest(dayOfMonth date: Int, month: Int?, onOrBefore today: String) -> String {
        var (candidateYear, candidateMonth) = (year(today), month ?? self.month(today))
        for _ in 0...12 {
            let candidate = String(format: "%04d-%02d-%02d", candidateYear, candidateMonth, date)
            if candidate <= today, candidate <= lastOfMonth(year: candidateYear, month: candidateMonth) { return candidate }
            if month != nil {
                candidateYear -= 1
            } else {
                (candidateYear, candidateMonth) = candidateMonth == 1 ? (candidateYear - 1, 12) : (candidateYear, candidateMonth - 1)
            }
        }
        return today
    }
}

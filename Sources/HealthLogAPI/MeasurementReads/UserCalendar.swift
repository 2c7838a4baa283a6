import APIToolkit
import Foundation
import Synchronization

/// Civil days (`YYYY-MM-DD`) in a user's IANA time zone (`users.timezone`): the days the daily
/// totals, the point-metric grouping, personal records and the daily-stats drain are counted in
/// (contract §12). The one day-boundary implementation of the service; an unknown zone is UTC.
///
/// `day(of:)` runs once per stored row (personal-record detection maps a user's whole history),
/// so it caches both steps Foundation would repeat: the zone's UTC offset per 15-minute slot
/// (every zone's transitions since 1970 fall on quarter hours) and the text of each local day.
struct UserCalendar: Sendable {
    private let calendar: Calendar
    private let cache = DayCache()

    init(timezone: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timezone) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        self.calendar = calendar
    }

    /// The user's day of the instant `seconds` (unix seconds).
    func day(of seconds: Int64) -> String {
        let slot = seconds.floorDivided(by: 900)
        let offset = cache.offset(slot: slot) {
            Int64(calendar.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(slot * 900))))
        }
        return cache.name(localDay: (seconds + offset).floorDivided(by: 86_400)) {
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            return Self.format(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
        }
    }

    /// The instant the user's `day` begins (local midnight, or the first instant after a gap).
    func start(of day: String) -> Int64? {
        guard let parts = Self.parse(day), let date = calendar.date(from: parts) else { return nil }
        return Int64(calendar.startOfDay(for: date).timeIntervalSince1970)
    }

    /// The day after `day`.
    func next(after day: String) -> String? {
        self.day(day, offsetBy: 1)
    }

    /// The day `count` days after `day` (before it when negative).
    func day(_ day: String, offsetBy count: Int) -> String? {
        guard let parts = Self.parse(day), let date = calendar.date(from: parts),
              let shifted = calendar.date(byAdding: .day, value: count, to: date) else { return nil }
        let components = calendar.dateComponents([.year, .month, .day], from: shifted)
        return Self.format(year: components.year ?? 0, month: components.month ?? 0, day: components.day ?? 0)
    }

    /// Whole days from `start` to `end` (negative when `end` comes first); nil unless both are days.
    func days(from start: String, to end: String) -> Int? {
        guard let first = Self.parse(start).flatMap(calendar.date(from:)),
              let last = Self.parse(end).flatMap(calendar.date(from:)) else { return nil }
        return calendar.dateComponents([.day], from: first, to: last).day
    }

    /// Exactly `YYYY-MM-DD` naming a real calendar date, or nil.
    static func parse(_ text: String) -> DateComponents? {
        APIDate.parseDay(text).map { DateComponents(year: $0.year, month: $0.month, day: $0.day) }
    }

    private static func format(year: Int, month: Int, day: Int) -> String {
        func pad(_ value: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// The memo behind `UserCalendar.day(of:)`. A class so copies of one calendar share it, and
/// `Sendable` through its mutex: a calendar may be used from several tasks at once.
private final class DayCache: Sendable {
    private struct Tables {
        var offsets: [Int64: Int64] = [:]
        var names: [Int64: String] = [:]
    }

    private let tables = Mutex(Tables())

    func offset(slot: Int64, compute: () -> Int64) -> Int64 {
        if let known = tables.withLock({ $0.offsets[slot] }) { return known }
        let offset = compute()
        tables.withLock { $0.offsets[slot] = offset }
        return offset
    }

    func name(localDay: Int64, compute: () -> String) -> String {
        if let known = tables.withLock({ $0.names[localDay] }) { return known }
        let name = compute()
        tables.withLock { $0.names[localDay] = name }
        return name
    }
}

extension Int64 {
    /// Division rounding toward negative infinity (instants before 1970 stay on the right day).
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

import Glibc

/// The `Date` response header (RFC 9110 §5.6.7), formatted at most once a second per loop:
/// formatting dates per response would be a measurable cost.
enum HTTPDate {
    /// `Server: <name>\r\nDate: …\r\n`: a loop serves one server, so its name is part of the cached lines.
    static func appendServerAndDateLines(serverName: String, at unixSeconds: Int, cache: inout PerSecondCache, to out: inout ByteStager) {
        cache.append(at: unixSeconds, to: &out) { Array("Server: \(serverName)\r\nDate: \(format($0))\r\n".utf8) }
    }

    static func format(_ unixSeconds: Int) -> String {
        let days = unixSeconds.floorDiv(86_400)
        let secondsOfDay = unixSeconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        let monthName = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
        return "\(weekday), \(two(day)) \(monthName) \(year) \(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60)) GMT"
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDiv(146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

extension Int {
    func floorDiv(_ divisor: Int) -> Int {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}

/// A value derived from the current second, rebuilt only when the second changes.
struct PerSecondCache {
    private var second = -1
    private var cached: [UInt8] = []

    /// Appends the value of `second`, made by `make` when the second changed; read in place.
    mutating func append(at second: Int, to out: inout ByteStager, make: (Int) -> [UInt8]) {
        if second != self.second {
            self.second = second
            cached = make(second)
        }
        out.append(cached)
    }
}

enum RealTime {
    static func now() -> (seconds: Int, nanoseconds: Int) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return (Int(spec.tv_sec), Int(spec.tv_nsec))
    }
}

/// W3C-DTF / RFC 3339 / ISO 8601 dates as feeds write them: `2003-12-31T10:14:55Z`, with or
/// without seconds, fractions or zone (no zone means UTC), a space instead of `T` (MSSQL
/// exports), reduced precision (`2003-12`, `2003`), compact forms (`20031231`, `031231`) and
/// Google's three-digit month (`2003-012-31`). Anything left over makes the whole date invalid.
enum ISODateParser {
    static func parse(_ bytes: [UInt8]) -> CivilTime? {
        var scanner = ByteScanner(bytes)
        scanner.skipSpaces()
        guard var time = parseDate(&scanner) else { return nil }
        let beforeTime = scanner.position
        var hasTime = false
        if scanner.skip(UInt8(ascii: "T")) || scanner.skip(UInt8(ascii: "t")) || scanner.current == 32 {
            scanner.skipSpaces()
            hasTime = parseTime(&scanner, into: &time)
            if !hasTime { scanner.position = beforeTime }
        }
        scanner.skipSpaces()
        // A zone only qualifies a time: `2013-01-27-01` is a malformed date, not one at UTC-1.
        if !scanner.isAtEnd, hasTime {
            guard let offset = parseZone(&scanner) else { return nil }
            time.offsetSeconds = offset
            scanner.skipSpaces()
        }
        return scanner.isAtEnd ? time : nil
    }

    private static func parseDate(_ scanner: inout ByteScanner) -> CivilTime? {
        if scanner.skip(UInt8(ascii: "-")) {
            // `-YYMM` or `-YY-MM`: a two-digit year and a month, day 1.
            guard let year = scanner.fixedDigits(2) else { return nil }
            _ = scanner.skip(UInt8(ascii: "-"))
            guard let month = scanner.fixedDigits(2) else { return nil }
            return CivilTime(year: CivilTime.expandTwoDigitYear(year, digits: 2), month: month, day: 1)
        }
        let start = scanner.position
        let run = scanner.digits(max: 8)
        switch run.count {
        case 8:
            return CivilTime(year: run.value / 10_000, month: run.value / 100 % 100, day: run.value % 100)
        case 6:
            return CivilTime(year: CivilTime.expandTwoDigitYear(run.value / 10_000, digits: 2),
                             month: run.value / 100 % 100, day: run.value % 100)
        case 4, 2:
            let year = CivilTime.expandTwoDigitYear(run.value, digits: run.count)
            return parseMonthAndDay(&scanner, year: year)
        default:
            scanner.position = start
            return nil
        }
    }

    private static func parseMonthAndDay(_ scanner: inout ByteScanner, year: Int) -> CivilTime? {
        guard scanner.skip(UInt8(ascii: "-")) else { return CivilTime(year: year, month: 1, day: 1) }
        let month = scanner.digits(max: 3)
        guard month.count >= 2 else { return nil }
        guard scanner.skip(UInt8(ascii: "-")) else {
            return month.count == 3 ? ordinal(month.value, year: year) : CivilTime(year: year, month: month.value, day: 1)
        }
        guard let day = scanner.fixedDigits(2) else { return nil }
        return CivilTime(year: year, month: month.value, day: day)
    }

    /// `2003-335`: the 335th day of 2003.
    private static func ordinal(_ dayOfYear: Int, year: Int) -> CivilTime? {
        var remaining = dayOfYear
        for month in 1...12 {
            let length = CivilTime.daysIn(month: month, year: year)
            if remaining <= length { return remaining >= 1 ? CivilTime(year: year, month: month, day: remaining) : nil }
            remaining -= length
        }
        return nil
    }

    private static func parseTime(_ scanner: inout ByteScanner, into time: inout CivilTime) -> Bool {
        guard let hour = scanner.fixedDigits(2) else { return false }
        time.hour = hour
        let colons = scanner.skip(UInt8(ascii: ":"))
        guard let minute = scanner.fixedDigits(2) else { return !colons }
        time.minute = minute
        if colons ? scanner.skip(UInt8(ascii: ":")) : scanner.current?.isASCIIDigit == true {
            guard let second = scanner.fixedDigits(2) else { return false }
            time.second = second
            if scanner.skip(UInt8(ascii: ".")) || scanner.skip(UInt8(ascii: ",")) {
                guard scanner.digits(max: 12).count > 0 else { return false }
            }
        }
        return true
    }

    /// `Z`, `±HH:MM`, `±HHMM`, `±HH`, or a zone name such as `GMT`.
    private static func parseZone(_ scanner: inout ByteScanner) -> Int? {
        if let sign = scanner.current, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            scanner.position += 1
            guard let hours = scanner.fixedDigits(2) else { return nil }
            _ = scanner.skip(UInt8(ascii: ":"))
            let minutes = scanner.current?.isASCIIDigit == true ? scanner.fixedDigits(2) : 0
            guard let minutes, hours <= 23, minutes <= 59 else { return nil }
            let seconds = hours * 3600 + minutes * 60
            return sign == UInt8(ascii: "-") ? -seconds : seconds
        }
        let start = scanner.position
        while let byte = scanner.current, byte.isASCIILetter || byte == UInt8(ascii: "/") { scanner.position += 1 }
        guard scanner.position > start else { return nil }
        return TimeZoneNames.offsetSeconds(for: Array(scanner.bytes[start..<scanner.position]))
    }
}

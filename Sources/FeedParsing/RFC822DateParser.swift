/// RFC 822/1123 dates and the many things generators write instead: optional weekday, one-digit
/// days, two-digit years, full month names, a missing time or missing seconds, named or numeric
/// zones (`GMT-01:01` too), month before day (`Thu Aug 30 2012`, asctime), stray commas, and
/// `2006/09/15`. Read as a sequence of tokens so field order can vary; a word the grammar cannot
/// place before the time invalidates the date, one after it is taken as an unknown zone (UTC).
enum RFC822DateParser {
    private enum Token {
        case word(String)
        case number(Int, digits: Int)
        case time(hour: Int, minute: Int, second: Int)
        case offset(Int)
        case slashDate(year: Int, month: Int, day: Int)
    }

    static func parse(_ bytes: [UInt8]) -> CivilTime? {
        guard let tokens = tokenize(bytes) else { return nil }
        var day: Int?, month: Int?, year: (value: Int, digits: Int)?
        var clock: (hour: Int, minute: Int, second: Int)?
        var offset: Int?
        var afterZoneName = false
        for token in tokens {
            switch token {
            case .word(let word):
                afterZoneName = false
                if let value = TimeZoneNames.month(word), month == nil, clock == nil {
                    month = value
                } else if TimeZoneNames.isWeekday(word), clock == nil {
                    continue
                } else if word == "am" || word == "pm", var time = clock {
                    guard (1...12).contains(time.hour) else { return nil }
                    time.hour = time.hour % 12 + (word == "pm" ? 12 : 0)
                    clock = time
                } else if let zone = TimeZoneNames.offsetSeconds(for: Array(word.utf8)) {
                    offset = zone
                    afterZoneName = true
                } else if clock == nil {
                    return nil
                }
            case .number(let value, let digits):
                if digits == 4 || value > 31 || (day != nil && month != nil) {
                    guard year == nil else { return nil }
                    year = (value, digits)
                } else if day == nil {
                    day = value
                } else {
                    return nil
                }
            case .time(let hour, let minute, let second):
                guard clock == nil else { return nil }
                clock = (hour, minute, second)
            case .offset(let seconds):
                offset = afterZoneName ? (offset ?? 0) + seconds : seconds
                afterZoneName = false
            case .slashDate(let y, let m, let d):
                guard year == nil, month == nil, day == nil else { return nil }
                (year, month, day) = ((y, 4), m, d)
            }
        }
        guard let day, let month, let year else { return nil }
        var time = CivilTime(year: CivilTime.expandTwoDigitYear(year.value, digits: year.digits), month: month, day: day)
        if let clock { (time.hour, time.minute, time.second) = clock }
        time.offsetSeconds = offset ?? 0
        return time
    }

    private static func tokenize(_ bytes: [UInt8]) -> [Token]? {
        var scanner = ByteScanner(bytes)
        var tokens: [Token] = []
        while let byte = scanner.current {
            if byte.isASCIISpace || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") {
                scanner.position += 1
            } else if byte.isASCIILetter {
                let start = scanner.position
                while let next = scanner.current, next.isASCIILetter || next == UInt8(ascii: "/") || next == UInt8(ascii: "_") {
                    scanner.position += 1
                }
                tokens.append(.word(String(decoding: bytes[start..<scanner.position].map(\.asciiLowercased), as: UTF8.self)))
            } else if byte.isASCIIDigit {
                guard let token = numberToken(&scanner) else { return nil }
                tokens.append(token)
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                scanner.position += 1
                guard let seconds = offsetSeconds(&scanner) else { return nil }
                tokens.append(.offset(byte == UInt8(ascii: "-") ? -seconds : seconds))
            } else {
                return nil
            }
        }
        return tokens
    }

    /// A number, a `H:M[:S]` time, or a `Y/M/D` date, depending on what follows the digits.
    private static func numberToken(_ scanner: inout ByteScanner) -> Token? {
        let first = scanner.digits()
        if scanner.skip(UInt8(ascii: ":")) {
            let minute = scanner.digits()
            guard first.count <= 2, minute.count == 2 else { return nil }
            var second = 0
            if scanner.skip(UInt8(ascii: ":")) {
                let read = scanner.digits()
                guard read.count == 2 else { return nil }
                second = read.value
                if scanner.current == UInt8(ascii: ".") { scanner.position += 1; _ = scanner.digits() }
            }
            guard scanner.current != UInt8(ascii: ":") else { return nil }
            return .time(hour: first.value, minute: minute.value, second: second)
        }
        if first.count == 4, scanner.skip(UInt8(ascii: "/")) {
            let month = scanner.digits(max: 2)
            guard month.count > 0, scanner.skip(UInt8(ascii: "/")) else { return nil }
            let day = scanner.digits(max: 2)
            guard day.count > 0 else { return nil }
            return .slashDate(year: first.value, month: month.value, day: day.value)
        }
        return .number(first.value, digits: first.count)
    }

    /// `HHMM`, `HH:MM`, `HH` or `H` after a sign.
    private static func offsetSeconds(_ scanner: inout ByteScanner) -> Int? {
        let first = scanner.digits(max: 4)
        var hours = first.value, minutes = 0
        switch first.count {
        case 4: (hours, minutes) = (first.value / 100, first.value % 100)
        case 1, 2:
            if scanner.skip(UInt8(ascii: ":")) {
                guard let read = scanner.fixedDigits(2) else { return nil }
                minutes = read
            }
        default: return nil
        }
        guard hours <= 23, minutes <= 59 else { return nil }
        return hours * 3600 + minutes * 60
    }
}

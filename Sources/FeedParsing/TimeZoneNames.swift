/// Zone, month and weekday names that appear in feed dates. RFC 822 names only the US zones
/// and military letters, but generators also emit European and Asian abbreviations and
/// tz-database forms (`Etc/GMT`); an offset is what every one of them stands for.
enum TimeZoneNames {
    /// Offset east of UTC in seconds, or nil for a word that is not a zone.
    static func offsetSeconds(for name: [UInt8]) -> Int? {
        let key = String(decoding: name.map(\.asciiLowercased), as: UTF8.self)
        if let minutes = namedZoneMinutes[key] { return minutes * 60 }
        if name.count == 1, let letter = name.first?.asciiLowercased { return militaryHours(letter).map { $0 * 3600 } }
        return nil
    }

    /// RFC 822's military zones as it defines them: A–I and K–M west (negative), N–Y east.
    private static func militaryHours(_ letter: UInt8) -> Int? {
        switch letter {
        case UInt8(ascii: "z"): return 0
        case UInt8(ascii: "a")...UInt8(ascii: "i"): return -Int(letter - UInt8(ascii: "a") + 1)
        case UInt8(ascii: "k")...UInt8(ascii: "m"): return -Int(letter - UInt8(ascii: "k") + 10)
        case UInt8(ascii: "n")...UInt8(ascii: "y"): return Int(letter - UInt8(ascii: "n") + 1)
        default: return nil
        }
    }

    private static let namedZoneMinutes: [String: Int] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0, "wet": 0, "etc/gmt": 0, "etc/utc": 0, "etc/uct": 0, "uct": 0,
        "est": -300, "edt": -240, "cst": -360, "cdt": -300, "mst": -420, "mdt": -360, "pst": -480, "pdt": -420,
        "et": -300, "ct": -360, "mt": -420, "pt": -480, "at": -240, "ast": -240, "adt": -180,
        "nst": -210, "ndt": -150, "akst": -540, "akdt": -480, "hst": -600,
        "bst": 60, "cet": 60, "met": 60, "wat": 60, "west": 60, "cest": 120, "mest": 120, "eet": 120, "sast": 120,
        "eest": 180, "msk": 180, "eat": 180, "gst": 240, "pkt": 300, "ict": 420, "wib": 420,
        "hkt": 480, "sgt": 480, "awst": 480, "jst": 540, "kst": 540, "acst": 570,
        "aest": 600, "aedt": 660, "nzst": 720, "nzdt": 780,
    ]

    /// 1–12 for an English month name or its abbreviation (`Jan`, `January`, `Sept`).
    static func month(_ word: String) -> Int? {
        let trimmed = word.hasSuffix(".") ? String(word.dropLast()) : word
        if let index = monthNames.firstIndex(where: { $0 == trimmed || $0.prefix(3) == trimmed }) { return index + 1 }
        return trimmed == "sept" ? 9 : nil
    }

    static func isWeekday(_ word: String) -> Bool {
        let trimmed = word.hasSuffix(".") ? String(word.dropLast()) : word
        return weekdayNames.contains { $0 == trimmed || $0.prefix(3) == trimmed }
            || ["tues", "thur", "thurs"].contains(trimmed)
    }

    private static let monthNames = ["january", "february", "march", "april", "may", "june", "july",
                                     "august", "september", "october", "november", "december"]
    private static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
}

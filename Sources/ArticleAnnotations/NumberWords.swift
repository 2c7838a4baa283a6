/// Numbers written as words, one to ninety-nine: "fourteen", "twenty", "twenty-three". Outlets
/// write a death toll "Twenty-three" at the start of a sentence and "23" inside one; both are the
/// same figure for conflict, consensus and summaries.
package enum NumberWords {
    private static let units: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    ]
    private static let below20: [String: Int] = units.merging([
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]) { first, _ in first }
    private static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]

    /// The value of a lower-case word ("twenty-three" → 23), nil when it is no number word.
    package static func value(_ lowered: String) -> Int? {
        if let value = below20[lowered] ?? tens[lowered] { return value }
        let parts = lowered.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let ten = tens[String(parts[0])], let unit = units[String(parts[1])] else { return nil }
        return ten + unit
    }
}

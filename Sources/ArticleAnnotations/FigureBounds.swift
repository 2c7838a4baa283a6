import Foundation
import NewsText

/// What a written figure actually claims: an interval, not a point. "12" claims 11.5–12.5, "1.9
/// million" 1.85–1.95 million, "about 1.9 million" 1.8–2.0 million, "at least 14" 13.5 or more.
/// Two outlets contradict each other only when their intervals are disjoint, so a rounded
/// figure, an estimate or a lower bound never clashes with a precise figure inside it.
package enum FigureBounds {
    enum Hedge: Equatable {
        case exact, approximately, atLeast, atMost
    }

    /// How the words just before a number qualify it, with those words ("about", "at least") for
    /// display; nil when the number is not a claim about the current value at all: a previous
    /// value ("up from 12", "from 10.50%"), a change ("up 3%") or one end of a range ("between
    /// 12.5% and 31.6%").
    static func hedge(before index: Int, in words: [FactWords.Word]) -> (hedge: Hedge, text: String)? {
        let previous = (1 ... 3).map { index - $0 >= 0 && !words[index - $0].endsClause ? words[index - $0].lowered : "" }
        if previous.contains("between") || ["from", "up", "down"].contains(previous[0]) { return nil }
        switch (previous[1], previous[0]) {
        case ("at", "least"), ("more", "than"), ("greater", "than"), ("higher", "than"):
            return (.atLeast, "\(previous[1]) \(previous[0])")
        case ("at", "most"), ("fewer", "than"), ("less", "than"), ("lower", "than"), ("up", "to"), ("as", "many"),
             ("as", "much"):
            return (.atMost, "\(previous[1]) \(previous[0])")
        case (_, "than"):
            return nil
        default:
            break
        }
        if ["over", "above", "exceeding"].contains(previous[0]) { return (.atLeast, previous[0]) }
        if ["under", "below"].contains(previous[0]) { return (.atMost, previous[0]) }
        if approximations.contains(previous[0]) { return (.approximately, previous[0]) }
        return (.exact, "")
    }

    /// "some 2.4 million", "an estimated 2,000", "nearly 15": an estimate around the figure.
    private static let approximations: Set<String> = WordClass.approximation.forms

    /// The interval `value` claims, given how it was written (`digits`: "1.9" for "1.9 million"
    /// = 1,900,000, "42m", "2,000", "nine") and its hedge; nil when no finite interval can be
    /// built (`FactWords` keeps figures small enough, but a range with a NaN or reversed bound
    /// would stop the process).
    static func bounds(value: Double, digits: String, hedge: Hedge) -> ClosedRange<Double>? {
        let plain = String(digits.filter { $0.isNumber || $0 == "." })
        let writtenValue = Double(plain) ?? 0
        let unit = precisionUnit(plain) * (writtenValue > 0 ? abs(value) / writtenValue : 1)
        let lower: Double, upper: Double
        switch hedge {
        case .exact:
            (lower, upper) = (value - unit / 2, value + unit / 2)
        case .approximately:
            let spread = max(unit, 0.05 * abs(value))
            (lower, upper) = (value - spread, value + spread)
        case .atLeast:
            (lower, upper) = (value - unit / 2, Double.greatestFiniteMagnitude)
        case .atMost:
            (lower, upper) = (min(0, value), value + unit / 2)
        }
        guard lower.isFinite, upper.isFinite, lower <= upper else { return nil }
        return lower ... upper
    }

    /// The place value of the last significant digit written: 0.1 for "1.9", 0.01 for "10.50",
    /// 1 for "12", 1,000 for "2,000" (a round number is rounded).
    private static func precisionUnit(_ plain: String) -> Double {
        if let dot = plain.firstIndex(of: ".") {
            return pow(10, -Double(plain.distance(from: dot, to: plain.endIndex) - 1))
        }
        guard plain.contains(where: { $0 != "0" }) else { return 1 }
        return pow(10, Double(plain.reversed().prefix { $0 == "0" }.count))
    }
}

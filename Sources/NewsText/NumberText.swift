/// Written numbers in one spelling, shared by entity keys (`NamedEntities`) and summary figures.
public enum NumberText {
    /// "57.0" and "57" are one figure, as are "4.50" and "4.5"; a number without a decimal point is kept.
    public static func withoutTrailingZeros(_ digits: String) -> String {
        guard digits.contains(".") else { return digits }
        var trimmed = Substring(digits)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        return String(trimmed.hasSuffix(".") ? trimmed.dropLast() : trimmed)
    }
}

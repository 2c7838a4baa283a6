/// Text written in capitals to shout, not to spell an acronym: the headline casing and the
/// headline labels read shouting with this one test.
public enum Shouting {
    /// Fewer letters in capitals than this are read as an acronym ("IMF", "UK"), not as shouting.
    public static let minimumLetters = 8

    /// At least `minimumLetters` letters and nearly all of them capitals.
    public static func isAllCaps(_ text: some StringProtocol) -> Bool {
        if let counts = text.withASCIIBytes({ bytes in
            (letters: bytes.count { $0.isASCIILetter }, capitals: bytes.count { $0.isASCIICapital })
        }) {
            return counts.letters >= minimumLetters && counts.capitals * 10 >= counts.letters * 9
        }
        let letters = text.filter(\.isLetter)
        guard letters.count >= minimumLetters else { return false }
        return letters.filter(\.isUppercase).count * 10 >= letters.count * 9
    }
}

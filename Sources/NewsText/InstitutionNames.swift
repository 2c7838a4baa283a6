/// Names that many countries' institutions share: a Senate votes in Washington, Brasília and
/// Abuja on the same day. After a possessive they belong to it ("Brazil's Senate", "Kenya's
/// High Court"): the pair names one body, where the institution alone would name any.
public enum InstitutionNames {
    /// Whether `key` (a `NamedEntity.key`) is an institution every country has ("senate", "supreme court").
    public static func isGeneric(_ key: String) -> Bool { generic.contains(key) }

    static let generic: Set<String> = WordClass.genericInstitution.forms
    private static let longestName = 4

    /// Whether the capitalised words from `index` on (connectors such as "of" included) spell a
    /// generic institution, as a whole run: "Senate" and "House of Lords" do, "Senate Leader" not.
    static func startsGeneric(at index: Int, in words: [ScannedWord]) -> Bool {
        var parts: [String] = []
        for word in words[index...].prefix(longestName) {
            guard parts.isEmpty || !word.punctuationBefore,
                  word.isCapitalized || NameRun.connectors.contains(word.text) else { break }
            parts.append(word.withoutPossessive)
        }
        while let last = parts.last, NameRun.connectors.contains(last) { parts.removeLast() }
        return generic.contains(NamedEntities.normalizedKey(parts.joined(separator: " ")))
    }
}

/// The six languages the Coach answers in (contract §7). A request names one; everything the
/// user reads comes from that locale's files, while JSON enums stay lowercase English (rule 11).
public enum CoachLocale: String, CaseIterable, Sendable, Codable {
    case en, de, fr, es, it, pl

    /// The locale of a tag such as `de-AT`, `pl_PL` or `FR`; nil for a language we do not serve.
    public init?(tag: String) {
        let language = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        self.init(rawValue: language)
    }
}

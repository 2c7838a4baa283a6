/// The first words of some terms, for testing a word with a set lookup or two: whole words, and
/// stems and endings filed under their first and last two letters; parts of compounds are few.
struct TermHeads: Sendable {
    private var words: Set<String> = []
    private var stems: [String: [String]] = [:], endings: [String: [String]] = [:]
    private var parts: [String] = []

    init(_ terms: [GateTerm]) {
        for term in terms {
            switch term.words[0] {
            case .word(let word): words.insert(word)
            case .prefix(let stem): stems[String(stem.prefix(2)), default: []].append(stem)
            case .suffix(let ending): endings[String(ending.suffix(2)), default: []].append(ending)
            case .infix(let part): parts.append(part)
            case .gap: break
            }
        }
    }

    /// True when `token` is the first word of one of the terms.
    func starts(_ token: String) -> Bool {
        if words.contains(token) { return true }
        if let candidates = stems[String(token.prefix(2))], candidates.contains(where: token.hasPrefix) { return true }
        if let candidates = endings[String(token.suffix(2))], candidates.contains(where: { token.count > $0.count && token.hasSuffix($0) }) {
            return true
        }
        return parts.contains { token.count > $0.count && token.contains($0) }
    }
}

/// What a sentence says a legislature did with a bill or a vote: passed it ("the Senate approved",
/// "MPs backed", "voted in favour") or not ("the vote was postponed", "senators rejected", "put
/// off"). A summary must not tell both of one legislature (`StatedFacts`).
enum VoteOutcome {
    /// The legislature the sentence names (its first word of `bodies`) and whether the vote passed;
    /// nil when it names none, or no outcome, or both kinds.
    static func outcome(in words: [FactWords.Word]) -> (body: String, passed: Bool)? {
        let lowered = words.map(\.lowered)
        guard let body = lowered.first(where: bodies.contains) else { return nil }
        var passes = lowered.contains(where: passing.contains)
        if let voted = lowered.firstIndex(of: "voted"), voted + 2 < lowered.count, lowered[voted + 1] == "in",
           ["favour", "favor"].contains(lowered[voted + 2]) {
            passes = true
        }
        let stalls = lowered.contains(where: stalling.contains)
            || zip(lowered, lowered.dropFirst()).contains { ["put", "puts"].contains($0) && $1 == "off" }
            || zip(lowered, lowered.dropFirst()).contains { $0 == "voted" && $1 == "down" }
        guard passes != stalls else { return nil }
        return (body: bodyKey(body), passed: passes)
    }

    private static let bodies: Set<String> = [
        "senate", "senators", "parliament", "parliament's", "house", "congress", "assembly", "lawmakers", "legislators",
        "mps", "deputies", "chamber", "legislature", "sejm", "bundestag", "knesset", "duma", "council",
    ]

    /// Members and their house are one body: "senators" voted in "the Senate".
    private static func bodyKey(_ word: String) -> String {
        switch word {
        case "senators": return "senate"
        case "mps", "parliament's": return "parliament"
        case "lawmakers", "legislators": return "legislature"
        default: return word
        }
    }

    private static let passing: Set<String> = [
        "approved", "approves", "approve", "passed", "passes", "backed", "backs", "adopted", "adopts", "ratified",
        "ratifies", "endorsed", "endorses",
    ]

    private static let stalling: Set<String> = [
        "postponed", "postpones", "delayed", "delays", "deferred", "defers", "rejected", "rejects", "defeated", "blocked",
        "blocks", "shelved", "shelves", "stalled", "adjourned",
    ]
}

/// ROUGE F1 scores, implemented here so the figures do not depend on an outside package.
///
/// Tokenisation: lowercased; a token is a maximal run of letters or digits (everything else
/// separates, so "U.S." is "u" "s" and "27.25%" is "27" "25"). No stemming and no stop-word
/// removal, as in the original ROUGE's default. ROUGE-N counts clipped n-gram overlaps;
/// ROUGE-L uses the longest common subsequence of the whole token sequences (not the
/// sentence-level union LCS of ROUGE-Lsum). F1 is the harmonic mean of precision and recall.
enum Rouge {
    struct Scores {
        var rouge1: Double
        var rouge2: Double
        var rougeL: Double
    }

    static func scores(candidate: String, reference: String) -> Scores {
        let candidateTokens = tokens(candidate)
        let referenceTokens = tokens(reference)
        return Scores(rouge1: ngramF1(candidateTokens, referenceTokens, n: 1),
                      rouge2: ngramF1(candidateTokens, referenceTokens, n: 2),
                      rougeL: lcsF1(candidateTokens, referenceTokens))
    }

    static func tokens(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    static func ngramF1(_ candidate: [String], _ reference: [String], n: Int) -> Double {
        let candidateCounts = ngrams(candidate, n: n)
        let referenceCounts = ngrams(reference, n: n)
        let overlap = candidateCounts.reduce(0) { sum, entry in sum + min(entry.value, referenceCounts[entry.key] ?? 0) }
        return f1(overlap: overlap, candidateTotal: max(candidate.count - n + 1, 0), referenceTotal: max(reference.count - n + 1, 0))
    }

    static func lcsF1(_ candidate: [String], _ reference: [String]) -> Double {
        f1(overlap: lcsLength(candidate, reference), candidateTotal: candidate.count, referenceTotal: reference.count)
    }

    /// Dynamic programming over two rows: O(m·n) time, O(n) memory.
    static func lcsLength(_ first: [String], _ second: [String]) -> Int {
        guard !first.isEmpty, !second.isEmpty else { return 0 }
        var previous = [Int](repeating: 0, count: second.count + 1)
        var current = previous
        for token in first {
            for (index, other) in second.enumerated() {
                current[index + 1] = token == other ? previous[index] + 1 : max(previous[index + 1], current[index])
            }
            swap(&previous, &current)
        }
        return previous[second.count]
    }

    private static func ngrams(_ tokens: [String], n: Int) -> [[String]: Int] {
        guard tokens.count >= n else { return [:] }
        var counts: [[String]: Int] = [:]
        for start in 0 ... (tokens.count - n) { counts[Array(tokens[start ..< start + n]), default: 0] += 1 }
        return counts
    }

    private static func f1(overlap: Int, candidateTotal: Int, referenceTotal: Int) -> Double {
        guard overlap > 0, candidateTotal > 0, referenceTotal > 0 else { return 0 }
        let precision = Double(overlap) / Double(candidateTotal)
        let recall = Double(overlap) / Double(referenceTotal)
        return 2 * precision * recall / (precision + recall)
    }
}

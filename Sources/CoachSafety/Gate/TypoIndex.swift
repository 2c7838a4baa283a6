/// Finds the vocabulary word a misspelt token stands for: within each word's own Damerau-Levenshtein
/// (optimal string alignment) distance (`TermClass.typoDistance`), same first letter, tokens of five
/// letters or more. Candidates come from a symmetric-deletion index (the word and
/// every form of it with one or two letters deleted, hashed), so a lookup costs a few dozen hash
/// probes, not a comparison with every word.
struct TypoIndex: Sendable {
    private let words: [[UInt8]]
    private let allowed: [Int]
    private let buckets: [UInt64: [Int32]]

    static let shortestWord = 5

    /// `distances`: each word and the distance a typo of it may have (1 or 2).
    init(distances: [String: Int]) {
        var words: [[UInt8]] = [], allowed: [Int] = []
        var buckets: [UInt64: [Int32]] = [:]
        for (word, distance) in distances.sorted(by: { $0.key < $1.key }) where word.utf8.count >= Self.shortestWord {
            let bytes = Array(word.utf8)
            let id = Int32(words.count)
            words.append(bytes)
            allowed.append(distance)
            for hash in Self.deletionHashes(of: bytes, upTo: distance) { buckets[hash, default: []].append(id) }
        }
        self.words = words
        self.allowed = allowed
        self.buckets = buckets
    }

    /// The closest word within its allowed distance, or nil; on a tie, the first in alphabetical
    /// order (the hashes are a `Set`, whose order changes from one process to the next, so "the
    /// first found" would make a verdict differ between runs).
    func correction(for token: String) -> String? {
        let bytes = Array(token.utf8)
        guard bytes.count >= Self.shortestWord else { return nil }
        var best: (id: Int32, distance: Int)?
        for hash in Self.deletionHashes(of: bytes, upTo: 2) {
            for id in buckets[hash] ?? [] where id != best?.id {
                let word = words[Int(id)]
                guard word[0] == bytes[0] else { continue }
                let allowed = allowed[Int(id)]
                guard abs(word.count - bytes.count) <= allowed else { continue }
                let distance = Self.distance(bytes, word, bound: allowed)
                if distance <= allowed, (distance, id) < (best?.distance ?? Int.max, best?.id ?? Int32.max) { best = (id, distance) }
            }
        }
        return best.map { String(decoding: words[Int($0.id)], as: UTF8.self) }
    }

    // MARK: Hashes of the word with up to two letters deleted

    private static let base: UInt64 = 1_099_511_628_211

    /// The polynomial hash of `bytes` and of each form with one (and, for `upTo: 2`, two) bytes
    /// deleted, each in O(1) from prefix hashes.
    static func deletionHashes(of bytes: [UInt8], upTo deletions: Int) -> Set<UInt64> {
        let count = bytes.count
        var prefix = [UInt64](repeating: 0, count: count + 1)
        var power = [UInt64](repeating: 1, count: count + 1)
        for index in 0..<count {
            prefix[index + 1] = prefix[index] &* base &+ UInt64(bytes[index])
            power[index + 1] = power[index] &* base
        }
        func span(_ from: Int, _ to: Int) -> UInt64 { prefix[to] &- prefix[from] &* power[to - from] }
        func finish(_ hash: UInt64, length: Int) -> UInt64 { hash ^ (UInt64(length) &* 0x9E37_79B9_7F4A_7C15) }

        var hashes: Set<UInt64> = [finish(prefix[count], length: count)]
        guard deletions >= 1 else { return hashes }
        for first in 0..<count {
            hashes.insert(finish(span(0, first) &* power[count - 1 - first] &+ span(first + 1, count), length: count - 1))
            guard deletions >= 2 else { continue }
            for second in (first + 1)..<count {
                let hash = span(0, first) &* power[count - 2 - first]
                    &+ span(first + 1, second) &* power[count - 1 - second]
                    &+ span(second + 1, count)
                hashes.insert(finish(hash, length: count - 2))
            }
        }
        return hashes
    }

    /// Optimal string alignment distance; stops early once every entry of a row exceeds `bound`.
    static func distance(_ a: [UInt8], _ b: [UInt8], bound: Int) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, twoBack[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > bound { return rowMinimum }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}

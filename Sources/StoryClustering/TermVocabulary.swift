import Foundation

/// Term ids and document frequencies learned online from the articles seen so far.
/// Ids keep per-story vectors small and fast to compare; a term is either a word or an entity
/// (entities live in their own namespace: the word "us" and the acronym "US" differ).
struct TermVocabulary {
    private var ids: [String: Int32] = [:]
    private var frequencies: [Float] = []
    private var entityFlags: [Bool] = []
    private var freeIDs: [Int32] = []
    private var documentCount: Float = 0
    let horizon: Int

    init(horizon: Int) {
        self.horizon = max(horizon, 2)
    }

    /// Starts from `background`'s counts, scaled by `weight`, instead of from nothing. A weight
    /// below 1 lets the news actually read soon outweigh the background (a term frequent in
    /// today's feeds, such as a city in the news, stops looking rare).
    init(horizon: Int, background: TermStatistics, weight: Float) {
        self.init(horizon: horizon)
        documentCount = Float(background.documentCount) * weight
        for term in background.terms {
            frequencies[Int(id(for: term.text, isEntity: term.isEntity))] = Float(term.documents) * weight
        }
    }

    /// The current counts of terms seen in at least `minimumDocuments` documents, most frequent first.
    func statistics(minimumDocuments: Int) -> TermStatistics {
        let terms = ids.compactMap { key, id -> TermStatistics.Term? in
            let count = Int(frequencies[Int(id)].rounded())
            guard count >= minimumDocuments else { return nil }
            let isEntity = entityFlags[Int(id)]
            return TermStatistics.Term(text: isEntity ? String(key.dropFirst()) : key, isEntity: isEntity, documents: count)
        }
        return TermStatistics(documentCount: Int(documentCount),
                              // A word and an entity may share a spelling and a count ("mp"): the kind
                              // breaks that tie, so the shipped file is the same bytes on every run.
                              terms: terms.sorted {
                                  ($0.documents, $1.text, $1.isEntity ? 1 : 0) > ($1.documents, $0.text, $0.isEntity ? 1 : 0)
                              })
    }

    mutating func id(for term: String, isEntity: Bool) -> Int32 {
        let key = isEntity ? "\u{1}" + term : term
        if let id = ids[key] { return id }
        let id: Int32
        if let reused = freeIDs.popLast() {
            id = reused
            frequencies[Int(id)] = 0
            entityFlags[Int(id)] = isEntity
        } else {
            id = Int32(frequencies.count)
            frequencies.append(0)
            entityFlags.append(isEntity)
        }
        ids[key] = id
        return id
    }

    func isEntity(_ id: Int32) -> Bool { entityFlags[Int(id)] }

    /// Smoothed inverse document frequency: rare terms weigh more; a term in every document ~0.
    func idf(_ id: Int32) -> Float {
        log((documentCount + 1) / (frequencies[Int(id)] + 0.5))
    }

    /// Whether a term's IDF is at least `rareShare` of the highest an IDF can be now: a name's own
    /// word ("velmont", "asuncion"), not one every name of its kind has ("bank", "national").
    /// Relative, so it holds as well on a fresh server's few documents as after 50,000.
    func isRare(_ id: Int32) -> Bool {
        idf(id) >= Self.rareShare * log((documentCount + 1) / 0.5)
    }

    static let rareShare: Float = 0.6

    /// `isRare` of a word (not an entity) by its text; a word never counted is rare.
    func isRare(word: String) -> Bool {
        guard let id = ids[word] else { return true }
        return isRare(id)
    }

    /// Counts one document containing `distinctTerms`.
    mutating func observe(distinctTerms: some Sequence<Int32>) {
        documentCount += 1
        for id in distinctTerms { frequencies[Int(id)] += 1 }
    }

    /// Once `horizon` documents have been counted, halves every count (IDF ratios stay, old news
    /// fades) and recycles the ids of terms left below one document, unless a live story still
    /// uses them (`isReferenced`). Amortised O(1) per document.
    mutating func forgetOldCountsIfDue(isReferenced: (Int32) -> Bool) {
        guard documentCount >= Float(horizon) else { return }
        documentCount /= 2
        var freed: [Int32] = []
        for (key, id) in ids {
            let index = Int(id)
            frequencies[index] /= 2
            if frequencies[index] < 1, !isReferenced(id) {
                ids[key] = nil
                freed.append(id)
            }
        }
        // Reused smallest first, not in the dictionary's order: ids order sums and break ties, so
        // which term gets which id must not depend on the per-process hash seed.
        freeIDs += freed.sorted(by: >)
    }
}

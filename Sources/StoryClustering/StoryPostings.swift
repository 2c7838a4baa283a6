/// The inverted index: for each term, the live stories whose centroid holds it. Lists only hold
/// stories inside the eviction horizon, so their length tracks the news rate, not the archive.
struct StoryPostings {
    private var lists: [Int32: [Int]] = [:]

    func stories(with term: Int32) -> [Int] { lists[term] ?? [] }

    func contains(term: Int32) -> Bool { lists[term] != nil }

    mutating func insert(story serial: Int, terms: [Int32]) {
        for term in terms { lists[term, default: []].append(serial) }
    }

    mutating func remove(story serial: Int, terms: some Sequence<Int32>) {
        for term in terms {
            guard let list = lists[term], let index = list.firstIndex(of: serial) else { continue }
            let last = list.count - 1
            if last == 0 {
                lists[term] = nil
            } else {
                // Mutated in place through the subscript so the list is not copied.
                lists[term]?.swapAt(index, last)
                lists[term]?.removeLast()
            }
        }
    }
}

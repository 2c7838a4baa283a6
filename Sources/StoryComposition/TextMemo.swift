import Synchronization

/// Remembers what a pure function of a text returned, for texts seen recently.
///
/// A story is recomposed each time an article joins it, and every recomposition used to split
/// every article into sentences and read every sentence for names and figures again: the same
/// texts, the same answers. Bounded by two generations: when the newer holds `capacity` texts,
/// the older is dropped, so memory stays flat while a developing story's texts stay remembered.
final class TextMemo<Value: Sendable>: Sendable {
    private struct Generations {
        var newer: [String: Value] = [:]
        var older: [String: Value] = [:]
    }

    private let capacity: Int
    private let generations = Mutex(Generations())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// `compute(text)`, from memory when the text was seen recently. `compute` runs outside the
    /// lock: two callers may both compute a new text, and both get the same answer.
    func value(for text: String, _ compute: (String) -> Value) -> Value {
        let remembered: Value? = generations.withLock { state in
            if let value = state.newer[text] { return value }
            guard let value = state.older[text] else { return nil }
            state.newer[text] = value
            return value
        }
        if let remembered { return remembered }
        let value = compute(text)
        generations.withLock { state in
            if state.newer.count >= capacity {
                state.older = state.newer
                state.newer = [:]
            }
            state.newer[text] = value
        }
        return value
    }
}

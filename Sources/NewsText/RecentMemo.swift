import Synchronization

/// Remembers what a pure function of a value returned, for values seen recently.
///
/// A story is recomposed and reclassified each time an article joins it, and every time used to
/// split every article into sentences, read every sentence for names and figures, and read every
/// article for places and subject again: the same texts, the same answers. Bounded by two
/// generations: when the newer holds `capacity` keys, the older is dropped, so memory stays flat
/// while a developing story's texts stay remembered.
public final class RecentMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Generations {
        var newer: [Key: Value] = [:]
        var older: [Key: Value] = [:]
    }

    private let capacity: Int
    private let generations = Mutex(Generations())

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// Makes `key` recent when it is remembered, as reading its value would; false when it is not remembered.
    /// Making a key recent never drops another: only computing a new one does.
    public func refresh(_ key: Key) -> Bool {
        generations.withLock { state in
            if state.newer[key] != nil { return true }
            guard let value = state.older[key] else { return false }
            state.newer[key] = value
            return true
        }
    }

    /// `compute(key)`, from memory when the key was seen recently. `compute` runs outside the
    /// lock: two callers may both compute a new key, and both get the same answer.
    public func value(for key: Key, _ compute: (Key) -> Value) -> Value {
        let remembered: Value? = generations.withLock { state in
            if let value = state.newer[key] { return value }
            guard let value = state.older[key] else { return nil }
            state.newer[key] = value
            return value
        }
        if let remembered { return remembered }
        let value = compute(key)
        generations.withLock { state in
            if state.newer.count >= capacity {
                state.older = state.newer
                state.newer = [:]
            }
            state.newer[key] = value
        }
        return value
    }
}

/// A memo of a function of one text (a body, a sentence).
public typealias TextMemo<Value: Sendable> = RecentMemo<String, Value>

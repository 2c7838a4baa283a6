import Dispatch
import Foundation
import Synchronization

/// Work spread over a few threads whose results come back in input order, so what a caller builds
/// from them is the same however the threads were scheduled.
public enum ParallelMap {
    /// The threads a parallel step uses unless its caller says otherwise: one per processor this
    /// process may run on. The sentence encoder's batches (`TopicClassifier.prepare`) and the story
    /// engine's compositions (`StoryEngine.Configuration.threads`) both default to it.
    public static let defaultThreads = max(1, ProcessInfo.processInfo.activeProcessorCount)
}

extension Array where Element: Sendable {
    /// `transform` of each element, in order, computed on up to `threads` threads (the caller's among
    /// them). Each worker takes the next element not yet taken, so one slow element does not hold up
    /// the others; `transform` must not depend on which thread runs it or in what order.
    public func parallelMap<Result: Sendable>(threads: Int, _ transform: @Sendable (Element) -> Result) -> [Result] {
        let workers = Swift.min(Swift.max(threads, 1), count)
        guard workers > 1 else { return map(transform) }
        let results = ResultSlots<Result>(count: count)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                results.set(index, transform(self[index]))
            }
        }
        return results.values
    }
}

/// One slot per element of a `parallelMap`, each written by exactly one worker and read after all have finished.
private final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Value) { slots[index] = value }

    var values: [Value] { slots.map { $0! } }
}

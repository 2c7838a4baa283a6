/// Received bytes not yet parsed. Consuming moves an index; storage is reclaimed when empty
/// or when the consumed prefix dominates, so pipelined input never costs O(n²).
struct ByteQueue {
    private var storage: [UInt8] = []
    private var start = 0

    var count: Int { storage.count - start }
    var isEmpty: Bool { count == 0 }

    /// Nothing left unparsed is the common case: appending no bytes would still cost a call
    /// (and a new empty buffer when the storage is the shared empty one).
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if !bytes.isEmpty { storage.append(contentsOf: bytes) }
    }

    mutating func consume(_ n: Int) {
        start += n
        if start == storage.count {
            storage.removeAll(keepingCapacity: storage.capacity <= 64 * 1024)
            start = 0
        } else if start > 32 * 1024 && start * 2 > storage.count {
            storage.removeFirst(start)
            start = 0
        }
    }

    func withUnread<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }

    mutating func takeAll() -> [UInt8] {
        let rest = Array(storage[start...])
        storage = []
        start = 0
        return rest
    }
}

/// A weak reference that crosses threads only to be dereferenced back on the owning loop's
/// thread (inside `EventLoop.execute`), which is what makes the unchecked Sendable sound.
struct LoopBound<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

/// A strong reference for a request's task, which touches the object only on the owning loop's
/// thread (at once, or inside `EventLoop.execute`): that is what makes the unchecked Sendable sound.
/// Strong, not weak like `LoopBound`: the task ends soon after the connection closes (it is
/// cancelled then), and a weak reference costs side-table traffic on every request.
struct LoopOwned<Object: AnyObject>: @unchecked Sendable {
    let object: Object
    init(_ object: Object) { self.object = object }
}

/// Finds obsolete line folding (a header line that starts with a space or tab, RFC 9112 §5.2).
/// http-parser accepts it as a continuation, but a proxy in front may split it differently, so
/// the server rejects it rather than guess. Keeps one byte of state across partial reads.
struct ObsFoldScanner {
    private var previousWasLineFeed = false
    private var seenRequestLine = false

    /// Returns true when `bytes` (the next part of a request head) contains a folded line.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes {
            if previousWasLineFeed && seenRequestLine && (byte == 0x20 || byte == 0x09) { return true }
            if byte == 0x0A { seenRequestLine = true }
            previousWasLineFeed = byte == 0x0A
        }
        return false
    }
}

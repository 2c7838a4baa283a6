/// Checks the line structure of a request head, which http-parser (built non-strict on Debian)
/// tolerates: obsolete line folding (a line starting with a space or tab, RFC 9112 §5.2) and a
/// bare CR not followed by LF (§2.2). A proxy in front may split such heads differently from
/// us, so both are refused. Keeps its state across partial reads.
struct HeadLineScanner {
    enum Problem { case obsoleteFolding, bareCarriageReturn }

    private var previous: UInt8 = 0
    private var seenRequestLine = false

    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Problem? {
        for byte in bytes {
            if previous == 0x0D && byte != 0x0A { return .bareCarriageReturn }
            if previous == 0x0A && seenRequestLine && (byte == 0x20 || byte == 0x09) { return .obsoleteFolding }
            if byte == 0x0A { seenRequestLine = true }
            previous = byte
        }
        return nil
    }
}

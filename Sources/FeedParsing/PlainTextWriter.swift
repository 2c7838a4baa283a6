/// Accumulates UTF-8 text with whitespace normalised as it arrives: runs of spaces collapse to
/// one, lines are trimmed, block boundaries become one line break (or a blank line for a
/// paragraph, never more), and the result is trimmed. Working on byte runs rather than
/// characters keeps the cost to a scan and a copy per text node.
struct PlainTextWriter {
    private(set) var bytes: [UInt8] = []
    private var pendingSpace = false
    private var pendingBreaks = 0
    /// Titles and other one-line fields turn block boundaries into spaces.
    let singleLine: Bool

    init(singleLine: Bool = false, capacity: Int = 0) {
        self.singleLine = singleLine
        bytes.reserveCapacity(capacity)
    }

    /// Appends text; ASCII whitespace and U+00A0 (no-break space) count as collapsible space.
    /// The output grows by at most the input plus a pending line break, so room for that is made
    /// once and filled through a pointer, instead of appending (and re-checking) byte by byte.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard !text.isEmpty else { return }
        var written = bytes.count
        var space = pendingSpace
        var breaks = pendingBreaks
        bytes.append(contentsOf: repeatElement(0, count: text.count + 2))
        bytes.withUnsafeMutableBufferPointer { output in
            var index = 0
            while index < text.count {
                let byte = text[index]
                if byte.isASCIISpace || (byte == 0xC2 && index + 1 < text.count && text[index + 1] == 0xA0) {
                    space = true
                    index += byte == 0xC2 ? 2 : 1
                    continue
                }
                if written > 0 {
                    if breaks > 0 {
                        output[written] = 10
                        written += 1
                        if breaks > 1 {
                            output[written] = 10
                            written += 1
                        }
                    } else if space {
                        output[written] = 32
                        written += 1
                    }
                }
                breaks = 0
                space = false
                output[written] = byte
                written += 1
                index += 1
            }
        }
        bytes.removeLast(bytes.count - written)
        pendingSpace = space
        pendingBreaks = breaks
    }

    mutating func append(_ text: [UInt8]) {
        text.withUnsafeBufferPointer { append($0) }
    }

    /// Marks a block boundary: 1 for a line break, 2 for a paragraph (one blank line).
    mutating func breakLine(_ count: Int) {
        guard !bytes.isEmpty else { return }
        if singleLine {
            pendingSpace = true
        } else {
            pendingBreaks = max(pendingBreaks, count)
            pendingSpace = false
        }
    }

    /// The text, with Windows-1252 characters restored where the C1 range was decoded.
    var string: String { TextRepair.string(fromUTF8: bytes) }
}

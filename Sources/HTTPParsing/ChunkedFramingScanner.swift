/// Re-checks chunked body framing byte by byte (RFC 9112 §7.1), because the non-strict
/// http-parser build accepts shapes a proxy would frame differently: any two bytes after
/// chunk data instead of CRLF, a bare LF inside a chunk extension. Disagreeing with a proxy
/// about where a body ends is how requests get smuggled, so anything but the strict grammar
/// is refused.
struct ChunkedFramingScanner {
    private enum State: Equatable {
        case size(digits: Int), extensionText, sizeLF, data(remaining: UInt64), dataCR, dataLF
        case trailerLineStart, trailerLine, trailerLF, finalLF, done
    }

    private var state = State.size(digits: 0)
    private var size: UInt64 = 0

    var isComplete: Bool { state == .done }

    /// Returns false at the first byte that breaks the grammar.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch state {
            case .size(let digits):
                if let value = Self.hexValue(byte) {
                    guard digits < 15 else { return false }  // more than 2^60 bytes: refuse, never overflow
                    size = size << 4 | UInt64(value)
                    state = .size(digits: digits + 1)
                } else if digits > 0 && (byte == UInt8(ascii: ";") || byte == 0x20 || byte == 0x09) {
                    state = .extensionText
                } else if digits > 0 && byte == 0x0D {
                    state = .sizeLF
                } else {
                    return false
                }
            case .extensionText:
                if byte == 0x0D { state = .sizeLF } else if !Self.isFieldText(byte) { return false }
            case .sizeLF:
                guard byte == 0x0A else { return false }
                state = size == 0 ? .trailerLineStart : .data(remaining: size)
                size = 0
            case .data(let remaining):
                let take = min(UInt64(bytes.count - index), remaining)
                index += Int(take)
                state = remaining == take ? .dataCR : .data(remaining: remaining - take)
                continue
            case .dataCR:
                guard byte == 0x0D else { return false }
                state = .dataLF
            case .dataLF:
                guard byte == 0x0A else { return false }
                state = .size(digits: 0)
            case .trailerLineStart:
                if byte == 0x0D { state = .finalLF } else if Self.isFieldText(byte) { state = .trailerLine } else { return false }
            case .trailerLine:
                if byte == 0x0D { state = .trailerLF } else if !Self.isFieldText(byte) { return false }
            case .trailerLF:
                guard byte == 0x0A else { return false }
                state = .trailerLineStart
            case .finalLF:
                guard byte == 0x0A else { return false }
                state = .done
            case .done:
                return false
            }
            index += 1
        }
        return true
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// Visible characters, spaces, tabs and obs-text: what extension and trailer lines may hold.
    private static func isFieldText(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }
}

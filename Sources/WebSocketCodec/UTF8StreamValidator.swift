/// Checks that bytes are well-formed UTF-8 (Unicode §3.9, Table 3-7) as they arrive.
///
/// A text message can be split into fragments and each fragment into several reads, with a
/// multi-byte character straddling any boundary. Keeping the partial-character state here lets
/// the server reject a bad message at the first impossible byte instead of after buffering it.
struct UTF8StreamValidator: Sendable {
    /// Continuation bytes still owed by the character in progress.
    private var pendingContinuations = 0
    /// Inclusive range the next continuation byte must fall in; narrower than 0x80...0xBF right
    /// after some lead bytes, which is how overlongs, surrogates and values past U+10FFFF are refused.
    private var lowestNext: UInt8 = 0x80
    private var highestNext: UInt8 = 0xBF

    /// True when no character is left half-finished, i.e. the message may end here.
    var isAtCharacterBoundary: Bool { pendingContinuations == 0 }

    /// Feeds more bytes; returns false as soon as one of them cannot continue valid UTF-8.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < bytes.count {
            if pendingContinuations == 0 {
                index = skipASCIIWords(bytes, from: index)
                guard index < bytes.count else { return true }
                guard startCharacter(lead: bytes[index]) else { return false }
            } else {
                let byte = bytes[index]
                guard byte >= lowestNext && byte <= highestNext else { return false }
                pendingContinuations -= 1
                (lowestNext, highestNext) = (0x80, 0xBF)
            }
            index += 1
        }
        return true
    }

    /// Most text is ASCII: skip it eight bytes per step while no high bit is set.
    private func skipASCIIWords(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index + 8 <= bytes.count,
              bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            index += 8
        }
        return index
    }

    /// Records how many continuation bytes `lead` announces and the range the first must be in.
    private mutating func startCharacter(lead: UInt8) -> Bool {
        switch lead {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: expect(1, firstIn: 0x80...0xBF)
        case 0xE0: expect(2, firstIn: 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: expect(2, firstIn: 0x80...0xBF)
        case 0xED: expect(2, firstIn: 0x80...0x9F)
        case 0xF0: expect(3, firstIn: 0x90...0xBF)
        case 0xF1...0xF3: expect(3, firstIn: 0x80...0xBF)
        case 0xF4: expect(3, firstIn: 0x80...0x8F)
        default: return false
        }
        return true
    }

    private mutating func expect(_ continuations: Int, firstIn range: ClosedRange<UInt8>) {
        pendingContinuations = continuations
        (lowestNext, highestNext) = (range.lowerBound, range.upperBound)
    }
}

/// Appends many small pieces to a byte array for about the price of one array append: each
/// piece is copied through a raw cursor into a scratch area (a bounds check and a copy), and the
/// area goes into the array in one append when it fills up and at `finish`. An array append per
/// piece costs a uniqueness check, a capacity check and a call, and a response head and its
/// access-log line are some thirty pieces. The scratch area is the event loop's
/// (`EventLoop.stagingArea`); an empty one makes every piece a plain array append.
struct ByteStager {
    private var bytes: [UInt8] = []
    private let scratch: UnsafeMutableRawBufferPointer
    private var staged = 0

    /// For writers off the event loops: every piece goes straight into the array.
    static var noScratch: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: nil, count: 0) }

    /// Takes over `destination`, which stays empty until `finish` hands the bytes back, so
    /// appending never copies what it already holds.
    init(appendingTo destination: inout [UInt8], scratch: UnsafeMutableRawBufferPointer) {
        swap(&bytes, &destination)
        self.scratch = scratch
    }

    /// The array with every piece appended, in order.
    mutating func finish() -> [UInt8] {
        spill()
        return bytes
    }

    /// Makes room for `count` more bytes in the array, growing it by doubling: a buffer that
    /// collects many lines would otherwise be copied for every exact reservation.
    mutating func reserve(_ count: Int) {
        let needed = bytes.count + staged + count
        if bytes.capacity < needed { bytes.reserveCapacity(max(2 * bytes.capacity, needed)) }
    }

    /// Inlined, so a piece of known length (a static string) is copied without a call.
    @inline(__always)
    mutating func append(_ piece: UnsafeRawBufferPointer) {
        if let source = piece.baseAddress, piece.count <= scratch.count - staged, let target = scratch.baseAddress {
            (target + staged).copyMemory(from: source, byteCount: piece.count)
            staged += piece.count
        } else {
            appendSpilling(piece)
        }
    }

    /// `append` for a piece that does not fit in what is left of the scratch area.
    private mutating func appendSpilling(_ piece: UnsafeRawBufferPointer) {
        guard !piece.isEmpty else { return }
        spill()
        if piece.count <= scratch.count {
            append(piece)
        } else {
            bytes.append(contentsOf: piece)
        }
    }

    mutating func append(_ byte: UInt8) {
        if staged == scratch.count {
            spill()
            if scratch.isEmpty {
                bytes.append(byte)
                return
            }
        }
        scratch[staged] = byte
        staged += 1
    }

    /// Text that is part of the binary (punctuation, a header name).
    @inline(__always)
    mutating func append(static text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// An array's bytes, read in place.
    mutating func append(_ piece: borrowing [UInt8]) {
        piece.withUnsafeBytes { append($0) }
    }

    /// A string's UTF-8 bytes, read in place.
    mutating func appendUTF8(_ text: String) {
        let inPlace: Void? = text.utf8.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
        if inPlace == nil { for byte in text.utf8 { append(byte) } }
    }

    /// `value`'s decimal digits, after a `-` when negative, without an intermediate String.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(48 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// For writers that only know arrays: what is staged goes in first, then `write` appends.
    mutating func appendDirectly(_ write: (inout [UInt8]) -> Void) {
        spill()
        write(&bytes)
    }

    private mutating func spill() {
        guard staged > 0 else { return }
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: scratch.baseAddress, count: staged))
        staged = 0
    }
}

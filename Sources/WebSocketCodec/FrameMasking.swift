/// The XOR masking of RFC 6455 §5.3, applied in place eight bytes at a time.
///
/// Every client payload byte passes through here, so it works on whole machine words rather
/// than byte by byte, and it never allocates.
enum FrameMasking {
    /// XORs `bytes` with `key`, where `bytes[0]` is the payload byte at `payloadOffset`.
    ///
    /// The offset matters because a payload can arrive split across reads: the key byte used
    /// for a payload byte depends on that byte's position within the whole frame.
    static func apply(key: UInt32, payloadOffset: Int, to bytes: UnsafeMutableRawBufferPointer) {
        let phase = payloadOffset & 3
        var pattern: UInt64 = 0
        withUnsafeMutableBytes(of: &pattern) { patternBytes in
            for index in 0..<8 {
                patternBytes[index] = keyByte(key, at: index + phase)
            }
        }
        var index = 0
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern
            bytes.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            bytes[index] ^= keyByte(key, at: index + phase)
            index += 1
        }
    }

    /// Byte `position % 4` of the key as it appears on the wire (big-endian).
    static func keyByte(_ key: UInt32, at position: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: key >> UInt32(24 - 8 * (position & 3)))
    }
}

extension FrameMasking {
    /// Appends a still-masked `chunk` of payload to `buffer` and unmasks it there, so each byte
    /// is copied once; returns where the new bytes landed.
    @discardableResult
    static func appendUnmasked(
        _ chunk: UnsafeRawBufferPointer, key: UInt32, payloadOffset: Int, to buffer: inout [UInt8]
    ) -> Range<Int> {
        let start = buffer.count
        chunk.withMemoryRebound(to: UInt8.self) { buffer.append(contentsOf: $0) }
        buffer.withUnsafeMutableBytes { bytes in
            apply(key: key, payloadOffset: payloadOffset, to: UnsafeMutableRawBufferPointer(rebasing: bytes[start...]))
        }
        return start..<buffer.count
    }
}

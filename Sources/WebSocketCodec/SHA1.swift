/// SHA-1 (FIPS 180-4), present only because RFC 6455 §4.2.2 defines `Sec-WebSocket-Accept` with it.
///
/// The accept value is a checksum that proves the server understood the WebSocket handshake; it
/// protects nothing. SHA-1 is broken for collision resistance: do not use this for security.
/// The toolchain here ships no SHA-1 (no swift-crypto, and libsodium has none), hence this copy.
enum SHA1 {
    /// The 20-byte digest of `message`.
    static func digest(_ message: some Collection<UInt8>) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        let padded = pad(message)
        var schedule = [UInt32](repeating: 0, count: 80)
        for blockStart in stride(from: 0, to: padded.count, by: 64) {
            for index in 0..<16 {
                let byte = blockStart + index * 4
                schedule[index] = UInt32(padded[byte]) << 24 | UInt32(padded[byte + 1]) << 16
                    | UInt32(padded[byte + 2]) << 8 | UInt32(padded[byte + 3])
            }
            for index in 16..<80 {
                schedule[index] = rotateLeft(
                    schedule[index - 3] ^ schedule[index - 8] ^ schedule[index - 14] ^ schedule[index - 16], by: 1)
            }
            compress(&state, schedule: schedule)
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(20)
        for word in state {
            digest.append(contentsOf: [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                                       UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)])
        }
        return digest
    }

    /// Appends the 0x80 marker, zeros, and the 64-bit big-endian bit length (FIPS 180-4 §5.1.1).
    private static func pad(_ message: some Collection<UInt8>) -> [UInt8] {
        var padded = Array(message)
        let bitLength = UInt64(padded.count) &* 8
        padded.append(0x80)
        while padded.count % 64 != 56 {
            padded.append(0)
        }
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        return padded
    }

    /// The 80 rounds of FIPS 180-4 §6.1.2 over one expanded block.
    private static func compress(_ state: inout [UInt32], schedule: [UInt32]) {
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for round in 0..<80 {
            let mixed: UInt32
            let constant: UInt32
            switch round {
            case 0..<20: (mixed, constant) = ((b & c) | (~b & d), 0x5A82_7999)
            case 20..<40: (mixed, constant) = (b ^ c ^ d, 0x6ED9_EBA1)
            case 40..<60: (mixed, constant) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
            default: (mixed, constant) = (b ^ c ^ d, 0xCA62_C1D6)
            }
            let next = rotateLeft(a, by: 5) &+ mixed &+ e &+ constant &+ schedule[round]
            (e, d, c, b, a) = (d, c, rotateLeft(b, by: 30), a, next)
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
    }

    private static func rotateLeft(_ value: UInt32, by count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }
}

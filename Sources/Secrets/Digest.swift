import CSodium

/// Hashes for storing secrets we must recognise later but never reveal (refresh tokens,
/// API tokens): high-entropy random tokens need a fast one-way hash, not a password hash.
public enum Digest {
    /// SHA-256 as 64 lowercase hex characters.
    public static func sha256Hex(_ text: some StringProtocol) -> String {
        Sodium.ready()
        let input = Array(text.utf8)
        var out = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = crypto_hash_sha256(&out, input, UInt64(input.count))
        return hex(out)
    }

    /// BLAKE2b-256 of raw bytes.
    public static func blake2b(_ bytes: [UInt8]) -> [UInt8] {
        Sodium.ready()
        var out = [UInt8](repeating: 0, count: 32)
        _ = crypto_generichash(&out, out.count, bytes, UInt64(bytes.count), nil, 0)
        return out
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

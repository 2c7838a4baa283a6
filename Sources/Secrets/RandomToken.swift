import CSodium

/// Unguessable tokens from the operating system's CSPRNG (via libsodium), URL-safe base64
/// without padding, so they travel in headers, paths and JSON unchanged.
public enum RandomToken {
    /// `bytes` of entropy (32 → 43 characters). An optional prefix makes token kinds
    /// distinguishable at a glance (and lets the server refuse one kind where another belongs).
    public static func generate(bytes: Int = 32, prefix: String = "") -> String {
        Sodium.ready()
        var raw = [UInt8](repeating: 0, count: bytes)
        randombytes_buf(&raw, bytes)
        let variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING
        var encoded = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes, variant))
        _ = sodium_bin2base64(&encoded, encoded.count, raw, bytes, variant)
        return prefix + String(nulTerminated: encoded)
    }
}

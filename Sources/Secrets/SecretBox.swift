import CSodium

/// Authenticated symmetric encryption for secrets we must read back later (a third party's
/// OAuth tokens): libsodium's `crypto_secretbox_easy` (XSalsa20-Poly1305) with a random nonce
/// per message. A sealed value is URL-safe base64 of nonce ‖ ciphertext, so it fits a TEXT
/// column; without the key it reveals nothing, and a changed byte fails to open.
public struct SecretBox: Sendable {
    public enum KeyError: Error, Equatable {
        /// The key is not 64 hexadecimal characters (32 bytes).
        case malformed
    }

    public struct OpenFailed: Error {}

    private let key: [UInt8]

    /// The key as 64 hexadecimal characters.
    public init(hexKey: String) throws {
        Sodium.ready()
        let keyBytes = Int(crypto_secretbox_KEYBYTES)
        let text = Array(hexKey.utf8)
        guard text.count == keyBytes * 2 else { throw KeyError.malformed }
        var decoded = [UInt8](repeating: 0, count: keyBytes)
        var length = 0
        let status = text.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) {
                sodium_hex2bin(&decoded, keyBytes, $0.baseAddress, text.count, nil, &length, nil)
            }
        }
        guard status == 0, length == keyBytes else { throw KeyError.malformed }
        key = decoded
    }

    public func seal(_ plaintext: String) -> String {
        let message = Array(plaintext.utf8)
        var nonce = [UInt8](repeating: 0, count: Int(crypto_secretbox_NONCEBYTES))
        randombytes_buf(&nonce, nonce.count)
        var cipher = [UInt8](repeating: 0, count: message.count + Int(crypto_secretbox_MACBYTES))
        _ = crypto_secretbox_easy(&cipher, message, UInt64(message.count), nonce, key)
        return Self.base64(nonce + cipher)
    }

    public func open(_ sealed: String) throws -> String {
        let nonceBytes = Int(crypto_secretbox_NONCEBYTES), macBytes = Int(crypto_secretbox_MACBYTES)
        guard let raw = Self.unbase64(sealed), raw.count >= nonceBytes + macBytes else { throw OpenFailed() }
        let nonce = Array(raw[..<nonceBytes]), cipher = Array(raw[nonceBytes...])
        var message = [UInt8](repeating: 0, count: cipher.count - macBytes)
        guard crypto_secretbox_open_easy(&message, cipher, UInt64(cipher.count), nonce, key) == 0 else { throw OpenFailed() }
        return String(decoding: message, as: UTF8.self)
    }

    private static let variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING

    private static func base64(_ bytes: [UInt8]) -> String {
        var encoded = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
        _ = sodium_bin2base64(&encoded, encoded.count, bytes, bytes.count, variant)
        return String(nulTerminated: encoded)
    }

    private static func unbase64(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        var out = [UInt8](repeating: 0, count: input.count)
        var length = 0
        let status = input.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                sodium_base642bin(&out, out.count, $0.baseAddress, input.count, nil, &length, nil, variant)
            }
        }
        return status == 0 ? Array(out[..<length]) : nil
    }
}

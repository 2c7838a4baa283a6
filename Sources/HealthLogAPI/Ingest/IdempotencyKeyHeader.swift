import APIToolkit
import CSodium
import HTTPServer

/// The `Idempotency-Key` request header (draft-ietf-httpapi-idempotency-key-header): a
/// structured-field string (`"…"`), also accepted bare as Stripe-style clients send it;
/// 1–255 visible ASCII characters. Anything else is 400 `idempotency.key_invalid`.
enum IdempotencyKeyHeader {
    static let name = "Idempotency-Key"
    static let maxLength = 255
    /// Set on a response that replays a stored one.
    static let replayMarker = "Idempotent-Replayed"

    /// The accepted values: 1–255 visible ASCII characters but `"` and `\`, bare or quoted.
    static let pattern = #"^("[\x21\x23-\x5B\x5D-\x7E]{1,255}"|[\x21\x23-\x5B\x5D-\x7E]{1,255})$"#

    /// The header's declaration: the batch and bulk operations publish it in the OpenAPI document,
    /// and `key(in:)` accepts exactly the values its schema does.
    static let parameter = OpenAPIParameter.header(
        name, .string(minLength: 1, maxLength: maxLength + 2, pattern: pattern), required: false,
        description: "Optional. 1-\(maxLength) visible ASCII characters, as a structured-field string (\"key\", up to 257 with the quotes) or bare; "
            + "otherwise 400 idempotency.key_invalid. Scoped per user and route. A retry with the same key and the same "
            + "body bytes within 24 h replays the first answer byte for byte (marked Idempotent-Replayed: true); the same "
            + "key with a different body is 422 idempotency.key_reused; while the first request runs, 409 "
            + "idempotency.in_progress.")

    /// The key, without the quotes of the structured-field form, or nil when the request has
    /// none (the header is optional); 400 unless `parameter`'s schema accepts the value.
    static func key(in request: Request) throws -> String? {
        guard let raw = request.headers[name] else { return nil }
        guard SchemaValidator.validate(.string(raw), against: parameter.schema).isEmpty else {
            throw APIError.badRequest("Idempotency-Key must be 1 to \(maxLength) visible ASCII characters",
                                      code: "idempotency.key_invalid")
        }
        return raw.hasPrefix("\"") ? String(raw.dropFirst().dropLast()) : raw
    }

    /// SHA-256 of the exact body bytes as hex: a retry must send the very same bytes.
    static func fingerprint(_ body: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = crypto_hash_sha256(&digest, body, UInt64(body.count))
        return digest.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}

import APIToolkit
import HTTPServer

/// Success responses in the API's envelope, encoded by the toolkit's encoder (iOS-safe dates,
/// nil optionals present as `null`).
public struct APIResponses: Sendable {
    public let style: any EnvelopeStyle
    private let encoder = APIEncoder()

    public init(style: any EnvelopeStyle) { self.style = style }

    /// `value` wrapped by the envelope (HealthLog: `{"data": value, "error": null}`).
    public func ok(_ value: some Encodable, status: Int = 200) throws -> Response {
        let data = try encoder.encode(value)
        return .json(try JSONSerializer.serialize(style.success(data, meta: nil)), status: status)
    }

    /// `value` exactly as given, for contracts that fix the whole body shape.
    public func raw(_ value: some Encodable, status: Int = 200) throws -> Response {
        .json(try encoder.encodeToBytes(value), status: status)
    }

    /// Decodes a strict request body, or throws the 400/422 the envelope middleware renders.
    public func decode<Body: RequestBody>(_ type: Body.Type, from request: Request) throws -> Body {
        try decodeRequest(type, from: request.body)
    }
}

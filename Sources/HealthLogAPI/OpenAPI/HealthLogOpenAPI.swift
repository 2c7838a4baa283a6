import APIToolkit
import ServiceRuntime

/// The published contract (locked contract §3): generated from the endpoint declarations the
/// server routes with, committed as `docs/api/openapi.yaml`, served at `GET /api/openapi.yaml`.
public enum HealthLogOpenAPI {
    /// `info.version` of the published API contract (not the server build's version).
    public static let contractVersion = "1.4.23"
    public static let path = "/api/openapi.yaml"

    public static func document(for endpoints: [Endpoint]) -> OpenAPIDocument {
        var document = OpenAPIDocument(
            title: "HealthLog API", version: contractVersion,
            description: "Every JSON response is {data, error, meta?}; errors carry meta.errorCode. Request bodies are strict: unknown keys are 422.",
            envelope: HealthLogEnvelope(),
            securitySchemes: [OpenAPISecurityScheme(name: "bearerAuth", kind: .bearer(format: "opaque access token (hla_…)")),
                              OpenAPISecurityScheme(name: "sessionCookie", kind: .cookie(TokenPolicy.sessionCookieName))],
            defaultSecurity: ["bearerAuth", "sessionCookie"])
        for endpoint in endpoints { document.add(EndpointTable.operation(for: endpoint)) }
        return document
    }

    /// The document as published.
    public static func jsonValue(for endpoints: [Endpoint] = HealthLogService.productEndpoints) throws -> JSONValue {
        try document(for: endpoints).jsonValue()
    }

    /// The YAML for `endpoints` (by default the product's, which is what is committed).
    public static func yaml(for endpoints: [Endpoint] = HealthLogService.productEndpoints) throws -> String {
        YAMLEmitter.emit(try jsonValue(for: endpoints))
    }
}

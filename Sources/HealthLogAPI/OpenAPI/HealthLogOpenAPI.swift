import APIToolkit

/// The published contract (locked contract §3): generated from the endpoint declarations the
/// server routes with, committed as `docs/api/openapi.yaml`, served at `GET /api/openapi.yaml`.
public enum HealthLogOpenAPI {
    /// `info.version` of the published API contract (not the server build's version).
    public static let contractVersion = "1.4.23"
    public static let path = "/api/openapi.yaml"

    /// Object rules the toolkit's schema type cannot state yet, published next to the component
    /// they refine; each comes from the constant its handler enforces, so the two cannot drift.
    static let minimumProperties: [(component: String, minimum: Int)] = [
        ("AssistantFlagsChange", FeatureFlagEndpoints.Change.minimumSwitches),
    ]

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

    /// The document as published: the generated one plus `minimumProperties`.
    public static func jsonValue(for endpoints: [Endpoint] = HealthLogService.productEndpoints) throws -> JSONValue {
        let generated = try document(for: endpoints).jsonValue()
        guard case .object(var root) = generated, case .object(var components)? = root["components"],
              case .object(var schemas)? = components["schemas"] else { return generated }
        for (name, minimum) in minimumProperties {
            guard case .object(var schema)? = schemas[name] else { continue }
            schema["minProperties"] = .integer(Int64(minimum))
            schemas[name] = .object(schema)
        }
        components["schemas"] = .object(schemas)
        root["components"] = .object(components)
        return .object(root)
    }

    /// The YAML for `endpoints` (by default the product's, which is what is committed).
    public static func yaml(for endpoints: [Endpoint] = HealthLogService.productEndpoints) throws -> String {
        YAMLEmitter.emit(try jsonValue(for: endpoints))
    }
}

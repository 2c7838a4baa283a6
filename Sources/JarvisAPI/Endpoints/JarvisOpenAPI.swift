import APIToolkit
import ServiceRuntime

/// Jarvis's published contract: generated from the endpoint declarations the server routes
/// with, committed as `docs/api/jarvis-openapi.yaml` (drift-gated by `scripts/openapi-check.sh`),
/// served at `GET /openapi.yaml`.
public enum JarvisOpenAPI {
    /// `info.version` of the published API contract (not the server build's version).
    public static let contractVersion = "1.0.0"
    public static let path = "/openapi.yaml"

    static func document(for endpoints: [JarvisEndpoint] = JarvisService.endpoints) -> OpenAPIDocument {
        var document = OpenAPIDocument(
            title: "Jarvis API", version: contractVersion,
            description: "The news engine behind the Jarvis iOS app (shared/spec/jarvis-ios-client-expectations.md). "
                + "Successes are the payload itself; errors are {error: {code, message, details?}}. "
                + "Dates are YYYY-MM-DDTHH:MM:SSZ. When the operator sets JARVIS_API_TOKEN, every operation but "
                + "getHealth needs it as a bearer token. Live updates are a WebSocket at /ws (liveUpdates).",
            envelope: JarvisEnvelope())
        for endpoint in endpoints { document.add(EndpointTable.operation(for: endpoint)) }
        return document
    }

    /// The YAML as published.
    public static func yaml() throws -> String {
        try document().yaml()
    }
}

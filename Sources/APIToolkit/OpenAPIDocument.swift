/// Builds an OpenAPI 3.1 document from the route table, rendered deterministically as YAML or
/// JSON (the committed `openapi.yaml` is diffed in CI, so output must not depend on hashing).
///
/// Response bodies pass through the API's `EnvelopeStyle`: a 2xx response declares its payload
/// schema and the document wraps it exactly as the server does; every 4xx/5xx response is
/// documented with the envelope's single failure schema.
public struct OpenAPIDocument: Sendable {
    public var title: String
    public var version: String
    public var description: String?
    public var serverURLs: [String]
    public var envelope: any EnvelopeStyle
    public var securitySchemes: [OpenAPISecurityScheme]
    /// Scheme names required by operations that do not say otherwise.
    public var defaultSecurity: [String]
    public private(set) var operations: [OpenAPIOperation] = []

    public init(
        title: String,
        version: String,
        description: String? = nil,
        serverURLs: [String] = [],
        envelope: any EnvelopeStyle,
        securitySchemes: [OpenAPISecurityScheme] = [],
        defaultSecurity: [String] = []
    ) {
        self.title = title
        self.version = version
        self.description = description
        self.serverURLs = serverURLs
        self.envelope = envelope
        self.securitySchemes = securitySchemes
        self.defaultSecurity = defaultSecurity
    }

    public mutating func add(_ operation: OpenAPIOperation) {
        operations.append(operation)
    }

    /// The document as JSON values, checked for duplicate operations, path-parameter mismatches,
    /// unknown security schemes and conflicting component names.
    public func jsonValue() throws(OpenAPIError) -> JSONValue {
        var renderer = OpenAPISchemaRenderer()
        var document: JSONObject = ["openapi": "3.1.0"]
        var info: JSONObject = ["title": .string(title), "version": .string(version)]
        if let description { info["description"] = .string(description) }
        document["info"] = .object(info)
        if !serverURLs.isEmpty {
            document["servers"] = .array(serverURLs.map { ["url": .string($0)] })
        }
        try checkSecurityNames(defaultSecurity)
        if !defaultSecurity.isEmpty { document["security"] = Self.securityRequirement(defaultSecurity) }
        document["paths"] = .object(try renderPaths(&renderer))

        var components = JSONObject()
        if !renderer.components.isEmpty { components["schemas"] = .object(renderer.components) }
        if !securitySchemes.isEmpty {
            components["securitySchemes"] = .object(JSONObject(securitySchemes.map { ($0.name, Self.render($0.kind)) }))
        }
        if !components.isEmpty { document["components"] = .object(components) }
        return .object(document)
    }

    public func yaml() throws(OpenAPIError) -> String {
        YAMLEmitter.emit(try jsonValue())
    }

    /// Indented JSON, for tools that prefer `openapi.json`.
    public func json() throws(OpenAPIError) -> [UInt8] {
        let value = try jsonValue()
        do {
            return try JSONSerializer.serialize(value, layout: .indented)
        } catch {
            // `jsonValue` already rejects non-finite limits, the only numbers a document holds.
            throw .nonFiniteLimit
        }
    }

    private func renderPaths(_ renderer: inout OpenAPISchemaRenderer) throws(OpenAPIError) -> JSONObject {
        var paths = JSONObject()
        var operationIds = Set<String>()
        for operation in operations {
            guard operationIds.insert(operation.operationId).inserted else {
                throw .duplicateOperationId(operation.operationId)
            }
            var item = paths[operation.path]?.objectValue ?? JSONObject()
            guard !item.contains(key: operation.method.rawValue) else {
                throw .duplicateOperation(method: operation.method.rawValue.uppercased(), path: operation.path)
            }
            item[operation.method.rawValue] = .object(try render(operation, &renderer))
            paths[operation.path] = .object(item)
        }
        return paths
    }
}

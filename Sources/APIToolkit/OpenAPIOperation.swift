/// One endpoint in the OpenAPI document. Request and response bodies are `Schema` values, the
/// same ones the server validates with, so the published contract is the enforced one.
public struct OpenAPIOperation: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable, CaseIterable {
        case get, put, post, delete, options, head, patch
    }

    public var method: Method
    /// The path template, with parameters in braces: `/stories/{id}`.
    public var path: String
    public var operationId: String
    public var summary: String
    public var description: String?
    public var tags: [String]
    public var parameters: [OpenAPIParameter]
    public var requestBody: Schema?
    /// The content type `requestBody` is published under (a form-encoded webhook is not JSON).
    public var requestMediaType = "application/json"
    public var responses: [OpenAPIResponse]
    /// Names of security schemes this operation needs; `nil` uses the document default, `[]`
    /// marks the operation public.
    public var security: [String]?

    public init(
        _ method: Method,
        _ path: String,
        operationId: String,
        summary: String,
        description: String? = nil,
        tags: [String] = [],
        parameters: [OpenAPIParameter] = [],
        requestBody: Schema? = nil,
        responses: [OpenAPIResponse],
        security: [String]? = nil
    ) {
        self.method = method
        self.path = path
        self.operationId = operationId
        self.summary = summary
        self.description = description
        self.tags = tags
        self.parameters = parameters
        self.requestBody = requestBody
        self.responses = responses
        self.security = security
    }

    /// The names inside braces in `path`, in order.
    var pathTemplateNames: [String] {
        path.split(separator: "{").dropFirst().compactMap { segment in
            segment.firstIndex(of: "}").map { String(segment[..<$0]) }
        }
    }
}

public struct OpenAPIParameter: Sendable, Hashable {
    public enum Location: String, Sendable, Hashable {
        case path, query, header
    }

    public var name: String
    public var location: Location
    public var isRequired: Bool
    public var schema: Schema
    public var description: String?

    public init(name: String, location: Location, required: Bool, schema: Schema, description: String? = nil) {
        self.name = name
        self.location = location
        self.isRequired = required
        self.schema = schema
        self.description = description
    }

    /// Path parameters are always required (OpenAPI demands it).
    public static func path(_ name: String, _ schema: Schema = .string(), description: String? = nil) -> OpenAPIParameter {
        OpenAPIParameter(name: name, location: .path, required: true, schema: schema, description: description)
    }

    public static func query(_ name: String, _ schema: Schema, required: Bool = false, description: String? = nil) -> OpenAPIParameter {
        OpenAPIParameter(name: name, location: .query, required: required, schema: schema, description: description)
    }

    public static func header(_ name: String, _ schema: Schema = .string(), required: Bool = false, description: String? = nil) -> OpenAPIParameter {
        OpenAPIParameter(name: name, location: .header, required: required, schema: schema, description: description)
    }
}

public struct OpenAPIResponse: Sendable, Hashable {
    public var status: Int
    public var description: String
    /// `nil` for responses without a body (204).
    public var schema: Schema?
    /// `false` for a success body sent exactly as `schema` declares it, outside the API's
    /// envelope: a document to save as a file (HealthLog's backup export).
    public var isEnveloped = true
    /// The body's media type; JSON unless a stream says otherwise.
    public var mediaType = "application/json"

    public init(_ status: Int, _ description: String, schema: Schema? = nil) {
        self.status = status
        self.description = description
        self.schema = schema
    }

    /// A `text/event-stream` success (Server-Sent Events): `event` is the schema of one event, an
    /// object of its fields as a client parses them (`event`, `data`, `id`), as OpenAPI 3.1 has
    /// `schema` describe each item of a sequential media type; `description` tells the events.
    public static func eventStream(_ status: Int, _ description: String, event: Schema) -> OpenAPIResponse {
        var response = unenveloped(status, description, schema: event)
        response.mediaType = "text/event-stream"
        return response
    }

    /// A success whose body is `schema` itself, not wrapped in the envelope.
    public static func unenveloped(_ status: Int, _ description: String, schema: Schema) -> OpenAPIResponse {
        var response = OpenAPIResponse(status, description, schema: schema)
        response.isEnveloped = false
        return response
    }
}

/// How clients authenticate, published under `components.securitySchemes`.
public struct OpenAPISecurityScheme: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `Authorization: Bearer <token>`.
        case bearer(format: String?)
        /// An API key sent in the named header.
        case apiKeyHeader(String)
        /// A session cookie with the given name.
        case cookie(String)
    }

    public var name: String
    public var kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// Inconsistencies found while rendering a document; each is a mistake in the route table.
public enum OpenAPIError: Error, Sendable, Hashable {
    /// Two different object schemas were declared with the same component name.
    case conflictingComponent(String)
    /// An object schema declares the same property twice.
    case duplicateProperty(object: String, property: String)
    case duplicateOperation(method: String, path: String)
    case duplicateOperationId(String)
    /// A `{name}` in the path without a matching path parameter, or the reverse.
    case pathParameterMismatch(path: String, name: String)
    case unknownSecurityScheme(String)
    /// A `NumberRules` minimum or maximum that is NaN or infinite.
    case nonFiniteLimit
}

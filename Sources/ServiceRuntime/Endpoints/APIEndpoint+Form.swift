import APIToolkit
import HTTPServer

/// What an endpoint needs beyond a JSON body: path parameters (published, and optionally kept
/// out of the logs) and form-encoded bodies, which services such as Withings post to webhooks.
extension APIEndpoint {
    /// An endpoint whose body is a form declared by `form` (an object schema), published under
    /// `application/x-www-form-urlencoded`. The handler validates it with `FormBody.fields()`
    /// when it is ready to, typically after checking a credential the request carries itself.
    public init(method: OpenAPIOperation.Method, path: String, operationId: String, summary: String,
                tags: [String], requirements: Family.Requirements, queryParameters: [OpenAPIParameter], form: ObjectSchema,
                success: OpenAPIResponse, failures: [OpenAPIResponse],
                handler: @escaping @Sendable (Family.Context) -> @Sendable (Call, FormBody) async throws -> Response) {
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags, requirements: requirements,
                  queryParameters: queryParameters, requestBody: .object(form), success: success, failures: failures) { context in
            let typed = handler(context)
            return { call in try await typed(call, FormBody(bytes: call.request.body, schema: form)) }
        }
        requestMediaType = APIEndpoints.formMediaType
    }

    /// This endpoint with its `{name}` path segments declared; those in `secret` are written to
    /// the access log as `[REDACTED]` (a token in the path must never reach a log line).
    public func withPathParameters(_ parameters: [OpenAPIParameter], secret: Set<String> = []) -> APIEndpoint {
        var copy = self
        copy.pathParameters = parameters
        copy.secretParameters = secret
        return copy
    }
}

/// A form-encoded request body and the schema it must match.
public struct FormBody: Sendable {
    let bytes: [UInt8]
    let schema: ObjectSchema

    /// The fields, checked like a strict JSON body: every field declared, at most once, valid
    /// for its schema (integer fields parsed first); 422 with the field as path otherwise.
    public func fields() throws -> JSONObject {
        try QueryValidation.validate(form: QueryParameters(String(decoding: bytes, as: UTF8.self)), against: schema)
    }
}

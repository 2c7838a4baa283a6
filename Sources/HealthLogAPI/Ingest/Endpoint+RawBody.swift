import APIToolkit

extension Endpoint {
    /// An endpoint that publishes `documentedBody` and gets the JSON media-type check like a
    /// typed body, but whose handler reads the raw bytes itself. The batch endpoints need that:
    /// the Idempotency-Key fingerprint is taken over the exact bytes, a replay must answer
    /// before the body is validated, and an over-long batch has its own error code
    /// (`measurement.batch.too_large`) instead of the generic `validation.failed`.
    init(_ method: OpenAPIOperation.Method, _ path: String, operationId: String, summary: String, tags: [String],
         access: EndpointAccess, documentedBody: Schema, success: OpenAPIResponse, failures: [OpenAPIResponse],
         handler: @escaping HandlerFactory) {
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags, access: access, gate: nil,
                  queryParameters: [], requestBody: documentedBody, success: success, failures: failures, makeHandler: handler)
    }
}

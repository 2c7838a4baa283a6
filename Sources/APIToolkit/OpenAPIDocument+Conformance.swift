/// Checks an answer the server sent against what the document declares for it, so a declared
/// response schema cannot drift from the value the handler encodes. Test support of both
/// services calls it on every exchange; it does no I/O.
extension OpenAPIDocument {
    /// What is wrong with `body`, sent with `status` and `contentType` for `method path` (the path
    /// without query); empty when it conforms or when no documented operation has that route. A
    /// success must be declared with its status; an error answer must be the envelope's failure
    /// shape (whether each error status is listed is the published rules' concern, not this).
    public func responseProblems(method: String, path: String, status: Int, contentType: String?, body: [UInt8]) -> [String] {
        guard let operation = operation(method: method, path: path) else { return [] }
        let name = "\(operation.operationId) \(status)"
        let declared = operation.responses.first { $0.status == status }
        if declared == nil && status < 400 {
            return ["\(name): status not declared (declared: \(operation.responses.map { String($0.status) }.joined(separator: ", ")))"]
        }
        let schema: Schema?
        if let declared { schema = bodySchema(of: declared) } else { schema = envelope.failureSchema }
        guard let schema else { return body.isEmpty ? [] : ["\(name): declares no body, sent \(body.count) bytes"] }
        guard status >= 400 || declared?.mediaType == "application/json" else { return [] }
        guard contentType?.lowercased().hasPrefix("application/json") == true else {
            return ["\(name): declared application/json, sent \(contentType ?? "no Content-Type")"]
        }
        guard let value = try? JSONParser.parse(body) else { return ["\(name): the body is not JSON"] }
        return SchemaValidator.validate(value, against: schema).map { "\(name) \($0.path): \($0.message)" }
    }

    /// The operation routing `method path`: a literal segment matches itself, `{name}` any one
    /// segment; where several match, the one with the most literal segments, as the router picks.
    func operation(method: String, path: String) -> OpenAPIOperation? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let lowered = method.lowercased()
        return operations.filter { operation in
            let template = operation.path.split(separator: "/", omittingEmptySubsequences: false)
            return operation.method.rawValue == lowered && template.count == segments.count
                && zip(template, segments).allSatisfy { $0.hasPrefix("{") ? !$1.isEmpty : $0 == $1 }
        }.max { Self.literalSegments($0) < Self.literalSegments($1) }
    }

    private static func literalSegments(_ operation: OpenAPIOperation) -> Int {
        operation.path.split(separator: "/").filter { !$0.hasPrefix("{") }.count
    }
}

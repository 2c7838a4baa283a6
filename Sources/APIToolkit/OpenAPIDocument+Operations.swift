extension OpenAPIDocument {
    /// One operation object: metadata, parameters, request body and enveloped responses.
    func render(_ operation: OpenAPIOperation, _ renderer: inout OpenAPISchemaRenderer) throws(OpenAPIError) -> JSONObject {
        try checkPathParameters(operation)
        var item: JSONObject = [
            "operationId": .string(operation.operationId),
            "summary": .string(operation.summary),
        ]
        if let description = operation.description { item["description"] = .string(description) }
        if !operation.tags.isEmpty { item["tags"] = .array(operation.tags.map { .string($0) }) }
        if let security = operation.security {
            try checkSecurityNames(security)
            item["security"] = security.isEmpty ? .array([]) : Self.securityRequirement(security)
        }
        if !operation.parameters.isEmpty {
            var parameters: [JSONValue] = []
            for parameter in operation.parameters {
                var rendered: JSONObject = [
                    "name": .string(parameter.name),
                    "in": .string(parameter.location.rawValue),
                    "required": .bool(parameter.isRequired),
                ]
                if let description = parameter.description { rendered["description"] = .string(description) }
                rendered["schema"] = try renderer.render(parameter.schema)
                parameters.append(.object(rendered))
            }
            item["parameters"] = .array(parameters)
        }
        if let body = operation.requestBody {
            item["requestBody"] = ["required": true, "content": .object([operation.requestMediaType: ["schema": try renderer.render(body)]])]
        }
        var responses = JSONObject()
        for response in operation.responses {
            var rendered: JSONObject = ["description": .string(response.description)]
            if let schema = bodySchema(of: response) {
                let mediaType = response.status >= 400 ? "application/json" : response.mediaType
                rendered["content"] = .object([mediaType: ["schema": try renderer.render(schema)]])
            }
            responses[String(response.status)] = .object(rendered)
        }
        item["responses"] = .object(responses)
        return item
    }

    /// Errors always use the envelope's failure shape; successes wrap their payload unless
    /// declared unenveloped.
    func bodySchema(of response: OpenAPIResponse) -> Schema? {
        if response.status >= 400 { return envelope.failureSchema }
        guard response.isEnveloped else { return response.schema }
        return response.schema.map { envelope.successSchema($0) }
    }

    private func checkPathParameters(_ operation: OpenAPIOperation) throws(OpenAPIError) {
        let templateNames = operation.pathTemplateNames
        let declared = operation.parameters.filter { $0.location == .path }.map(\.name)
        if let missing = templateNames.first(where: { !declared.contains($0) }) {
            throw .pathParameterMismatch(path: operation.path, name: missing)
        }
        if let extra = declared.first(where: { !templateNames.contains($0) }) {
            throw .pathParameterMismatch(path: operation.path, name: extra)
        }
    }

    func checkSecurityNames(_ names: [String]) throws(OpenAPIError) {
        if let unknown = names.first(where: { name in !securitySchemes.contains { $0.name == name } }) {
            throw .unknownSecurityScheme(unknown)
        }
    }

    /// `[{name: []}, …]`: any one of the listed schemes is sufficient.
    static func securityRequirement(_ names: [String]) -> JSONValue {
        .array(names.map { .object([$0: .array([])]) })
    }

    static func render(_ kind: OpenAPISecurityScheme.Kind) -> JSONValue {
        switch kind {
        case .bearer(let format):
            var scheme: JSONObject = ["type": "http", "scheme": "bearer"]
            if let format { scheme["bearerFormat"] = .string(format) }
            return .object(scheme)
        case .apiKeyHeader(let header):
            return ["type": "apiKey", "in": "header", "name": .string(header)]
        case .cookie(let cookie):
            return ["type": "apiKey", "in": "cookie", "name": .string(cookie)]
        }
    }
}

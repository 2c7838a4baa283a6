import APIToolkit
import HTTPServer

/// Query strings get the same strictness as bodies: every parameter must be declared, appear at
/// most once and match its schema. Integer parameters are parsed before validation so their
/// range rules apply; failures are the usual 422 `validation.failed` with the parameter as path.
enum QueryValidation {
    static func validate(_ query: QueryParameters, against parameters: [OpenAPIParameter]) throws -> JSONObject {
        var object = JSONObject()
        var issues: [ValidationIssue] = []
        for (name, value) in query.pairs {
            guard let parameter = parameters.first(where: { $0.name == name }) else {
                issues.append(ValidationIssue(path: name, code: .unrecognizedKey, message: "is not a known query parameter"))
                continue
            }
            guard object[name] == nil else {
                issues.append(ValidationIssue(path: name, code: .invalidValue, message: "must appear at most once"))
                continue
            }
            object[name] = typedValue(value, for: parameter.schema)
        }
        if issues.isEmpty {
            let shape = Schema.object {
                for parameter in parameters { Property(parameter.name, parameter.schema, required: parameter.isRequired) }
            }
            issues = SchemaValidator.validate(.object(object), against: shape)
        }
        guard issues.isEmpty else { throw APIError.unprocessable(issues: issues) }
        return object
    }

    private static func typedValue(_ text: String, for schema: Schema) -> JSONValue {
        if case .integer = schema, let number = Int64(text) { return .integer(number) }
        return .string(text)
    }
}

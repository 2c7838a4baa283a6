import APIToolkit
import HTTPServer

/// Query strings (and form bodies) get the same strictness as JSON bodies: every parameter must
/// be declared, appear at most once and match its schema. Integer parameters are parsed before
/// validation so their range rules apply; failures are the usual 422 `validation.failed` with the
/// parameter as path. A form declared with `allowsUnknownKeys` (a third party's callback, which
/// may add fields at any time) has its undeclared fields dropped instead of refused.
enum QueryValidation {
    static func validate(_ query: QueryParameters, against parameters: [OpenAPIParameter]) throws -> JSONObject {
        let shape = ObjectSchema(properties: parameters.map { Property($0.name, $0.schema, required: $0.isRequired) })
        return try validate(query, against: shape, noun: "query parameter")
    }

    /// The same rules for an `application/x-www-form-urlencoded` body, declared as an object schema.
    static func validate(form: QueryParameters, against shape: ObjectSchema) throws -> JSONObject {
        try validate(form, against: shape, noun: "form field")
    }

    private static func validate(_ pairs: QueryParameters, against shape: ObjectSchema, noun: String) throws -> JSONObject {
        var object = JSONObject()
        var issues: [ValidationIssue] = []
        for (name, value) in pairs.pairs {
            // Rendered as body keys are: a name that is not an identifier is quoted and escaped,
            // so no control character (U+0000 included) of a sent name reaches the answer raw.
            let path = JSONPath.render([.key(name)])
            guard let property = shape.property(named: name) else {
                if shape.allowsUnknownKeys { continue }
                issues.append(ValidationIssue(path: path, code: .unrecognizedKey, message: "is not a known \(noun)"))
                continue
            }
            guard object[name] == nil else {
                issues.append(ValidationIssue(path: path, code: .invalidValue, message: "must appear at most once"))
                continue
            }
            object[name] = typedValue(value, for: property.schema)
        }
        if issues.isEmpty { issues = SchemaValidator.validate(.object(object), against: .object(shape)) }
        guard issues.isEmpty else { throw APIError.unprocessable(issues: issues) }
        return object
    }

    private static func typedValue(_ text: String, for schema: Schema) -> JSONValue {
        if case .integer = schema, let number = Int64(text) { return .integer(number) }
        return .string(text)
    }
}

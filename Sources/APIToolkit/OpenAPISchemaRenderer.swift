/// Turns `Schema` values into OpenAPI 3.1 (JSON Schema 2020-12) objects, collecting named
/// objects into `components.schemas` and referring to them with `$ref`.
struct OpenAPISchemaRenderer {
    /// Component bodies in first-use order (a parent before the components it contains).
    private(set) var components = JSONObject()
    private var declarations: [String: ObjectSchema] = [:]

    mutating func render(_ schema: Schema) throws(OpenAPIError) -> JSONValue {
        switch schema {
        case .any:
            return .object([:])
        case .null:
            return ["type": "null"]
        case .boolean:
            return ["type": "boolean"]
        case .string(let rules):
            return .object(Self.stringKeywords(rules))
        case .integer(let rules):
            var keywords: JSONObject = ["type": "integer"]
            if let minimum = rules.minimum { keywords["minimum"] = .integer(minimum) }
            if let maximum = rules.maximum { keywords["maximum"] = .integer(maximum) }
            return .object(keywords)
        case .number(let rules):
            var keywords: JSONObject = ["type": "number"]
            if let minimum = rules.minimum { keywords["minimum"] = try Self.number(minimum) }
            if let bound = rules.exclusiveMinimum { keywords["exclusiveMinimum"] = try Self.number(bound) }
            if let maximum = rules.maximum { keywords["maximum"] = try Self.number(maximum) }
            return .object(keywords)
        case .array(let rules):
            var keywords: JSONObject = ["type": "array", "items": try render(rules.items)]
            if let minItems = rules.minItems { keywords["minItems"] = .integer(Int64(minItems)) }
            if let maxItems = rules.maxItems { keywords["maxItems"] = .integer(Int64(maxItems)) }
            if rules.uniqueItems { keywords["uniqueItems"] = true }
            return .object(keywords)
        case .object(let object):
            guard let name = object.name else { return .object(try objectKeywords(object)) }
            try register(object, as: name)
            return ["$ref": .string("#/components/schemas/" + name)]
        case .nullable(let wrapped):
            return try renderNullable(wrapped)
        }
    }

    /// 3.1 has no `nullable`: a single `type` becomes `[type, "null"]` (and an `enum` gains `null`,
    /// or it would still reject it); references and anything else go through `anyOf`.
    private mutating func renderNullable(_ wrapped: Schema) throws(OpenAPIError) -> JSONValue {
        let rendered = try render(wrapped)
        switch wrapped {
        case .any, .null, .nullable:
            return rendered
        case .object(let object) where object.name != nil:
            return ["anyOf": [rendered, ["type": "null"]]]
        default:
            guard case .object(var keywords) = rendered, case .string(let type)? = keywords["type"] else {
                return ["anyOf": [rendered, ["type": "null"]]]
            }
            keywords["type"] = [.string(type), "null"]
            if case .array(let values)? = keywords["enum"] { keywords["enum"] = .array(values + [.null]) }
            return .object(keywords)
        }
    }

    private mutating func register(_ object: ObjectSchema, as name: String) throws(OpenAPIError) {
        if let existing = declarations[name] {
            guard existing == object else { throw .conflictingComponent(name) }
            return
        }
        declarations[name] = object
        components[name] = .null
        components[name] = .object(try objectKeywords(object))
    }

    private mutating func objectKeywords(_ object: ObjectSchema) throws(OpenAPIError) -> JSONObject {
        var keywords: JSONObject = ["type": "object"]
        if let description = object.description { keywords["description"] = .string(description) }
        var properties = JSONObject()
        for property in object.properties {
            guard !properties.contains(key: property.name) else {
                throw .duplicateProperty(object: object.name ?? "(inline object)", property: property.name)
            }
            var rendered = try render(property.schema)
            if let description = property.description, case .object(var propertyKeywords) = rendered {
                propertyKeywords["description"] = .string(description)
                rendered = .object(propertyKeywords)
            }
            properties[property.name] = rendered
        }
        if !properties.isEmpty { keywords["properties"] = .object(properties) }
        let required = object.properties.filter(\.isRequired).map { JSONValue.string($0.name) }
        if !required.isEmpty { keywords["required"] = .array(required) }
        keywords["additionalProperties"] = .bool(object.allowsUnknownKeys)
        if let minimum = object.minProperties { keywords["minProperties"] = .integer(Int64(minimum)) }
        return keywords
    }

    /// The validator refuses U+0000 in every string; a string whose enum, format or own pattern
    /// does not already exclude it is published with this pattern, which says so.
    static let nulFreePattern = #"^[^\x00]*$"#

    private static func stringKeywords(_ rules: StringRules) -> JSONObject {
        var keywords: JSONObject = ["type": "string"]
        if let allowed = rules.allowedValues { keywords["enum"] = .array(allowed.map { .string($0) }) }
        if let minLength = rules.minLength { keywords["minLength"] = .integer(Int64(minLength)) }
        if let maxLength = rules.maxLength { keywords["maxLength"] = .integer(Int64(maxLength)) }
        if let pattern = rules.pattern {
            keywords["pattern"] = .string(pattern)
        } else if rules.allowedValues == nil, rules.format == nil {
            keywords["pattern"] = .string(nulFreePattern)
        }
        switch rules.format {
        case .dateTimeWithOffset: keywords["format"] = "date-time"
        case .dateTimeUTC:
            keywords["format"] = "date-time"
            keywords["pattern"] = #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"#
        case .uri: keywords["format"] = "uri"
        case .email: keywords["format"] = "email"
        case .uuid: keywords["format"] = "uuid"
        case .date: keywords["format"] = "date"
        case nil: break
        }
        return keywords
    }

    /// Limits that are whole numbers are written as integers (`0`, not `0.0`).
    private static func number(_ value: Double) throws(OpenAPIError) -> JSONValue {
        guard value.isFinite else { throw .nonFiniteLimit }
        return Int64(exactly: value).map { .integer($0) } ?? .number(value)
    }
}

/// Shorthand constructors so a request schema reads like its Zod counterpart:
///
/// ```swift
/// static let schema: Schema = .object("BatchEntry") {
///     Property("hkIdentifier", .string(minLength: 1, maxLength: 120))
///     Property("value", .number())
///     Property("startDate", .dateTimeWithOffset)
///     Property("sleepStage", .integer(min: 0, max: 20), required: false)
///     Property("deviceType", .string(oneOf: ["watch", "phone"]).orNull, required: false)
/// }
/// ```
extension Schema {
    public static func string(minLength: Int? = nil, maxLength: Int? = nil, format: StringFormat? = nil) -> Schema {
        .string(StringRules(minLength: minLength, maxLength: maxLength, format: format))
    }

    /// A string that must match `pattern` (anchored; see `StringRules.pattern`).
    public static func string(minLength: Int? = nil, maxLength: Int? = nil, pattern: String) -> Schema {
        .string(StringRules(minLength: minLength, maxLength: maxLength, pattern: pattern))
    }

    /// A string restricted to `values` (an enum).
    public static func string(oneOf values: [String]) -> Schema {
        .string(StringRules(allowedValues: values))
    }

    /// Request-side date-time: RFC 3339 with a zone.
    public static var dateTimeWithOffset: Schema { .string(format: .dateTimeWithOffset) }

    /// Response-side date-time: `YYYY-MM-DDTHH:MM:SSZ`.
    public static var dateTimeUTC: Schema { .string(format: .dateTimeUTC) }

    public static func integer(min: Int64? = nil, max: Int64? = nil) -> Schema {
        .integer(IntegerRules(minimum: min, maximum: max))
    }

    /// A calendar day `YYYY-MM-DD` (`format: date`).
    public static var date: Schema { .string(format: .date) }

    public static func number(min: Double? = nil, max: Double? = nil) -> Schema {
        .number(NumberRules(minimum: min, maximum: max))
    }

    /// A number strictly greater than `bound` (`exclusiveMinimum`), at most `max`.
    public static func number(greaterThan bound: Double, max: Double? = nil) -> Schema {
        .number(NumberRules(exclusiveMinimum: bound, maximum: max))
    }

    public static func array(of items: Schema, minItems: Int? = nil, maxItems: Int? = nil, uniqueItems: Bool = false) -> Schema {
        .array(ArrayRules(items: items, minItems: minItems, maxItems: maxItems, uniqueItems: uniqueItems))
    }

    /// An object schema; pass a name to publish it as a reusable OpenAPI component.
    public static func object(
        _ name: String? = nil,
        description: String? = nil,
        allowsUnknownKeys: Bool = false,
        minProperties: Int? = nil,
        @PropertiesBuilder properties: () -> [Property]
    ) -> Schema {
        .object(ObjectSchema(name: name, description: description, properties: properties(), allowsUnknownKeys: allowsUnknownKeys,
                             minProperties: minProperties))
    }

    /// This schema or `null` (Zod's `.nullable()`).
    public var orNull: Schema {
        switch self {
        case .nullable, .any, .null: self
        default: .nullable(self)
        }
    }
}

/// Collects `Property` lines inside `Schema.object { … }`, with `if` and `for` support so shared
/// property groups can be spliced in.
@resultBuilder
public enum PropertiesBuilder {
    public static func buildExpression(_ property: Property) -> [Property] { [property] }
    public static func buildExpression(_ properties: [Property]) -> [Property] { properties }
    public static func buildBlock(_ groups: [Property]...) -> [Property] { groups.flatMap { $0 } }
    public static func buildOptional(_ group: [Property]?) -> [Property] { group ?? [] }
    public static func buildEither(first group: [Property]) -> [Property] { group }
    public static func buildEither(second group: [Property]) -> [Property] { group }
    public static func buildArray(_ groups: [[Property]]) -> [Property] { groups.flatMap { $0 } }
}

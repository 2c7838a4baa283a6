/// The shape of a JSON value, declared once per request or response type.
///
/// Both `SchemaValidator` (what we accept) and `OpenAPIDocument` (what we publish) read the same
/// declaration, so the documentation cannot drift from the behaviour. Requests use it like Zod's
/// strict objects; responses use it to document, and in tests to check, what we emit.
public indirect enum Schema: Sendable, Hashable {
    case string(StringRules)
    case integer(IntegerRules)
    /// A finite JSON number; integers are numbers too.
    case number(NumberRules)
    case boolean
    /// Only JSON `null` (e.g. `"error": null` in a success envelope).
    case null
    case array(ArrayRules)
    case object(ObjectSchema)
    /// The wrapped schema, or `null`. Whether a key may be *absent* is a separate question,
    /// answered by `Property.isRequired` (Zod's `.optional()`).
    case nullable(Schema)
    /// Any JSON value.
    case any
}

public struct StringRules: Sendable, Hashable {
    /// Lengths count UTF-16 code units, as JavaScript's `string.length` (and therefore Zod) does.
    public var minLength: Int?
    public var maxLength: Int?
    /// When set, the string must be one of these values (OpenAPI `enum`).
    public var allowedValues: [String]?
    public var format: StringFormat?
    /// A regular expression the whole string must match (OpenAPI `pattern`), for refusal rules
    /// no format names: `syncVersion=N`, a cursor, a header's characters. Write it anchored
    /// (`^…$`) in the subset ECMA-262 (the document's readers) and ICU (`SchemaPattern`, which
    /// enforces it) agree on: literals, classes with ranges and `\x` escapes, quantifiers,
    /// groups, alternation. Every string refuses U+0000 whatever its rules (a text column cannot
    /// store it); a declared pattern must refuse it too, so the document states that rule.
    public var pattern: String?

    public init(minLength: Int? = nil, maxLength: Int? = nil, allowedValues: [String]? = nil, format: StringFormat? = nil,
                pattern: String? = nil) {
        self.minLength = minLength
        self.maxLength = maxLength
        self.allowedValues = allowedValues
        self.format = format
        self.pattern = pattern
    }
}

public enum StringFormat: Sendable, Hashable {
    /// A date-time with a zone, as the contracts' zod 4 schemas accept it (`APIDate.parseWithOffset`):
    /// RFC 3339 with `Z` or `±HH:MM`, optional fraction, and also without seconds or with `±HHMM`.
    /// What requests may send; published as `format: date-time`, which every accepted form but
    /// those two is.
    case dateTimeWithOffset
    /// Exactly `YYYY-MM-DDTHH:MM:SSZ`: what responses carry (all the iOS decoder accepts).
    case dateTimeUTC
    /// An absolute URL with a scheme and a host.
    case uri
    case email
    /// 8-4-4-4-12 hexadecimal digits, either case.
    case uuid
    /// A calendar day, exactly `YYYY-MM-DD` naming a real date (RFC 3339 `full-date`), published
    /// as `format: date`; `APIDate.parseDay` is the check.
    case date
}

public struct IntegerRules: Sendable, Hashable {
    public var minimum: Int64?
    public var maximum: Int64?

    public init(minimum: Int64? = nil, maximum: Int64? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }
}

public struct NumberRules: Sendable, Hashable {
    public var minimum: Double?
    /// The number must be greater than this (JSON Schema `exclusiveMinimum`): a dose, a length.
    public var exclusiveMinimum: Double?
    public var maximum: Double?

    public init(minimum: Double? = nil, exclusiveMinimum: Double? = nil, maximum: Double? = nil) {
        self.minimum = minimum
        self.exclusiveMinimum = exclusiveMinimum
        self.maximum = maximum
    }
}

public struct ArrayRules: Sendable, Hashable {
    public var items: Schema
    public var minItems: Int?
    public var maxItems: Int?
    /// No item may appear twice (JSON Schema `uniqueItems`); an integer and the equal number
    /// count as the same item, as JSON Schema compares them.
    public var uniqueItems: Bool

    public init(items: Schema, minItems: Int? = nil, maxItems: Int? = nil, uniqueItems: Bool = false) {
        self.items = items
        self.minItems = minItems
        self.maxItems = maxItems
        self.uniqueItems = uniqueItems
    }
}

/// An object with a fixed set of properties. Unknown keys are rejected unless explicitly allowed
/// (the equivalent of Zod's `.passthrough()`, reserved for forward-compatible payloads).
public struct ObjectSchema: Sendable, Hashable {
    /// A name turns the object into an OpenAPI component referenced by `$ref`.
    public var name: String?
    public var description: String?
    public var properties: [Property]
    public var allowsUnknownKeys: Bool
    /// The fewest keys an object may have (JSON Schema `minProperties`), for bodies whose keys
    /// are all optional but which must say something (a change naming at least one field).
    public var minProperties: Int?

    public init(name: String? = nil, description: String? = nil, properties: [Property], allowsUnknownKeys: Bool = false,
                minProperties: Int? = nil) {
        self.name = name
        self.description = description
        self.properties = properties
        self.allowsUnknownKeys = allowsUnknownKeys
        self.minProperties = minProperties
    }

    public func property(named name: String) -> Property? {
        properties.first { $0.name == name }
    }
}

public struct Property: Sendable, Hashable {
    public var name: String
    public var schema: Schema
    /// `false` means the key may be absent. In responses every key should be required: the iOS
    /// decoders need nullable keys present as `null`, which `.nullable` expresses.
    public var isRequired: Bool
    public var description: String?

    public init(_ name: String, _ schema: Schema, required: Bool = true, description: String? = nil) {
        self.name = name
        self.schema = schema
        self.isRequired = required
        self.description = description
    }
}

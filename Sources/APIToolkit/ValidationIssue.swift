/// One reason a value does not match its schema, addressed by path so a client can point at the
/// offending field: `entries[3].startDate`.
public struct ValidationIssue: Sendable, Hashable, CustomStringConvertible {
    /// Machine-readable issue codes, named after Zod's where one exists so clients of the
    /// previous server keep working.
    public struct Code: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }

        /// Wrong JSON type, including `null` where a value is required and `3.5` for an integer.
        public static let invalidType: Code = "invalid_type"
        /// A required key is absent.
        public static let required: Code = "required"
        /// A key the schema does not declare (objects are strict unless they opt in).
        public static let unrecognizedKey: Code = "unrecognized_key"
        /// Below a minimum: length, item count or value.
        public static let tooSmall: Code = "too_small"
        /// Above a maximum: length, item count or value.
        public static let tooBig: Code = "too_big"
        public static let invalidEnumValue: Code = "invalid_enum_value"
        public static let invalidDatetime: Code = "invalid_datetime"
        /// A string that is not a valid URI, e-mail address or UUID.
        public static let invalidFormat: Code = "invalid_format"
        public static let notFinite: Code = "not_finite"
        /// Rejected by a type's own decoding logic after the schema accepted it.
        public static let invalidValue: Code = "invalid_value"
    }

    /// Where the problem is; empty for the document root.
    public var path: String
    public var code: Code
    /// A sentence about the value, without the path (e.g. "must be at most 120 characters long").
    public var message: String

    public init(path: String, code: Code, message: String) {
        self.path = path
        self.code = code
        self.message = message
    }

    /// `path: message`, or just the message at the root: what a client shows a developer.
    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }

    /// The issue as it appears in error envelopes: `{"path": …, "code": …, "message": …}`.
    public var jsonValue: JSONValue {
        ["path": .string(path), "code": .string(code.rawValue), "message": .string(message)]
    }

    /// The schema of `jsonValue`, for OpenAPI documents.
    public static let schema: Schema = .object("ValidationIssue") {
        Property("path", .string(), description: "Location of the offending value, e.g. entries[3].startDate; empty for the whole body.")
        Property("code", .string(), description: "Machine-readable reason, e.g. invalid_type, required, unrecognized_key.")
        Property("message", .string())
    }
}

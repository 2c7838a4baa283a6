/// Checks a parsed JSON value against a `Schema` and reports every problem with its path.
///
/// Integer schemas accept integral numbers written with a fraction (`3.0`), as Zod's
/// `z.number().int()` does, because JavaScript clients cannot tell them apart; `3.5` is
/// `invalid_type`. Collection stops after `issueLimit` issues so a hostile 500-entry batch cannot
/// make us build an enormous error response.
public enum SchemaValidator {
    public static let defaultIssueLimit = 100

    public static func validate(_ value: JSONValue, against schema: Schema, issueLimit: Int = defaultIssueLimit) -> [ValidationIssue] {
        var run = ValidationRun(limit: issueLimit)
        run.check(value, against: schema)
        return run.issues
    }
}

struct ValidationRun {
    let limit: Int
    var issues: [ValidationIssue] = []
    /// The path to the value being checked; rendered to text only when an issue is recorded.
    var path: [JSONPathComponent] = []

    init(limit: Int) {
        self.limit = limit
    }

    var isFull: Bool { issues.count >= limit }

    mutating func report(_ code: ValidationIssue.Code, _ message: String) {
        guard !isFull else { return }
        issues.append(ValidationIssue(path: JSONPath.render(path), code: code, message: message))
    }

    mutating func check(_ value: JSONValue, against schema: Schema) {
        guard !isFull else { return }
        switch schema {
        case .any:
            return
        case .nullable(let wrapped):
            if !value.isNull { check(value, against: wrapped) }
        case .null:
            if !value.isNull { reportType(expected: "null", got: value) }
        case .boolean:
            if value.boolValue == nil { reportType(expected: "a boolean", got: value) }
        case .string(let rules):
            guard case .string(let string) = value else { return reportType(expected: "a string", got: value) }
            checkString(string, rules)
        case .integer(let rules):
            checkInteger(value, rules)
        case .number(let rules):
            checkNumber(value, rules)
        case .array(let rules):
            guard case .array(let elements) = value else { return reportType(expected: "an array", got: value) }
            checkArray(elements, rules)
        case .object(let objectSchema):
            guard case .object(let object) = value else { return reportType(expected: "an object", got: value) }
            checkObject(object, objectSchema)
        }
    }

    private mutating func reportType(expected: String, got value: JSONValue) {
        let actual: String
        switch value {
        case .integer: actual = "an integer"
        case .number: actual = "a number"
        case .array, .object: actual = "an \(value.typeName)"
        case .null: actual = "null"
        default: actual = "a \(value.typeName)"
        }
        report(.invalidType, "expected \(expected), got \(actual)")
    }

    private mutating func checkInteger(_ value: JSONValue, _ rules: IntegerRules) {
        let integer: Int64
        switch value {
        case .integer(let exact):
            integer = exact
        case .number(let number) where !number.isFinite:
            return report(.notFinite, "must be a finite number")
        case .number(let number) where number.rounded(.towardZero) != number:
            return report(.invalidType, "expected an integer, got a fractional number")
        case .number(let number):
            guard let exact = Int64(exactly: number) else {
                return number < 0 ? report(.tooSmall, "is below the 64-bit integer range")
                    : report(.tooBig, "is above the 64-bit integer range")
            }
            integer = exact
        default:
            return reportType(expected: "an integer", got: value)
        }
        if let minimum = rules.minimum, integer < minimum { report(.tooSmall, "must be at least \(minimum)") }
        if let maximum = rules.maximum, integer > maximum { report(.tooBig, "must be at most \(maximum)") }
    }

    private mutating func checkNumber(_ value: JSONValue, _ rules: NumberRules) {
        guard let number = value.doubleValue else { return reportType(expected: "a number", got: value) }
        guard number.isFinite else { return report(.notFinite, "must be a finite number") }
        if let minimum = rules.minimum, number < minimum { report(.tooSmall, "must be at least \(Self.describe(minimum))") }
        if let bound = rules.exclusiveMinimum, number <= bound { report(.tooSmall, "must be greater than \(Self.describe(bound))") }
        if let maximum = rules.maximum, number > maximum { report(.tooBig, "must be at most \(Self.describe(maximum))") }
    }

    private mutating func checkArray(_ elements: [JSONValue], _ rules: ArrayRules) {
        if let minItems = rules.minItems, elements.count < minItems {
            report(.tooSmall, "must contain at least \(minItems) item\(minItems == 1 ? "" : "s")")
        }
        if let maxItems = rules.maxItems, elements.count > maxItems {
            // Elements are not inspected: the whole array is rejected and may be huge.
            return report(.tooBig, "must contain at most \(maxItems) item\(maxItems == 1 ? "" : "s")")
        }
        for (index, element) in elements.enumerated() {
            guard !isFull else { return }
            path.append(.index(index))
            check(element, against: rules.items)
            path.removeLast()
        }
        if rules.uniqueItems, elements.indices.contains(where: { index in elements[..<index].contains { Self.sameItem($0, elements[index]) } }) {
            report(.invalidValue, "must not contain the same item twice")
        }
    }

    /// JSON Schema's equality for `uniqueItems`: `1` and `1.0` are the same number.
    private static func sameItem(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.integer(let integer), .number(let number)), (.number(let number), .integer(let integer)):
            Double(exactly: integer) == number
        default:
            left == right
        }
    }

    /// Walks the body's keys in order (known ones validated, unknown ones reported), then reports
    /// required properties that were absent, in declaration order.
    private mutating func checkObject(_ object: JSONObject, _ schema: ObjectSchema) {
        for member in object.members {
            path.append(.key(member.key))
            if let property = schema.property(named: member.key) {
                check(member.value, against: property.schema)
            } else if !schema.allowsUnknownKeys {
                report(.unrecognizedKey, "is not a recognized key")
            }
            path.removeLast()
        }
        for property in schema.properties where property.isRequired && !object.contains(key: property.name) {
            path.append(.key(property.name))
            report(.required, "is required")
            path.removeLast()
        }
        if let minimum = schema.minProperties, object.members.count < minimum {
            report(.tooSmall, "must have at least \(minimum) \(minimum == 1 ? "key" : "keys")")
        }
    }

    /// `5.0` reads better as `5` in messages about limits.
    static func describe(_ number: Double) -> String {
        if let integer = Int64(exactly: number) { return String(integer) }
        return number.description
    }
}

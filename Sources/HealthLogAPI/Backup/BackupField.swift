import APIToolkit
import Foundation
import Storage

/// One key of a backup row and the column it is stored in, with both conversions: the stored
/// value as the document writes it (`json`), and a validated document value as it is stored
/// (`sql`). Export, import and the re-import comparison all go through these two functions, so
/// a row read from the database and the same row read from a document compare equal.
struct BackupField: Sendable {
    enum Kind: Sendable {
        case text, integer, number
        /// 0/1 in the column, `true`/`false` in the document.
        case boolean
        /// Unix seconds in the column, `YYYY-MM-DDTHH:MM:SSZ` in the document.
        case dateTime
        /// JSON array text in the column, an array of strings in the document.
        case stringList
    }

    let name: String
    let column: String
    let kind: Kind
    /// What the document may hold: the value's schema, `orNull` for a nullable column.
    let schema: Schema
    let description: String?

    init(_ name: String, _ column: String, _ kind: Kind, _ schema: Schema, description: String? = nil) {
        self.name = name
        self.column = column
        self.kind = kind
        self.schema = schema
        self.description = description
    }

    /// A stored value as the document writes it.
    func json(_ value: SQLValue) throws -> JSONValue {
        switch (kind, value) {
        case (_, .null): return .null
        case (.text, .text(let text)): return .string(text)
        case (.integer, .integer(let integer)): return .integer(integer)
        case (.number, .real(let number)): return .number(number)
        case (.number, .integer(let integer)): return .number(Double(integer))
        case (.boolean, .integer(let flag)): return .bool(flag != 0)
        case (.dateTime, .integer(let seconds)):
            return .string(APIDate.format(Date(timeIntervalSince1970: TimeInterval(seconds))))
        case (.stringList, .text(let text)):
            guard case .array(let items) = try JSONParser.parse(Array(text.utf8)) else { break }
            return .array(items)
        default: break
        }
        throw DatabaseError(.typeMismatch, "column \(column) holds \(value.typeName), not a backup \(kind) value")
    }

    /// The column, taking the value a validated document row holds under `name`.
    var insertColumn: InsertColumn<JSONObject> {
        InsertColumn(column) { [self] row in sql(row[name] ?? .null) }
    }

    /// A document value the schema accepted, as the column stores it.
    func sql(_ value: JSONValue) -> SQLValue {
        switch (kind, value) {
        case (_, .null): .null
        case (.text, .string(let text)): .text(text)
        case (.integer, _): value.integerValue.map(SQLValue.integer) ?? .null
        case (.number, _): value.doubleValue.map(SQLValue.real) ?? .null
        case (.boolean, .bool(let flag)): .integer(flag ? 1 : 0)
        case (.dateTime, .string(let text)): APIDate.parseUTC(text).map { .integer(Int64($0.timeIntervalSince1970)) } ?? .null
        case (.stringList, .array): (try? JSONSerializer.serialize(value)).map { .text(String(decoding: $0, as: UTF8.self)) } ?? .null
        default: .null
        }
    }

    var property: Property { Property(name, schema, description: description) }
}

/// Nullable columns shown as one nested object (a medication's GLP-1 details): the object, or
/// `null` when every column is NULL. Its schema is strict: the nested object is a known shape,
/// not a place for forward-compatible additions.
struct BackupGroup: Sendable {
    let name: String
    let schemaName: String
    let description: String
    let fields: [BackupField]

    func json(_ stored: (_ column: String) -> SQLValue) throws -> JSONValue {
        let members = try fields.map { ($0.name, try $0.json(stored($0.column))) }
        return members.allSatisfy { $0.1.isNull } ? .null : .object(JSONObject(members))
    }

    /// The columns, each taking its member of the group's object in a validated document row;
    /// all NULL for a `null` group.
    var insertColumns: [InsertColumn<JSONObject>] {
        fields.map { field in
            InsertColumn(field.column) { [name] row in row[name]?[field.name].map(field.sql) ?? .null }
        }
    }

    var property: Property {
        Property(name, Schema.object(ObjectSchema(name: schemaName, description: description,
                                                  properties: fields.map(\.property))).orNull)
    }
}

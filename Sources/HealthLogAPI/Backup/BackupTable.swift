import APIToolkit
import Storage

/// One array of the backup document and the table behind it, declared once: the row's keys,
/// how the export pages through the user's rows, what the import must refuse, and what it
/// writes besides the document's values. `BackupTables` declares the five.
struct BackupTable: Sendable {
    /// The document's key for the array (`measurements`).
    let key: String
    let table: String
    let schemaName: String
    let description: String
    /// The row carries `id`, an identifier other rows of the document link to (a medication's):
    /// the export writes the stored id, the import gives the row a fresh one.
    var hasDocumentID = false
    /// The key linking the row to another row of the document (an intake's `medicationId`).
    var reference: BackupField?
    let fields: [BackupField]
    var groups: [BackupGroup] = []
    /// The export's page order, unique per user, made of columns no write changes: a row
    /// edited while an export runs can never be read twice, and an index serves the order.
    let pageKey: [String]
    /// Field names whose values the table holds once per user (its UNIQUE constraints; NULLs
    /// never collide). The import refuses a document that repeats one.
    var uniqueKeys: [[String]] = []
    /// A contract §13 synced table: imported rows take sync versions and `updated_at` in ms.
    var synced = false
    /// Rows are soft-deleted (`deleted_at`): only live rows are exported.
    var softDeletes = true

    static let documentIDKey = "id"
    static let documentIDSchema: Schema = .string(minLength: 1, maxLength: 64)

    /// Every value column the import writes, each with the value a validated document row gives
    /// it; the reference as the row holds it (the import first puts the stored id there).
    var valueInsertColumns: [InsertColumn<JSONObject>] {
        (reference.map { [$0.insertColumn] } ?? []) + fields.map(\.insertColumn) + groups.flatMap(\.insertColumns)
    }

    /// The names of `valueInsertColumns`.
    var valueColumns: [String] { valueInsertColumns.map(\.name) }

    private var selectList: String {
        var columns = ["id"]
        for column in pageKey + valueColumns where !columns.contains(column) { columns.append(column) }
        return columns.joined(separator: ", ")
    }

    /// A stored row as the document writes it.
    func json(_ row: Row) throws -> JSONObject {
        try json(documentID: hasDocumentID ? try row.decode(String.self, "id") : nil) { row[$0] ?? .null }
    }

    /// The row whose columns hold `stored`; `documentID` is written as `id` when the table has one.
    func json(documentID: String?, _ stored: (_ column: String) -> SQLValue) throws -> JSONObject {
        var object = JSONObject()
        if let documentID { object[Self.documentIDKey] = .string(documentID) }
        if let reference { object[reference.name] = try reference.json(stored(reference.column)) }
        for field in fields { object[field.name] = try field.json(stored(field.column)) }
        for group in groups { object[group.name] = try group.json(stored) }
        return object
    }

    /// A validated document row's column values, in `valueColumns` order.
    func values(of row: JSONObject) -> [SQLValue] {
        valueInsertColumns.map { $0.value(row) }
    }

    /// A validated document row as the export would write it once stored: only the keys this
    /// version knows, every value in the form the database gives back.
    func normalized(_ row: JSONObject) throws -> JSONObject {
        let stored = Dictionary(uniqueKeysWithValues: zip(valueColumns, values(of: row)))
        return try json(documentID: hasDocumentID ? row[Self.documentIDKey]?.stringValue : nil) { stored[$0] ?? .null }
    }

    /// Up to `limit` of the user's rows after `cursor` (the previous page's last `pageKey`
    /// values; nil for the first page), in `pageKey` order.
    func page(userID: String, after cursor: [SQLValue]?, limit: Int, on connection: any DatabaseConnection) throws -> [Row] {
        var sql = "SELECT \(selectList) FROM \(table) WHERE user_id = $1"
        if softDeletes { sql += " AND deleted_at IS NULL" }
        if let cursor {
            let placeholders = placeholderList(count: cursor.count, from: 2)
            sql += " AND (\(pageKey.joined(separator: ", "))) > (\(placeholders))"
        }
        sql += " ORDER BY \(pageKey.joined(separator: ", ")) LIMIT \(limit)"
        return try connection.query(sql, [.text(userID)] + (cursor ?? []))
    }

    /// The cursor after `row`.
    func cursor(after row: Row) -> [SQLValue] {
        pageKey.map { row[$0] ?? .null }
    }

    /// Every exported row of the user, a page at a time, on one connection, until `body`
    /// returns false.
    func forEachRow(userID: String, pageSize: Int, on connection: any DatabaseConnection, _ body: (Row) throws -> Bool) throws {
        var cursor: [SQLValue]?
        while true {
            let rows = try page(userID: userID, after: cursor, limit: pageSize, on: connection)
            for row in rows where try !body(row) { return }
            guard rows.count == pageSize, let last = rows.last else { return }
            cursor = self.cursor(after: last)
        }
    }

    /// Open: keys this version does not know are accepted and ignored (forward-compatible additions).
    var schema: Schema {
        var properties: [Property] = []
        if hasDocumentID {
            properties.append(Property(Self.documentIDKey, Self.documentIDSchema,
                                       description: "Identifies the row inside this document; other rows link to it. Not kept on import."))
        }
        if let reference { properties.append(reference.property) }
        properties += fields.map(\.property) + groups.map(\.property)
        return .object(ObjectSchema(name: schemaName, description: description + " Unknown keys are accepted and ignored.",
                                    properties: properties, allowsUnknownKeys: true))
    }
}

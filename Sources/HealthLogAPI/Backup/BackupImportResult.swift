import APIToolkit

/// What an import did, per array of the document: rows inserted, or rows the account already
/// held (a repeated import).
struct BackupImportResult: Sendable {
    /// Rows per document array, in document order.
    let counts: [(key: String, rows: Int)]
    /// False when the account already held the document: nothing was written.
    let inserted: Bool

    init(_ document: BackupImportDocument, inserted: Bool) {
        counts = BackupTables.all.map { ($0.key, document.rows(of: $0).count) }
        self.inserted = inserted
    }

    var json: JSONValue {
        let total = Int64(counts.reduce(0) { $0 + $1.rows })
        var object: JSONObject = ["inserted": .integer(inserted ? total : 0), "duplicates": .integer(inserted ? 0 : total)]
        for (key, rows) in counts {
            object[key] = ["inserted": .integer(inserted ? Int64(rows) : 0), "duplicates": .integer(inserted ? 0 : Int64(rows))]
        }
        return .object(object)
    }

    /// The audit row's details: rows inserted per array.
    var auditDetails: JSONObject {
        JSONObject(counts.map { ($0.key, JSONValue.integer(inserted ? Int64($0.rows) : 0)) })
    }

    static let countSchema: Schema = .object("BackupImportCount") {
        Property("inserted", .integer(min: 0))
        Property("duplicates", .integer(min: 0), description: "Rows the account already held (a repeated import).")
    }

    static let schema: Schema = .object("BackupImportResult") {
        Property("inserted", .integer(min: 0), description: "Rows written, all arrays together.")
        Property("duplicates", .integer(min: 0), description: "Rows already held, all arrays together.")
        for table in BackupTables.all { Property(table.key, countSchema) }
    }
}

import APIToolkit

/// A backup document checked for import, before anything is written: parsed (400 otherwise),
/// of the supported version (422 `backup.unsupported_version`), valid against
/// `BackupDocument.schema` (422 with the path), with a known time zone, every intake linked to
/// a medication of the document, and no row repeating another's unique key (422 with the path
/// of the repeat: the account could not hold both), and medication names the routes would
/// accept (the prompt-safety filter of contract §5).
struct BackupImportDocument: Sendable {
    let profile: BackupProfile.Restored
    /// The document's rows by table key.
    private let rows: [String: [JSONObject]]

    init(_ bytes: [UInt8]) throws {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw APIError.malformedJSON(error) }
        if let version = value["version"]?.integerValue, version != BackupDocument.version {
            throw BackupImport.unsupportedVersion(version)
        }
        let issues = SchemaValidator.validate(value, against: BackupDocument.schema)
        guard issues.isEmpty else { throw APIError.unprocessable(issues: issues) }
        let root = value.objectValue ?? JSONObject()
        profile = try BackupProfile.restored(from: root["profile"]?.objectValue ?? JSONObject())
        var rows: [String: [JSONObject]] = [:]
        for table in BackupTables.all { rows[table.key] = (root[table.key]?.arrayValue ?? []).compactMap(\.objectValue) }
        self.rows = rows
        for (index, medication) in (rows[BackupTables.medications.key] ?? []).enumerated() {
            try PromptSafeText.validate(medication["name"]?.stringValue ?? "", field: "medications[\(index)].name")
        }
        try checkLinks()
        for table in BackupTables.all { try checkUniqueKeys(table) }
    }

    func rows(of table: BackupTable) -> [JSONObject] { rows[table.key] ?? [] }

    /// Rows that take a sync version when stored.
    var syncedRowCount: Int { BackupTables.all.filter(\.synced).reduce(0) { $0 + rows(of: $1).count } }

    /// Document ids are unique, and every reference names one of them.
    private func checkLinks() throws {
        var documentIDs = Set<String>()
        for table in BackupTables.all {
            for (index, row) in rows(of: table).enumerated() {
                if table.hasDocumentID, let id = row[BackupTable.documentIDKey]?.stringValue, !documentIDs.insert(id).inserted {
                    throw APIError.invalidValue(at: "\(table.key)[\(index)].\(BackupTable.documentIDKey)", "repeats the id of another row")
                }
                if let reference = table.reference, let linked = row[reference.name]?.stringValue, !documentIDs.contains(linked) {
                    throw APIError.invalidValue(at: "\(table.key)[\(index)].\(reference.name)", "names no row of this document")
                }
            }
        }
    }

    private func checkUniqueKeys(_ table: BackupTable) throws {
        for key in table.uniqueKeys {
            var seen: [[JSONValue]: Int] = [:]
            for (index, row) in rows(of: table).enumerated() {
                let values = key.map { row[$0] ?? .null }
                guard !values.contains(where: \.isNull) else { continue }
                if let first = seen.updateValue(index, forKey: values) {
                    throw APIError.invalidValue(at: "\(table.key)[\(index)].\(key.last ?? "")",
                                               "repeats \(table.key)[\(first)]: one row per \(key.joined(separator: ", "))")
                }
            }
        }
    }
}

import APIToolkit
import Secrets
import Storage

/// The re-import rule: an account already holds a document when an export of it now would
/// write exactly the document's rows — the same values, each as often — leaving out ids,
/// `exportedAt` and the profile. Rows are compared by a digest of their normalized JSON, a link
/// (an intake's `medicationId`) by the digest of the row it names, so fresh ids do not matter.
enum BackupFingerprint {
    static func accountHolds(_ document: BackupImportDocument, userID: String, on connection: any DatabaseConnection) throws -> Bool {
        var documentLinks: [String: String] = [:], storedLinks: [String: String] = [:]
        for table in BackupTables.all {
            var expected: [String: Int] = [:]
            for row in document.rows(of: table) {
                let digest = try digest(try table.normalized(row), of: table, links: documentLinks)
                if table.hasDocumentID, let id = row[BackupTable.documentIDKey]?.stringValue { documentLinks[id] = digest }
                expected[digest, default: 0] += 1
            }
            var surplus = false
            try table.forEachRow(userID: userID, pageSize: BackupExport.pageSize, on: connection) { row in
                let digest = try digest(try table.json(row), of: table, links: storedLinks)
                if table.hasDocumentID { storedLinks[try row.decode("id")] = digest }
                guard let left = expected[digest], left > 0 else {
                    surplus = true
                    return false
                }
                expected[digest] = left - 1
                return true
            }
            if surplus || expected.values.contains(where: { $0 > 0 }) { return false }
        }
        return true
    }

    /// The row without its document id, its link replaced by the linked row's digest.
    private static func digest(_ row: JSONObject, of table: BackupTable, links: [String: String]) throws -> String {
        var row = row
        row[BackupTable.documentIDKey] = nil
        if let reference = table.reference, let linked = row[reference.name]?.stringValue {
            row[reference.name] = .string(links[linked] ?? "")
        }
        return Digest.sha256Hex(String(decoding: try JSONSerializer.serialize(.object(row)), as: UTF8.self))
    }
}

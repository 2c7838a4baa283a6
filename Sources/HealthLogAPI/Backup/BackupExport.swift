import APIToolkit
import Foundation
import HTTPServer
import Storage

/// `GET /api/backup/export`: the account as one backup document, streamed. The profile is read
/// first; then each table a page at a time (`pageSize` rows per query, in the table's page
/// order), each page serialized off the event loop and written before the next is read, so a
/// user with years of data never has the document in memory, and a slow client slows the reads.
/// Pages are separate reads, not one snapshot: a row written while the export runs may or may
/// not be in it, none is in it twice, and an intake is only written with its medication.
enum BackupExport {
    static let pageSize = 1_000
    static let contentType = "application/json; charset=utf-8"

    static let endpoint = Endpoint(
        .get, "/api/backup/export", operationId: "exportBackup", summary: "Download everything the account holds (backup document)",
        tags: ["backup"], access: .user,
        success: .unenveloped(200, """
            The HealthLogBackup document itself, not in the {data, error} envelope, streamed (chunked) with \
            Content-Disposition: attachment; filename="healthlog-backup-YYYY-MM-DD.json" (the UTC day of exportedAt). \
            A transfer that ends without the final chunk is incomplete: discard it.
            """, schema: BackupDocument.schema)
    ) { context in
        { call in
            let userID = try call.user().userID, request = call.request, now = Clock.now()
            let exportedAt = APIDate.format(Date(timeIntervalSince1970: TimeInterval(now)))
            let head = try await context.database.transaction { connection in
                guard let profile = try BackupProfile.json(userID: userID, on: connection) else { throw AuthErrors.unauthorized }
                try AuditEntry(AuditAction.backupExport, userID: userID, request: request, at: now).insert(on: connection)
                return try documentHead(profile: profile, exportedAt: exportedAt)
            }
            let headers: HTTPHeaders = ["Content-Disposition": "attachment; filename=\"healthlog-backup-\(exportedAt.prefix(10)).json\""]
            return .stream(contentType: contentType, headers: headers) { body in
                try await body.write(head)
                var documentIDs = Set<String>()
                for table in BackupTables.all {
                    try await body.write(",\"\(table.key)\":[")
                    var cursor: [SQLValue]?, first = true
                    repeat {
                        let linkable = documentIDs, after = cursor, leading = !first
                        let page = try await context.database.read { connection in
                            try Page(table: table, userID: userID, after: after, linkable: linkable, leadingComma: leading, on: connection)
                        }
                        if !page.bytes.isEmpty { try await body.write(page.bytes) }
                        documentIDs.formUnion(page.documentIDs)
                        (cursor, first) = (page.next, first && page.bytes.isEmpty)
                    } while cursor != nil
                    try await body.write("]")
                }
                try await body.write("}")
            }
        }
    }

    /// `{"format":…,"version":…,"exportedAt":…,"profile":{…}` — the document up to its arrays.
    static func documentHead(profile: JSONObject, exportedAt: String) throws -> [UInt8] {
        let head: JSONValue = ["format": .string(BackupDocument.format), "version": .integer(BackupDocument.version),
                               "exportedAt": .string(exportedAt), "profile": .object(profile)]
        return Array(try JSONSerializer.serialize(head).dropLast())
    }

    /// One page of a table, serialized: rows separated by commas (`leadingComma` when rows came
    /// before), the cursor of the next page (nil after the last), and the document ids written.
    /// A row whose reference names none of the `linkable` ids already written is left out.
    struct Page: Sendable {
        var bytes: [UInt8] = []
        var next: [SQLValue]?
        var documentIDs: [String] = []

        init(table: BackupTable, userID: String, after cursor: [SQLValue]?, linkable: Set<String>, leadingComma: Bool,
             on connection: any DatabaseConnection) throws {
            let rows = try table.page(userID: userID, after: cursor, limit: BackupExport.pageSize, on: connection)
            var comma = leadingComma
            for row in rows {
                if let reference = table.reference, let linked = row[reference.column], case .text(let id) = linked,
                   !linkable.contains(id) {
                    continue  // its medication was added after the medications were written: both are newer than this export
                }
                if comma { bytes.append(UInt8(ascii: ",")) }
                try JSONSerializer.serialize(.object(try table.json(row)), appendingTo: &bytes)
                if table.hasDocumentID { documentIDs.append(try row.decode("id")) }
                comma = true
            }
            next = rows.count == BackupExport.pageSize ? rows.last.map(table.cursor(after:)) : nil
        }
    }
}

extension AuditAction {
    static let backupExport = "backup.export"
    static let backupImport = "backup.import"
}

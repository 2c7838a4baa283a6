import APIToolkit
import HTTPServer

/// `POST /api/backup/import`: restores a backup document into the caller's account, which must
/// hold no measurements, workouts, medications, intakes or mood entries (soft-deleted ones
/// count). Everything is written in one transaction; rows get fresh ids and sync versions, the
/// profile (not the e-mail) is restored onto the caller. Importing a document the account
/// already holds exactly (`BackupFingerprint`) changes nothing and answers 200 with every row a
/// duplicate, so repeating an import is safe.
enum BackupImport {
    /// Years of data from an export fit well under it (a measurement is about 300 bytes).
    static let maxBodyBytes = 50_000_000

    static let accountNotEmpty = APIError.conflict(
        "The account already holds data: a backup is restored only into an empty account", code: "backup.account_not_empty")

    static func unsupportedVersion(_ version: Int64) -> APIError {
        APIError(status: 422, code: "backup.unsupported_version",
                 message: "Backup version \(version) is not supported; this server reads version \(BackupDocument.version)",
                 details: ["path": "version", "supportedVersion": .integer(BackupDocument.version)])
    }

    static let endpoint = Endpoint(
        .post, "/api/backup/import", operationId: "importBackup", summary: "Restore a backup document into this empty account",
        tags: ["backup"], access: .user, documentedBody: BackupDocument.schema,
        success: OpenAPIResponse(200, """
            Restored, in one transaction; counts per array. A document the account already holds exactly (the rows an \
            export would now write, ids, exportedAt and profile aside) changes nothing: inserted 0, every row a duplicate. \
            A version other than \(BackupDocument.version) is 422 backup.unsupported_version.
            """, schema: BackupImportResult.schema),
        failures: [OpenAPIResponse(409, "backup.account_not_empty: the account holds other data (soft-deleted rows included)")]
    ) { context in
        { call in
            let userID = try call.user().userID, request = call.request
            let document = try await offload { try BackupImportDocument(request.body) }
            let result = try await BackupRestore.run(document, userID: userID, request: request, database: context.database)
            return try context.responses.ok(result.json)
        }
    }.limitingBody(to: maxBodyBytes)
}

import APIToolkit
import Foundation
import Storage

/// `PATCH /api/measurements/{id}` with `{"value": number}`: how iOS corrects a daily total that
/// grew after it was first posted (contract §12, late watch sync). Only the owner's rows exist
/// for the caller (404 otherwise); a soft-deleted row is 410; the value must be plausible for
/// the type. Contract §13: every write bumps `syncVersion` and `updatedAt`, and an `If-Match`
/// naming another `syncVersion` is 409 with `"error": "sync.conflict"` and the stored row in
/// `data`. An edit of a soft-deleted row is 410 whatever its version (§13.4). A changed value
/// re-runs personal-record detection, since a corrected daily total can be a new best day.
enum MeasurementPatchEndpoint {
    struct Body: RequestBody {
        let value: Double
        static let schema: Schema = .object("MeasurementValueChange") { Property("value", .number()) }
    }

    static let notFound = APIError.notFound("No such measurement", code: "measurement.not_found")
    static let gone = APIError(status: 410, code: "measurement.gone", message: "The measurement was deleted")

    static let endpoint = Endpoint(
        .patch, "/api/measurements/{id}", operationId: "patchMeasurement", summary: "Correct a measurement's value",
        tags: ["measurements"], access: .user, body: Body.self,
        success: OpenAPIResponse(200, "The updated row", schema: MeasurementRecord.schema),
        failures: [OpenAPIResponse(404, "measurement.not_found: no such row of the caller's"),
                   OpenAPIResponse(409, "sync.conflict: If-Match is not the stored syncVersion; error and meta.errorCode are sync.conflict, data is the stored row"),
                   OpenAPIResponse(410, "measurement.gone: the row was soft-deleted (checked before If-Match)")]
    ) { context in
        { call, body in
            let userID = try call.user().userID, id = (call.request.parameter("id") ?? "").lowercased()
            let expected = try expectedVersion(call.request.headers["If-Match"])
            let updated = try await context.database.transaction { connection in
                try update(id: id, userID: userID, value: body.value, expectedVersion: expected, on: connection)
            }
            return try context.responses.ok(updated)
        }
    }.withPathParameters([.path("id", .string(format: .uuid))])

    /// The version check is part of the write (`… AND sync_version = $expected`), so of two
    /// concurrent PATCHes with the same `If-Match` exactly one matches; the other changes nothing
    /// and is told 409, on PostgreSQL's READ COMMITTED as on SQLite. Only a write that changed
    /// nothing reads the row again, to tell 404, 410 and 409 apart.
    static func update(id: String, userID: String, value: Double, expectedVersion: Int64?,
                       on connection: any DatabaseConnection) throws -> MeasurementRecord {
        let select = "SELECT \(MeasurementRecord.columns) FROM measurements WHERE id = $1 AND user_id = $2"
        guard let before = try connection.queryFirst(select, id, userID) else { throw notFound }
        guard try before.decode(Int64?.self, "deleted_at") == nil else { throw gone }
        let type: String = try before.decode("type"), unit: String = try before.decode("unit")
        let start: Int64 = try before.decode("measured_at"), end: Int64 = try before.decode("end_at")
        if let mapping = MetricKinds.mapping(of: type), !mapping.fits(value, start: start, end: end) {
            let range = mapping.plausibleRange
            let message = mapping.valueIsInterval ? "must be the sample's duration, \(end - start) \(unit)"
                : "must be within \(range.lowerBound)…\(range.upperBound) \(unit)"
            throw APIError.unprocessable(issues: [ValidationIssue(path: "value", code: .invalidValue, message: message)])
        }
        let versionCondition = expectedVersion == nil ? "" : " AND sync_version = $5"
        let parameters: [SQLValue] = [.real(value), .integer(Clock.now()), .text(id), .text(userID)]
            + (expectedVersion.map { [.integer($0)] } ?? [])
        let changed = try connection.query("""
            UPDATE measurements SET value = $1, sync_version = sync_version + 1, updated_at = $2
            WHERE id = $3 AND user_id = $4 AND deleted_at IS NULL\(versionCondition)
            RETURNING \(MeasurementRecord.columns)
            """, parameters)
        if let row = changed.first {
            try PersonalRecordJobs.enqueue(userID: userID, now: Clock.now(), on: connection)
            return try MeasurementRecord(row: row)
        }
        guard let current = try connection.queryFirst(select, id, userID) else { throw notFound }
        guard try current.decode(Int64?.self, "deleted_at") == nil else { throw gone }
        throw APIError.conflict("sync.conflict", code: "sync.conflict", data: try APIEncoder().encode(try MeasurementRecord(row: current)))
    }

    /// `If-Match: 3` or `If-Match: "3"` (an entity tag); absent means unconditional.
    private static func expectedVersion(_ header: String?) throws -> Int64? {
        guard let header else { return nil }
        let trimmed = header.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        guard let version = Int64(trimmed), version >= 1 else {
            throw APIError.badRequest("If-Match must be a syncVersion", code: "sync.if_match_invalid")
        }
        return version
    }
}

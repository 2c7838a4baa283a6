import Foundation
import Storage

extension Database {
    /// Stores a measurement row directly (as ingest would have), returning its id.
    @discardableResult
    func insertMeasurement(user: String, type: String, source: String = "APPLE_HEALTH", externalId: String = UUID().uuidString,
                           hk: String? = nil, value: Double, unit: String, at measuredAt: Int64, end: Int64? = nil,
                           device: String? = nil, deletedAt: Int64? = nil) async throws -> String {
        let id = UUID().uuidString.lowercased()
        try await write { connection in try connection.execute("""
            INSERT INTO measurements (id, user_id, type, source, external_id, hk_identifier, value, unit, measured_at, end_at,
                                      device_type, deleted_at, created_at, updated_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, 1)
            """, [.text(id), .text(user), .text(type), .text(source), .text(externalId), hk.map(SQLValue.text) ?? .null,
                  .real(value), .text(unit), .integer(measuredAt), .integer(end ?? measuredAt),
                  device.map(SQLValue.text) ?? .null, deletedAt.map(SQLValue.integer) ?? .null]) }
        return id
    }
}

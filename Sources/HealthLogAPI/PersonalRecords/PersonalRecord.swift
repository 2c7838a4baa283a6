import APIToolkit
import Foundation
import Storage

/// One best-ever value of a user (`personal_records` row, `GET /api/personal-records` item).
struct PersonalRecord: Encodable, Sendable, Equatable {
    /// `best_steps_day`, `max_distance_day`, `max_active_energy_day`, `lowest_resting_heart_rate`,
    /// `highest_vo2max`, `longest_workout`.
    let record: String
    let value: Double
    let unit: String
    /// When it happened: the start of the local day for day records, the sample or workout start otherwise.
    let achievedAt: Date
    /// The local calendar day (`YYYY-MM-DD`, the user's time zone) for day records, else null.
    let day: String?
    let detectedAt: Date

    static let schema: Schema = .object("PersonalRecord") {
        Property("record", .string(oneOf: PersonalRecordDetector.kinds))
        Property("value", .number())
        Property("unit", .string(), description: "The metric's canonical unit (count, m, kcal, count/min, ml/(kg*min), s).")
        Property("achievedAt", .dateTimeUTC)
        Property("day", .string().orNull, description: "YYYY-MM-DD in the user's time zone for per-day records; null otherwise.")
        Property("detectedAt", .dateTimeUTC)
    }

    init(record: String, value: Double, unit: String, achievedAt: Int64, day: String?, detectedAt: Int64) {
        self.record = record
        self.value = value
        self.unit = unit
        self.achievedAt = Date(timeIntervalSince1970: TimeInterval(achievedAt))
        self.day = day
        self.detectedAt = Date(timeIntervalSince1970: TimeInterval(detectedAt))
    }

    init(row: Row) throws {
        self.init(record: try row.decode("record"), value: try row.decode("value"), unit: try row.decode("unit"),
                  achievedAt: try row.decode("achieved_at"), day: try row.decode("day"), detectedAt: try row.decode("detected_at"))
    }

    // MARK: Store: every statement on `personal_records` (StoreOwnershipTests)

    /// The user's records as last detected, by kind.
    static func stored(userID: String, on connection: any DatabaseConnection) throws -> [PersonalRecord] {
        try connection.query("""
            SELECT record, value, unit, achieved_at, day, detected_at FROM personal_records WHERE user_id = $1 ORDER BY record
            """, userID).map(PersonalRecord.init(row:))
    }

    /// Replaces the user's records by `records`.
    static func replace(userID: String, with records: [PersonalRecord], on connection: any DatabaseConnection) throws {
        try connection.execute("DELETE FROM personal_records WHERE user_id = $1", userID)
        for record in records {
            try connection.execute("""
                INSERT INTO personal_records (user_id, record, value, unit, achieved_at, day, detected_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7)
                """, userID, record.record, record.value, record.unit, record.achievedAt, record.day, record.detectedAt)
        }
    }
}

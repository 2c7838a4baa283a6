import APIToolkit
import Foundation
import Storage

/// `GET /api/measurements/daily` (one value per day for a cumulative metric) and
/// `GET /api/measurements` (every row of a point metric, the picker's marked `preferred`).
/// Days are the user's time zone; soft-deleted rows are left out.
enum MeasurementReadEndpoints {
    static let endpoints = [daily, list]
    /// Longest ranges: a year of daily totals; a quarter of raw points (heart rate alone is
    /// hundreds of rows a day).
    static let maximumDailyDays = 366, maximumListDays = 92

    struct DailyPage: Encodable, Sendable {
        let type: String
        let unit: String
        let timezone: String
        let days: [DailyTotals.Day]
    }

    struct ListedMeasurement: Encodable, Sendable {
        let record: MeasurementRecord
        let preferred: Bool

        enum Keys: String, CodingKey { case preferred }

        func encode(to encoder: any Encoder) throws {
            try record.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(preferred, forKey: .preferred)
        }
    }

    struct ListPage: Encodable, Sendable {
        let type: String
        let timezone: String
        let items: [ListedMeasurement]
    }

    static let daily = Endpoint(
        .get, "/api/measurements/daily", operationId: "getDailyTotals", summary: "One value per day for a cumulative metric",
        tags: ["measurements"], access: .user,
        queryParameters: [.query("type", .string(oneOf: MetricKinds.cumulative), required: true)] + DayRange.parameters,
        success: OpenAPIResponse(200, "Days with data, oldest first", schema: .object("DailyTotals") {
            Property("type", .string())
            Property("unit", .string())
            Property("timezone", .string(), description: "The IANA zone the days are counted in.")
            Property("days", .array(of: .object("DailyTotal") {
                Property("date", .string(minLength: 10, maxLength: 10), description: "YYYY-MM-DD in the user's time zone.")
                Property("value", .number())
                Property("source", .string(oneOf: SourcePriority.sources))
                Property("deviceType", .string(oneOf: DeviceType.values).orNull)
                Property("measurementId", .string(format: .uuid).orNull, description: "The stats: row holding the value (the PATCH target); null for a sum of samples.")
            }))
        })
    ) { context in
        { call in
            let read = try await ReadScope(call, context: context, maximumDays: maximumDailyDays)
            let (userID, type, calendar, range) = (read.userID, read.type, read.calendar, read.range)
            // `stats:` rows carry their day in the id, sleep counts by its end: a day of margin each
            // side finds the rows whose start lies outside the range.
            let rows = try await context.database.read { connection in
                try connection.query("""
                    SELECT \(DailyTotals.columns) FROM measurements
                    WHERE user_id = $1 AND type = $2 AND deleted_at IS NULL AND measured_at >= $3 AND measured_at < $4
                    """, userID, type, range.start - 86_400, range.end + 86_400)
            }.map(DailyTotals.Row.init(row:))
            let totals = DailyTotals(metric: type, calendar: calendar, priority: read.priority)
            return try context.responses.ok(DailyPage(type: type, unit: MetricKinds.mapping(of: type)?.canonicalUnit ?? "",
                                                      timezone: read.timezone, days: totals.days(rows, from: range.from, to: range.to)))
        }
    }

    static let list = Endpoint(
        .get, "/api/measurements", operationId: "listMeasurements", summary: "Every row of a point metric, the preferred ones marked",
        tags: ["measurements"], access: .user,
        queryParameters: [.query("type", .string(oneOf: MetricKinds.point), required: true)] + DayRange.parameters,
        success: OpenAPIResponse(200, "Rows by time; per day, the rows of the picked source and device type are preferred",
                                 schema: .object("MeasurementList") {
            Property("type", .string())
            Property("timezone", .string())
            Property("items", .array(of: .object("ListedMeasurement") {
                MeasurementRecord.properties()
                Property("preferred", .boolean, description: "From the (source, device type) the picker chose for this row's day.")
            }))
        })
    ) { context in
        { call in
            let read = try await ReadScope(call, context: context, maximumDays: maximumListDays)
            let (userID, type, calendar, range) = (read.userID, read.type, read.calendar, read.range)
            let records = try await context.database.read { connection in
                try connection.query("""
                    SELECT \(MeasurementRecord.columns) FROM measurements
                    WHERE user_id = $1 AND type = $2 AND deleted_at IS NULL AND measured_at >= $3 AND measured_at < $4
                    ORDER BY measured_at, id
                    """, userID, type, range.start, range.end)
            }.map(MeasurementRecord.init(row:))
            return try context.responses.ok(ListPage(type: type, timezone: read.timezone,
                                                     items: markPreferred(records, metric: type, calendar: calendar,
                                                                          priority: read.priority)))
        }
    }

    /// Per day of the user's calendar, the picker chooses among the (source, device type) pairs
    /// present that day; every row of the chosen pair is preferred (a weighing copied from the
    /// Withings app into Apple Health is the same day's reading twice; only one is shown).
    static func markPreferred(_ records: [MeasurementRecord], metric: String, calendar: UserCalendar,
                              priority: SourcePriority) -> [ListedMeasurement] {
        let days = records.map { calendar.day(of: Int64($0.measuredAt.timeIntervalSince1970)) }
        var candidates: [String: [SourceCandidate]] = [:]
        for (record, day) in zip(records, days) where !(candidates[day]?.contains(record.candidate) ?? false) {
            candidates[day, default: []].append(record.candidate)
        }
        let chosen = candidates.mapValues { priority.pickCanonicalSource($0, metric: metric) }
        return zip(records, days).map { record, day in ListedMeasurement(record: record, preferred: chosen[day] == record.candidate) }
    }

    /// What both reads start from: the caller, the metric asked for, the user's time zone and
    /// source priority, and the requested days in that time zone.
    struct ReadScope {
        let userID: String
        let type: String
        let timezone: String
        let priority: SourcePriority
        let calendar: UserCalendar
        let range: DayRange

        init(_ call: EndpointCall, context: HealthLogContext, maximumDays: Int) async throws {
            let userID = try call.user().userID
            (self.userID, type) = (userID, call.query["type"]?.stringValue ?? "")
            (timezone, priority) = try await context.database.read { try userSettings(userID, on: $0) }
            calendar = UserCalendar(timezone: timezone)
            range = try DayRange(query: call.query, calendar: calendar, maximumDays: maximumDays)
        }
    }

    static func userSettings(_ userID: String, on connection: any DatabaseConnection) throws -> (String, SourcePriority) {
        guard let row = try connection.queryFirst("SELECT timezone, source_priority_json FROM users WHERE id = $1", userID) else {
            throw AuthErrors.unauthorized
        }
        let stored: String? = try row.decode("source_priority_json")
        return (try row.decode("timezone"), SourcePriority(stored: stored.flatMap { try? JSONParser.parse($0) }))
    }
}

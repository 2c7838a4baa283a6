import APIToolkit
import Foundation
import HTTPServer
import Storage

/// `GET /api/measurements/daily` (one value per day for a cumulative metric) and
/// `GET /api/measurements` (every row of a point metric, the picker's marked `preferred`).
/// Days are the user's time zone; soft-deleted rows are left out. With `?since=syncVersion=N`
/// the list is instead contract §13's change feed (`SyncedReads`): every type, or the one named,
/// deleted rows included, `preferred` null (no day is picked over a feed of changes).
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
        let preferred: Bool?

        enum Keys: String, CodingKey { case preferred }

        func encode(to encoder: any Encoder) throws {
            try record.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(preferred, forKey: .preferred)
        }
    }

    struct ListPage: Encodable, Sendable {
        let type: String?
        let timezone: String
        let items: [ListedMeasurement]
        let nextCursor: String?
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
        .get, "/api/measurements", operationId: "listMeasurements",
        summary: "Every row of a point metric, the preferred ones marked; or, with since, the change feed of every type",
        tags: ["measurements"], access: .user,
        queryParameters: [.query("type", .string(oneOf: MetricKinds.point + MetricKinds.cumulative),
                                 description: "Without since: required, a point metric (a cumulative one is 422; read it per day). With since: optional, narrows the feed to one type.")]
            + DayRange.parameters.map { parameter in
                var optional = parameter
                optional.isRequired = false
                optional.description = (parameter.description ?? "") + " Required without since, refused with it."
                return optional
            } + SyncedReads.parameters,
        success: OpenAPIResponse(200, "Without since: rows by time; per day, the rows of the picked source and device type are preferred. With since: rows changed after the checkpoint by syncVersion, deleted ones included.",
                                 schema: .object("MeasurementList") {
            Property("type", .string().orNull, description: "The type listed; null for a since read of every type.")
            Property("timezone", .string())
            Property("items", .array(of: .object("ListedMeasurement") {
                MeasurementRecord.properties()
                Property("preferred", Schema.boolean.orNull, description: "From the (source, device type) the picker chose for this row's day; null in a since read.")
            }))
            Property("nextCursor", .string().orNull, description: "A since read's next page (pass as cursor); null on the last page and in a range read.")
        })
    ) { context in
        { call in
            if let checkpoint = try SyncedReads.checkpoint(call.query) { return try await changes(call, after: checkpoint, context: context) }
            guard let requested = call.query["type"]?.stringValue else { throw SyncedReads.invalid("type", "is required without since") }
            guard MetricKinds.point.contains(requested) else {
                throw SyncedReads.invalid("type", "is a cumulative metric: read it per day at /api/measurements/daily")
            }
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
                                                                          priority: read.priority), nextCursor: nil))
        }
    }

    /// `GET /api/measurements?since=syncVersion=N[&type=…]`: contract §13's change feed.
    private static func changes(_ call: EndpointCall, after checkpoint: Int64, context: HealthLogContext) async throws -> Response {
        let userID = try call.user().userID, query = call.query
        for name in ["from", "to"] where query[name] != nil { throw SyncedReads.invalid(name, "goes with a range read, not with since") }
        let type = query["type"]?.stringValue
        let (timezone, records, next) = try await context.database.read { connection in
            let (timezone, _) = try userSettings(userID, on: connection)
            let (rows, next) = try SyncedReads.changedRows(.measurement, userID: userID, after: checkpoint, query: query,
                                                           condition: type == nil ? "" : " AND type = $3",
                                                           parameters: type.map { [SQLValue.text($0)] } ?? [], on: connection)
            return (timezone, try rows.map(MeasurementRecord.init(row:)), next)
        }
        return try context.responses.ok(ListPage(type: type, timezone: timezone,
                                                 items: records.map { ListedMeasurement(record: $0, preferred: nil) },
                                                 nextCursor: next))
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

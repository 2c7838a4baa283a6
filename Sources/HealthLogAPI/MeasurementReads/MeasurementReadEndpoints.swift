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
        queryParameters: [.query("type", .string(oneOf: MetricKinds.cumulative), required: true)]
            + DayRange.parameters(maximumDays: maximumDailyDays),
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
            let rows = try await context.database.read { try DailyTotals.rows(userID: userID, type: type, covering: range, on: $0) }
            let totals = DailyTotals(metric: type, calendar: calendar, priority: read.priority)
            return try context.responses.ok(DailyPage(type: type, unit: MetricKinds.mapping(of: type)?.canonicalUnit ?? "",
                                                      timezone: read.timezone, days: totals.days(rows, from: range.from, to: range.to)))
        }
    }

    static let list = Endpoint(
        .get, "/api/measurements", operationId: "listMeasurements",
        summary: "The rows of some days, the preferred ones marked; or, with since, the change feed",
        tags: ["measurements"], access: .user,
        queryParameters: [.query("type", .string(oneOf: MetricKinds.point + MetricKinds.cumulative),
                                 description: "One metric; without it, every point metric.")]
            + DayRange.parameters(maximumDays: maximumListDays).map { parameter in
                var optional = parameter
                optional.isRequired = false
                optional.description = (parameter.description ?? "") + " Without since, from and to are required; with since, both or neither (they narrow the feed)."
                return optional
            } + SyncedReads.parameters,
        success: OpenAPIResponse(200, "Without since: rows by time; per metric and day, the rows of the picked source and device type are preferred. With since: rows changed after the checkpoint by syncVersion, deleted ones included.",
                                 schema: .object("MeasurementList") {
            Property("type", .string().orNull, description: "The metric listed; null when every metric is.")
            Property("timezone", .string())
            Property("items", .array(of: .object("ListedMeasurement") {
                MeasurementRecord.properties()
                Property("preferred", Schema.boolean.orNull, description: "From the (source, device type) the picker chose for this row's metric and day; null in a since read.")
            }))
            Property("nextCursor", .string().orNull, description: "A since read's next page (pass as cursor); null on the last page and in a range read.")
        })
    ) { context in
        { call in
            let scope = try await ListScope(call, context: context)
            let rows = try await context.database.read { connection in
                if let checkpoint = scope.checkpoint {
                    return try SyncedReads.changedRows(.measurement, userID: scope.userID, after: checkpoint, query: call.query,
                                                       condition: scope.condition(from: 3), parameters: scope.parameters, on: connection)
                }
                return (try MeasurementStore.records(userID: scope.userID, where: scope.condition(from: 2), scope.parameters,
                                                     on: connection), nil)
            }
            let records = try rows.rows.map(MeasurementRecord.init(row:))
            let items = scope.checkpoint != nil ? records.map { ListedMeasurement(record: $0, preferred: nil) }
                : markPreferred(records, calendar: scope.calendar, priority: scope.priority)
            return try context.responses.ok(ListPage(type: scope.type, timezone: scope.timezone, items: items, nextCursor: rows.nextCursor))
        }
    }

    /// What the list reads: the caller's settings, the metric (or every point metric), the days
    /// (required without `since`), the checkpoint of a since read.
    private struct ListScope {
        let userID: String
        let type: String?
        let timezone: String
        let priority: SourcePriority
        let calendar: UserCalendar
        let range: DayRange?
        let checkpoint: Int64?

        init(_ call: EndpointCall, context: HealthLogContext) async throws {
            let userID = try call.user().userID, query = call.query
            (self.userID, type, checkpoint) = (userID, query["type"]?.stringValue, SyncedReads.checkpoint(query))
            (timezone, priority) = try await context.database.read { try UserStore.settings(userID: userID, on: $0) }
            calendar = UserCalendar(timezone: timezone)
            let hasDays = query["from"] != nil || query["to"] != nil
            range = checkpoint == nil || hasDays ? try DayRange(query: query, calendar: calendar, maximumDays: maximumListDays) : nil
        }

        /// ` AND type … AND measured_at …` over `$first…`, with `parameters`.
        func condition(from first: Int) -> String {
            var condition = type == nil ? (checkpoint == nil ? " AND type IN (\(placeholderList(count: MetricKinds.point.count, from: first)))" : "")
                : " AND type = $\(first)"
            let next = first + (type == nil ? (checkpoint == nil ? MetricKinds.point.count : 0) : 1)
            if range != nil { condition += " AND measured_at >= $\(next) AND measured_at < $\(next + 1)" }
            return condition
        }

        var parameters: [SQLValue] {
            let types: [SQLValue] = type.map { [.text($0)] } ?? (checkpoint == nil ? MetricKinds.point.map(SQLValue.text) : [])
            return types + (range.map { [.integer($0.start), .integer($0.end)] } ?? [])
        }
    }

    /// Per metric and day of the user's calendar, the picker chooses among the (source, device
    /// type) pairs present; every row of the chosen pair is preferred (a weighing copied from the
    /// Withings app into Apple Health is the same day's reading twice; only one is shown).
    static func markPreferred(_ records: [MeasurementRecord], calendar: UserCalendar,
                              priority: SourcePriority) -> [ListedMeasurement] {
        let keys = records.map { PickKey(metric: $0.type, day: calendar.day(of: Int64($0.measuredAt.timeIntervalSince1970))) }
        var candidates: [PickKey: [SourceCandidate]] = [:]
        for (record, key) in zip(records, keys) where !(candidates[key]?.contains(record.candidate) ?? false) {
            candidates[key, default: []].append(record.candidate)
        }
        var chosen: [PickKey: SourceCandidate?] = [:]
        for (key, offered) in candidates { chosen[key] = priority.pickCanonicalSource(offered, metric: key.metric) }
        return zip(records, keys).map { record, key in ListedMeasurement(record: record, preferred: chosen[key] == record.candidate) }
    }

    private struct PickKey: Hashable {
        let metric: String
        let day: String
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
            (timezone, priority) = try await context.database.read { try UserStore.settings(userID: userID, on: $0) }
            calendar = UserCalendar(timezone: timezone)
            range = try DayRange(query: call.query, calendar: calendar, maximumDays: maximumDays)
        }
    }
}

import APIToolkit

/// `PUT /api/auth/me/source-priority`: replaces the whole ladder (contract §4: no partial
/// updates). Strict: both axes present, metric keys from the mapping table, sources and device
/// types from their enums, no entry twice in a ladder; unknown keys are 422. Answers with the
/// stored object, which `GET /api/auth/me` returns as `sourcePriorityJson` from then on.
enum SourcePriorityEndpoint {
    /// The metric types a ladder may name: every internal type of the mapping table.
    static let metricTypes = Set(AppleHealthMapping.table.values.map(\.type)).sorted()

    struct Body: RequestBody {
        let metricPriority: [String: [String]]
        let deviceTypePriority: [String: [String]]

        static let schema: Schema = .object("SourcePriority") {
            Property("metricPriority", .object("MetricSourcePriority", description: "Per metric, sources best first.") {
                for metric in metricTypes { Property(metric, ladder(SourcePriority.sources), required: false) }
            })
            Property("deviceTypePriority", .object("DeviceTypePriority",
                                                   description: "Per metric (or default), device types best first.") {
                Property(SourcePriority.defaultKey, ladder(DeviceType.values), required: false)
                for metric in metricTypes { Property(metric, ladder(DeviceType.values), required: false) }
            })
        }

        private static func ladder(_ values: [String]) -> Schema {
            .array(of: .string(oneOf: values), minItems: 1, maxItems: values.count)
        }
    }

    static let endpoint = Endpoint(
        .put, "/api/auth/me/source-priority", operationId: "putSourcePriority", summary: "Replace the source-priority ladders",
        tags: ["auth"], access: .user, body: Body.self,
        success: OpenAPIResponse(200, "The stored ladders", schema: Body.schema)
    ) { context in
        { call, body in
            try rejectRepeats(body.metricPriority, axis: "metricPriority")
            try rejectRepeats(body.deviceTypePriority, axis: "deviceTypePriority")
            let priority = SourcePriority(metricPriority: body.metricPriority, deviceTypePriority: body.deviceTypePriority)
            let stored = String(decoding: try JSONSerializer.serialize(priority.json), as: UTF8.self)
            let userID = try call.user().userID
            try await context.database.write { connection in
                try connection.execute("UPDATE users SET source_priority_json = $1, updated_at = $2 WHERE id = $3",
                                       stored, Clock.now(), userID)
            }
            return try context.responses.ok(priority.json)
        }
    }

    /// A ladder names each source or device once; the schema cannot say so, this does (422).
    private static func rejectRepeats(_ ladders: [String: [String]], axis: String) throws {
        for (metric, ladder) in ladders.sorted(by: { $0.key < $1.key }) where Set(ladder).count != ladder.count {
            throw APIError.unprocessable(issues: [ValidationIssue(path: "\(axis).\(metric)", code: .invalidValue,
                                                                  message: "names an entry twice")])
        }
    }
}

import APIToolkit

/// `PUT /api/auth/me/source-priority`: replaces the whole ladder (contract §4: no partial
/// updates). Two shapes are accepted and both are stored as the two-axis object:
/// - the two-axis `{"metricPriority": {…}, "deviceTypePriority": {…}}`, with at least one of
///   the axes; an axis left out is stored empty (whole-object replace);
/// - the legacy flat `{"steps": ["APPLE_HEALTH", …]}` of older clients, stored as
///   `metricPriority` with an empty `deviceTypePriority` (contract §4's back-compat shim).
/// Strict either way: metric keys from the mapping table, sources and device types from their
/// enums, no entry twice in a ladder; unknown keys are 422. Answers with the stored object,
/// which `GET /api/auth/me` returns as `sourcePriorityJson` from then on.
enum SourcePriorityEndpoint {
    /// The metric types a ladder may name: every internal type of the mapping table.
    static let metricTypes = Set(AppleHealthMapping.table.values.map(\.type)).sorted()
    static let axes = ["metricPriority", "deviceTypePriority"]

    /// The ladder keys are HealthLog's internal metric names, not the contract's prose words.
    static let vocabulary = """
        Keys are HealthLog metric names (the types of GET /api/measurements and /api/measurements/daily), \
        not the contract's words: calories are active_energy (and basal_energy), pulse is heart_rate, \
        RHR is resting_heart_rate, BP is bp_systolic and bp_diastolic, SpO2 is spo2, body-fat is body_fat, \
        body-temp is body_temperature, HRV is hrv, VO2 max is vo2max, sleep duration is sleep.
        """

    static let metricSchema: Schema = .object("MetricSourcePriority", description: "Per metric, sources best first. " + vocabulary) {
        for metric in metricTypes { Property(metric, ladder(SourcePriority.sources), required: false) }
    }

    static let schema: Schema = .object("SourcePriority", description: """
        Both axes, or one (the other is stored empty). The legacy flat shape, a MetricSourcePriority object \
        without the metricPriority wrapper, is also accepted and stored as metricPriority.
        """, minProperties: 1) {
        Property("metricPriority", metricSchema, required: false)
        Property("deviceTypePriority", deviceSchema, required: false)
    }

    static let deviceSchema: Schema = .object("DeviceTypePriority", description: """
        Per metric (or default), device types best first. A user with no device ladder at all gets the \
        built-in default: watch, phone, scale.
        """) {
        Property(SourcePriority.defaultKey, ladder(DeviceType.values), required: false)
        for metric in metricTypes { Property(metric, ladder(DeviceType.values), required: false) }
    }

    /// The answer: the stored object, always with both axes.
    static let storedSchema: Schema = .object("StoredSourcePriority") {
        Property("metricPriority", metricSchema)
        Property("deviceTypePriority", deviceSchema)
    }

    /// Each source or device at most once, best first.
    private static func ladder(_ values: [String]) -> Schema {
        .array(of: .string(oneOf: values), minItems: 1, maxItems: values.count, uniqueItems: true)
    }

    static let endpoint = Endpoint(
        .put, "/api/auth/me/source-priority", operationId: "putSourcePriority", summary: "Replace the source-priority ladders",
        tags: ["auth"], access: .user, documentedBody: schema,
        success: OpenAPIResponse(200, "The stored ladders", schema: storedSchema), failures: []
    ) { context in
        { call in
            let priority = try parse(call.request.body)
            let stored = String(decoding: try JSONSerializer.serialize(priority.json), as: UTF8.self)
            let userID = try call.user().userID
            try await context.database.write { try UserStore.setSourcePriority(userID: userID, json: stored, now: Clock.now(), on: $0) }
            return try context.responses.ok(priority.json)
        }
    }

    /// The ladders a body asks for, in either shape; 400 for broken JSON, 422 for anything the
    /// schema (two-axis or flat) refuses: an empty object (the two-axis schema's minProperties)
    /// or a ladder naming an entry twice (uniqueItems) included.
    static func parse(_ body: [UInt8]) throws -> SourcePriority {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body)
        } catch {
            throw APIError.malformedJSON(error)
        }
        let object = value.objectValue
        let twoAxis = object.map { body in body.members.isEmpty || axes.contains { body.contains(key: $0) } } ?? true
        let issues = SchemaValidator.validate(value, against: twoAxis ? schema : metricSchema)
        guard issues.isEmpty, let object else { throw APIError.unprocessable(issues: issues) }
        return twoAxis
            ? SourcePriority(metricPriority: ladders(object["metricPriority"]), deviceTypePriority: ladders(object["deviceTypePriority"]))
            : SourcePriority(metricPriority: ladders(value), deviceTypePriority: [:])
    }

    /// The ladders of a value the schema accepted (an object of string arrays), or none.
    private static func ladders(_ value: JSONValue?) -> [String: [String]] {
        var ladders: [String: [String]] = [:]
        for member in value?.objectValue?.members ?? [] {
            ladders[member.key] = (member.value.arrayValue ?? []).compactMap(\.stringValue)
        }
        return ladders
    }
}

import APIToolkit

/// `GET /api/feature-flags` (any signed-in user, resolved matrix) and
/// `PUT /api/admin/settings/assistant-flags` (administrators, raw and resolved echoed).
enum FeatureFlagEndpoints {
    struct Change: RequestBody {
        let enabled: Bool?
        let coach: Bool?
        let briefing: Bool?
        let insightStatus: Bool?
        let correlations: Bool?
        let healthScoreExplainer: Bool?
        /// A change names at least one switch: `{}` would only write an audit row claiming an
        /// update. The schema refuses it (422) before the handler runs.
        static let schema: Schema = .object("AssistantFlagsChange", description: "Only the switches to change.",
                                            minProperties: 1) {
            for name in ["enabled", "coach", "briefing", "insightStatus", "correlations", "healthScoreExplainer"] {
                Property(name, .boolean, required: false)
            }
        }

        /// Every switch by its JSON name, in schema order; nil when the request left it alone.
        var switches: [(String, Bool?)] {
            [("enabled", enabled), ("coach", coach), ("briefing", briefing), ("insightStatus", insightStatus),
             ("correlations", correlations), ("healthScoreExplainer", healthScoreExplainer)]
        }
    }

    struct Matrix: Encodable, Sendable { let assistant: AssistantFlags }

    struct Update: Encodable, Sendable {
        let raw: AssistantFlags
        let resolved: AssistantFlags
    }

    static let endpoints = [read, update]

    static let read = Endpoint(
        .get, "/api/feature-flags", operationId: "getFeatureFlags", summary: "The resolved assistant feature matrix",
        tags: ["feature-flags"], access: .user,
        success: OpenAPIResponse(200, "Resolved flags; Cache-Control: private, max-age=60",
                                 schema: .object("FeatureFlags") { Property("assistant", AssistantFlags.schema) })
    ) { context in
        { _ in
            var response = try context.responses.ok(Matrix(assistant: try await context.flags.current().resolved))
            response.headers.add("Cache-Control", "private, max-age=60")
            return response
        }
    }

    static let update = Endpoint(
        .put, "/api/admin/settings/assistant-flags", operationId: "updateAssistantFlags", summary: "Flip assistant switches",
        tags: ["admin"], access: .admin, body: Change.self,
        success: OpenAPIResponse(200, "The raw switches and the resolved matrix", schema: .object("AssistantFlagsUpdate") {
            Property("raw", AssistantFlags.schema)
            Property("resolved", AssistantFlags.schema)
        })
    ) { context in
        { call, change in
            let raw = try await context.flags.update(change, request: call.request, userID: try call.user().userID)
            return try context.responses.ok(Update(raw: raw, resolved: raw.resolved))
        }
    }
}

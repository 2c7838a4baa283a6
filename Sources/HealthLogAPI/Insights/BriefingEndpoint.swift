import APIToolkit
import CoachSafety

/// `POST /api/insights/generate` (coach flag): the daily briefing as of `date` (default the
/// user's today). Deterministic: the same rows give the same briefing, `generatedAt` aside.
enum BriefingEndpoint {
    struct Request: RequestBody {
        let date: String?
        let locale: String?

        static let schema: Schema = .object("DailyBriefingRequest") {
            Property("date", InsightSchemas.day, required: false,
                     description: "YYYY-MM-DD in the user's time zone, a real date not after today (422 otherwise); default today.")
            Property("locale", .string(oneOf: CoachLocale.allCases.map(\.rawValue)), required: false,
                     description: "The app's language. It changes nothing in the JSON: keys and severity tokens stay lowercase English (GROUND RULE 11).")
        }
    }

    static let endpoint = Endpoint(
        .post, "/api/insights/generate", operationId: "generateDailyBriefing", summary: "The daily briefing, computed from the user's rows",
        tags: [InsightsEndpoints.tag], access: .user, gate: .coach, body: Request.self,
        success: OpenAPIResponse(200, "The briefing", schema: DailyBriefing.schema)
    ) { context in
        { call, request in
            try context.responses.ok(try await InsightsEndpoints.read(call, context: context) { scope, connection in
                let date = request.date ?? scope.today
                guard date <= scope.today else {
                    throw APIError.invalidValue(at: "date", "must not be after today")
                }
                return DailyBriefing(snapshot: try InsightSnapshot.read(StatusKind.allCases, anchor: date, scope: scope, on: connection))
            })
        }
    }
}

import APIToolkit
import HTTPServer
import ServiceRuntime

/// Withings Notify callbacks (contract §8): `POST /api/withings/webhook/{token}` with the
/// secret as the last path segment, `HEAD` on the same URL for Withings' subscription probe,
/// and the deprecated `POST /api/withings/webhook?secret=…` that counts its callers. Each POST
/// commits the notification to the queue and answers 200 at once; the worker does the rest.
/// The secret never reaches a log: `{token}` is declared secret and `secret` is a sensitive
/// query name, so the access log shows `[REDACTED]` for both.
enum WithingsWebhookEndpoints {
    static let endpoints = [notify, probe, legacyNotify]

    struct Receipt: Encodable, Sendable { let status: String }

    static let receiptSchema: Schema = .object("WithingsWebhookReceipt") {
        Property("status", .string(oneOf: ["queued", "duplicate"]), description: "duplicate: this notification was already received.")
    }

    static let tokenParameter = OpenAPIParameter.path("token", .string(minLength: 1), description: "The webhook secret (WITHINGS_WEBHOOK_SECRET).")
    static let unauthorized = OpenAPIResponse(401, "withings.webhook.unauthorized: missing or wrong secret, or none configured")

    static let notify = Endpoint(
        .post, "/api/withings/webhook/{token}", operationId: "withingsNotify", summary: "Withings Notify callback",
        tags: ["withings"], access: .anyone, form: WithingsNotification.form,
        success: OpenAPIResponse(200, "Queued (or already queued)", schema: receiptSchema), failures: [unauthorized]
    ) { context in
        { call, form in
            try await context.withings.countingRefusals {
                try context.withings.authorize(call.request.parameter("token"))
                return try await receive(form, context: context)
            }
        }
    }.withPathParameters([tokenParameter], secret: ["token"])

    static let probe = Endpoint(
        .head, "/api/withings/webhook/{token}", operationId: "withingsProbe", summary: "Withings' check of the callback URL before subscribing",
        tags: ["withings"], access: .anyone, success: OpenAPIResponse(200, "The secret matches"), failures: [unauthorized]
    ) { context in
        { call in
            try context.withings.authorize(call.request.parameter("token"))
            return .empty(200)
        }
    }.withPathParameters([tokenParameter], secret: ["token"])

    static let legacyNotify = Endpoint(
        .post, "/api/withings/webhook", operationId: "withingsNotifyLegacy",
        summary: "Deprecated Withings Notify callback with ?secret= (removal v1.4.27)",
        tags: ["withings"], access: .anyone,
        queryParameters: [.query("secret", .string(minLength: 1), description: "The webhook secret; use the path form instead.")],
        form: WithingsNotification.form,
        success: OpenAPIResponse(200, "Queued (or already queued)", schema: receiptSchema), failures: [unauthorized]
    ) { context in
        { call, form in
            try await context.withings.countingRefusals {
                try context.withings.authorize(call.query["secret"]?.stringValue)
                context.withings.legacyCalls.increment()
                return try await receive(form, context: context)
            }
        }
    }

    private static func receive(_ form: FormBody, context: HealthLogContext) async throws -> Response {
        let notification = try WithingsNotification(fields: try form.fields())
        let outcome = try await context.database.write { connection in
            try WithingsNotificationQueue.enqueue(notification, now: Clock.now(), on: connection)
        }
        return try context.responses.ok(Receipt(status: outcome.rawValue))
    }
}

import APIToolkit
import Foundation
import Storage

/// `GET /api/auth/me/research-mode` and `POST` `{ "acknowledgedVersion" }` (contract §6).
enum ResearchModeEndpoints {
    struct Acknowledgement: RequestBody {
        let acknowledgedVersion: String
        static let schema: Schema = .object("ResearchModeAcknowledgement") {
            // No minLength: every string that is not byte-equal to the current version, the
            // empty one included, is the 409 of contract §6 rather than a 422.
            Property("acknowledgedVersion", .string(maxLength: 256),
                     description: "Exactly the currentDisclaimerVersion the server handed out; any other value is 409.")
        }
    }

    struct Status: Encodable, Sendable {
        let currentDisclaimerVersion: String
        let disclaimerText: String
        let acknowledgedVersion: String?
        let acknowledgedAt: Date?
        let isAcknowledgementCurrent: Bool
    }

    static let statusSchema: Schema = .object("ResearchModeStatus") {
        Property("currentDisclaimerVersion", .string(), description: "YYYY-MM-DD.N; POST it back verbatim to acknowledge.")
        Property("disclaimerText", .string(), description: "Render without modification.")
        Property("acknowledgedVersion", .string().orNull)
        Property("acknowledgedAt", .dateTimeUTC.orNull)
        Property("isAcknowledgementCurrent", .boolean, description: "Byte-equal to the current version.")
    }

    static let endpoints = [read, acknowledge]

    static let read = Endpoint(
        .get, "/api/auth/me/research-mode", operationId: "getResearchMode", summary: "Research Mode disclaimer and acknowledgement",
        tags: ["research-mode"], access: .user, success: OpenAPIResponse(200, "Current status", schema: statusSchema)
    ) { context in
        { call in
            let userID = try call.user().userID
            return try context.responses.ok(try await status(userID: userID, database: context.database))
        }
    }

    static let acknowledge = Endpoint(
        .post, "/api/auth/me/research-mode", operationId: "acknowledgeResearchMode", summary: "Acknowledge the current disclaimer",
        tags: ["research-mode"], access: .user, body: Acknowledgement.self,
        success: OpenAPIResponse(200, "Stored; the new status", schema: statusSchema),
        failures: [OpenAPIResponse(409, "research_mode.version_mismatch: not byte-equal to the current version")]
    ) { context in
        { call, body in
            let userID = try call.user().userID
            guard ResearchModeDisclaimer.isCurrent(body.acknowledgedVersion) else {
                throw APIError.conflict("The disclaimer has changed; read it again and acknowledge the current version",
                                        code: "research_mode.version_mismatch")
            }
            let request = call.request
            try await context.database.transaction { connection in
                let now = Clock.now()
                try UserStore.acknowledgeResearchMode(userID: userID, version: ResearchModeDisclaimer.version, now: now, on: connection)
                try AuditEntry(AuditAction.researchModeAcknowledged, userID: userID, request: request,
                               details: ["version": .string(ResearchModeDisclaimer.version)], at: now).insert(on: connection)
            }
            return try context.responses.ok(try await status(userID: userID, database: context.database))
        }
    }

    private static func status(userID: String, database: Database) async throws -> Status {
        guard let acknowledgement = try await database.read({ try UserStore.researchMode(userID: userID, on: $0) }) else {
            throw AuthErrors.unauthorized
        }
        return Status(currentDisclaimerVersion: ResearchModeDisclaimer.version, disclaimerText: ResearchModeDisclaimer.text,
                      acknowledgedVersion: acknowledgement.version, acknowledgedAt: acknowledgement.at,
                      isAcknowledgementCurrent: ResearchModeDisclaimer.isCurrent(acknowledgement.version))
    }
}

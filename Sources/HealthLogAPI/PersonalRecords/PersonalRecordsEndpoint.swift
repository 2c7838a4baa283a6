import APIToolkit
import Storage

/// `GET /api/personal-records`: the caller's best-ever values, as the background detection last
/// computed them, and whether a detection is still queued or running.
enum PersonalRecordsEndpoint {
    struct Page: Encodable, Sendable {
        let records: [PersonalRecord]
        let detectionPending: Bool
    }

    static let pageSchema: Schema = .object("PersonalRecords") {
        Property("records", .array(of: PersonalRecord.schema), description: "Ordered by record name; absent kinds have no data yet.")
        Property("detectionPending", .boolean, description: "True while newly stored data has not been examined yet.")
    }

    static let endpoint = Endpoint(
        .get, "/api/personal-records", operationId: "listPersonalRecords", summary: "The signed-in user's personal records",
        tags: ["personal-records"], access: .user,
        success: OpenAPIResponse(200, "Every record detected so far", schema: pageSchema)
    ) { context in
        { call in
            let userID = try call.user().userID
            return try context.responses.ok(try await context.database.read { try page(userID: userID, on: $0) })
        }
    }

    /// The records as last detected, and whether a detection is still to run.
    static func page(userID: String, on connection: any DatabaseConnection) throws -> Page {
        return Page(records: try PersonalRecord.stored(userID: userID, on: connection),
                    detectionPending: try PersonalRecordJobs.isPending(userID: userID, on: connection))
    }
}

import APIToolkit
import Foundation
import Storage

/// The medication routes (contract §5, §6, §9.3): the GLP-1 catalog, the user's medications
/// (list, create, read, partial update), the GLP-1 details (Fix-K) and the Research Mode chart.
/// Names pass `PromptSafeText` before they are stored; every body is strict.
enum MedicationEndpoints {
    static let endpoints: [Endpoint] = [GLP1CatalogEndpoint.endpoint, list, create, read, update,
                                        GLP1UpdateEndpoint.endpoint, ResearchChartEndpoint.endpoint]

    static let tag = "medications"
    static let idParameter = [OpenAPIParameter.path("id", .string(format: .uuid))]
    static let notFoundResponse = OpenAPIResponse(404, "medication.not_found: no such medication of the caller's")

    /// The `{id}` segment, as ids are stored (lowercase).
    static func id(_ call: EndpointCall) -> String {
        (call.request.parameter("id") ?? "").lowercased()
    }

    struct Page: Encodable, Sendable {
        let items: [MedicationRecord]
    }

    static let list = Endpoint(
        .get, "/api/medications", operationId: "listMedications", summary: "The user's medications, newest first",
        tags: [tag], access: .user,
        success: OpenAPIResponse(200, "Every medication of the caller's, newest first", schema: .object("MedicationList") {
            Property("items", .array(of: MedicationRecord.schema))
        })
    ) { context in
        { call in
            let userID = try call.user().userID
            let items = try await context.database.read { try MedicationStore.records(userID: userID, newestFirst: true, on: $0) }
            return try context.responses.ok(Page(items: items))
        }
    }

    struct NewMedication: RequestBody {
        let details: MedicationDetails

        init(from decoder: any Decoder) throws {
            details = try MedicationDetails(from: decoder)
        }

        static let schema: Schema = .object("MedicationCreate") {
            Property("name", MedicationFields.name, description: MedicationFields.nameDescription)
            Property("kind", MedicationFields.kind, description: "glp1 for a GLP-1 receptor agonist; its details are set by POST /api/medications/{id}/glp1.")
            Property("doseUnit", MedicationFields.doseUnit)
            Property("schedule", MedicationFields.schedule)
            Property("startDate", MedicationFields.civilDate.orNull, required: false, description: MedicationFields.civilDateDescription)
            Property("stopDate", MedicationFields.civilDate.orNull, required: false, description: "YYYY-MM-DD, not before startDate.")
        }
    }

    static let create = Endpoint(
        .post, "/api/medications", operationId: "createMedication", summary: "Add a medication",
        tags: [tag], access: .user, body: NewMedication.self,
        success: OpenAPIResponse(201, "Stored; the new row", schema: MedicationRecord.schema)
    ) { context in
        { call, new in
            let userID = try call.user().userID, body = new.details
            try PromptSafeText.validate(body.name, field: "name")
            try MedicationFields.checkOrder(startDate: body.startDate, stopDate: body.stopDate)
            let now = Clock.now()
            let record = try await context.database.transaction { try MedicationStore.insert(body, userID: userID, now: now, on: $0) }
            return try context.responses.ok(record, status: 201)
        }
    }

    static let read = Endpoint(
        .get, "/api/medications/{id}", operationId: "getMedication", summary: "One medication",
        tags: [tag], access: .user,
        success: OpenAPIResponse(200, "The row", schema: MedicationRecord.schema), failures: [notFoundResponse]
    ) { context in
        { call in
            let userID = try call.user().userID, id = id(call)
            let record = try await context.database.read { try MedicationStore.record(id: id, userID: userID, on: $0) }
            guard let record else { throw MedicationRecord.notFound }
            return try context.responses.ok(record)
        }
    }.withPathParameters(idParameter)

    /// What a PATCH may change, by JSON name and column; `null` clears a date.
    static let patchFields: [PatchField] = [
        .text("name", "name", MedicationFields.name),
        .text("kind", "kind", MedicationFields.kind),
        .text("doseUnit", "dose_unit", MedicationFields.doseUnit),
        .text("schedule", "schedule", MedicationFields.schedule),
        .text("startDate", "start_date", MedicationFields.civilDate.orNull),
        .text("stopDate", "stop_date", MedicationFields.civilDate.orNull),
    ]

    /// A PATCH body: any of `patchFields`, at least one, nothing else.
    struct Change: RequestBody {
        let fields: JSONObject

        init(from decoder: any Decoder) throws {
            fields = try decoder.singleValueContainer().decode(JSONObject.self)
        }

        static let schema: Schema = .object(ObjectSchema(
            name: "MedicationChange", description: "The fields to change; null clears startDate or stopDate.",
            properties: patchFields.map { Property($0.name, $0.schema, required: false) }, minProperties: 1))

        /// The text value of `name` when the body sets one.
        func text(_ name: String) -> String? { fields[name]?.stringValue }

        /// The date the row will carry: the body's (null clears it) or the stored one.
        func date(_ name: String, stored: String?) -> String? {
            guard let value = fields[name] else { return stored }
            return value.stringValue
        }
    }

    static let update = Endpoint(
        .patch, "/api/medications/{id}", operationId: "patchMedication", summary: "Change some fields of a medication",
        tags: [tag], access: .user, body: Change.self,
        success: OpenAPIResponse(200, "The row as written", schema: MedicationRecord.schema),
        failures: [notFoundResponse]
    ) { context in
        { call, change in
            let userID = try call.user().userID, id = id(call)
            if let name = change.text("name") { try PromptSafeText.validate(name, field: "name") }
            let changes = patchFields.compactMap { field in change.fields[field.name].map { (field.column, field.sqlValue($0)) } }
            let record = try await context.database.transaction { connection in
                let now = Clock.now()
                let assignments = changes + [("updated_at", SQLValue.integer(now))]
                let before = try MedicationStore.locked(id: id, userID: userID, now: now, on: connection)
                try MedicationFields.checkOrder(startDate: change.date("startDate", stored: before.details.startDate),
                                                stopDate: change.date("stopDate", stored: before.details.stopDate))
                if change.text("kind") == "other", before.glp1 != nil {
                    // Clearing GLP-1 details would bypass the audited Fix-K route.
                    throw APIError.invalidValue(at: "kind", "the medication has GLP-1 details; it stays glp1")
                }
                guard let record = try MedicationStore.update(id: id, userID: userID, assignments, on: connection) else {
                    throw MedicationRecord.notFound
                }
                return record
            }
            return try context.responses.ok(record)
        }
    }.withPathParameters(idParameter)
}

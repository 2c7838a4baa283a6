import APIToolkit
import Storage

extension AuditAction {
    /// Contract §9.3: `POST /api/medications/{id}/glp1` (Fix-K).
    static let medicationGLP1Update = "medication.glp1.update"
}

/// `POST /api/medications/{id}/glp1` (contract §9.3, Fix-K): sets a medication's GLP-1 details
/// and makes it `glp1`. The drug is a generic of `GLP1Catalog`, the brand one of that drug's;
/// `intervalDays` defaults to the brand's. The change and its audit row (`previousDoseMg` null
/// the first time) are written in one transaction, under the row's lock, so two concurrent
/// updates record each other's dose as the previous one.
enum GLP1UpdateEndpoint {
    static let maximumDoseMg = 100.0

    struct Body: RequestBody {
        let drug: String
        let brand: String
        let doseMg: Double
        let intervalDays: Int?
        let since: String

        static let schema: Schema = .object("MedicationGLP1Update") {
            Property("drug", .string(oneOf: GLP1Catalog.generics), description: "A generic of GET /api/medications/glp1-catalog.")
            Property("brand", .string(oneOf: GLP1Catalog.brandNames), description: "A brand of that drug; another drug's brand is 422.")
            Property("doseMg", .number(greaterThan: 0, max: maximumDoseMg), description: "Greater than 0, at most 100.")
            Property("intervalDays", Schema.integer(min: 1, max: 31).orNull, required: false,
                     description: "Days between dosing days; absent or null takes the brand's from the catalog.")
            Property("since", MedicationFields.civilDate, description: "YYYY-MM-DD: on this dose since.")
        }
    }

    static let endpoint = Endpoint(
        .post, "/api/medications/{id}/glp1", operationId: "setMedicationGLP1", summary: "Set the GLP-1 details of a medication (audited)",
        tags: [MedicationEndpoints.tag], access: .user, body: Body.self,
        success: OpenAPIResponse(200, "The row as written, kind glp1", schema: MedicationRecord.schema),
        failures: [MedicationEndpoints.notFoundResponse]
    ) { context in
        { call, body in
            let userID = try call.user().userID, id = MedicationEndpoints.id(call)
            guard let brand = GLP1Catalog.drug(body.drug)?.brand(named: body.brand) else {
                throw APIError.invalidValue(at: "brand", "\(body.brand) is not a brand of \(body.drug)")
            }
            let intervalDays = Int64(body.intervalDays ?? brand.intervalDays)
            let request = call.request
            let record = try await context.database.transaction { connection in
                let now = Clock.now()
                let before = try MedicationStore.locked(id: id, userID: userID, now: now, on: connection)
                let glp1 = MedicationRecord.GLP1(drug: body.drug, brand: body.brand, doseMg: body.doseMg, intervalDays: intervalDays,
                                                 since: body.since)
                guard let record = try MedicationStore.setGLP1(id: id, userID: userID, glp1, now: now, on: connection) else {
                    throw MedicationRecord.notFound
                }
                try AuditEntry(AuditAction.medicationGLP1Update, userID: userID, request: request, details: [
                    "medicationId": .string(id), "previousDoseMg": before.glp1.map { .number($0.doseMg) } ?? .null,
                    "doseMg": .number(body.doseMg), "drug": .string(body.drug), "brand": .string(body.brand),
                ], at: now).insert(on: connection)
                return record
            }
            return try context.responses.ok(record)
        }
    }.withPathParameters(MedicationEndpoints.idParameter)
}

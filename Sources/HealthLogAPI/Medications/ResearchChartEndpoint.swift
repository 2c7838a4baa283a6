import APIToolkit
import Foundation
import Storage

/// `GET /api/medications/{id}/research-chart?from&to` (contract §6, GROUND RULE 15): the
/// display-only Research Mode curve of a GLP-1 medication. Checked in this order: the user's
/// Research Mode acknowledgement is current (403 / 409), the medication is theirs (404), it has
/// GLP-1 details (422 `medication.glp1_not_set`) of a formulation `GLP1PopulationPK` models
/// (422 `research_chart.unsupported_drug`), and the days are valid (422, at most 366).
///
/// Points every 6 hours from the start of `from` to the end of `to` in the user's time zone:
/// `RelativeLevelCurve` over the medication's non-skipped, non-deleted intakes (each intake's
/// doseMg, else the GLP-1 dose), never a concentration unit. The answer names the model, its
/// source EPAR and the disclaimer it is shown under.
enum ResearchChartEndpoint {
    static let maximumDays = 366
    static let stepHours: Int64 = 6
    static let unit = "relative"
    static let model = "one-compartment, first-order absorption"
    /// Doses older than this many half-lives before `from` add under 0.1 % (2^-10) and are not read.
    static let lookbackHalfLives = 10.0

    struct Chart: Encodable, Sendable {
        struct Point: Encodable, Sendable {
            let at: Date
            let relative: Double
        }

        struct Source: Encodable, Sendable {
            let epar: String
            let version: String
            let section: String
        }

        let medicationId: String
        let drug: String
        let brand: String
        let from: String
        let to: String
        let timezone: String
        let unit: String
        let model: String
        let stepHours: Int64
        let points: [Point]
        let source: Source
        let disclaimerVersion: String
        let disclaimer: String
    }

    static let schema: Schema = .object("ResearchChart") {
        Property("medicationId", .string(format: .uuid))
        Property("drug", .string(oneOf: GLP1Catalog.generics))
        Property("brand", .string(oneOf: GLP1Catalog.brandNames))
        Property("from", .string(minLength: 10, maxLength: 10))
        Property("to", .string(minLength: 10, maxLength: 10))
        Property("timezone", .string(), description: "The IANA zone from and to are counted in.")
        Property("unit", .string(oneOf: [unit]), description: "Always relative: 1 is the modelled steady-state peak of the current dose (or the curve's own maximum when higher). Never a concentration.")
        Property("model", .string(oneOf: [model]))
        Property("stepHours", .integer(min: 1))
        Property("points", .array(of: .object("ResearchChartPoint") {
            Property("at", .dateTimeUTC)
            Property("relative", .number(min: 0, max: 1))
        }))
        Property("source", .object("ResearchChartSource") {
            Property("epar", .string(), description: "The EMA EPAR the population parameters come from.")
            Property("version", .string(), description: "The EPAR revision read.")
            Property("section", .string())
        })
        Property("disclaimerVersion", .string(), description: "ResearchModeDisclaimer's version; render the disclaimer with the chart.")
        Property("disclaimer", .string())
    }

    static let endpoint = Endpoint(
        .get, "/api/medications/{id}/research-chart", operationId: "getMedicationResearchChart",
        summary: "Research Mode: display-only relative curve of a GLP-1 medication", tags: [MedicationEndpoints.tag], access: .user,
        queryParameters: DayRange.parameters(maximumDays: maximumDays),
        success: OpenAPIResponse(200, """
            The relative curve, its model, source and disclaimer. 422 medication.glp1_not_set without GLP-1 details, \
            research_chart.unsupported_drug for a formulation without a population model (exenatide).
            """, schema: schema),
        failures: ResearchModeAccess.failures + [MedicationEndpoints.notFoundResponse]
    ) { context in
        { call in
            let userID = try call.user().userID, id = MedicationEndpoints.id(call)
            let chart = try await context.database.read { connection in
                try ResearchModeAccess.requireCurrent(userID: userID, on: connection)
                guard let record = try MedicationStore.record(id: id, userID: userID, on: connection) else { throw MedicationRecord.notFound }
                let (glp1, brand, profile) = try modelled(record)
                let (timezone, _) = try UserStore.settings(userID: userID, on: connection)
                let range = try DayRange(query: call.query, calendar: UserCalendar(timezone: timezone), maximumDays: maximumDays)
                let lookback = Int64(profile.halfLifeHours * lookbackHalfLives * 3600)
                let doses = try MedicationStore.taken(userID: userID, medicationID: id, from: range.start - lookback, before: range.end,
                                                      on: connection).map { intake in
                    RelativeLevelCurve.Dose(at: intake.takenAt, amount: intake.doseMg ?? glp1.doseMg)
                }
                let levels = OneCompartmentModel(profile)
                let curve = RelativeLevelCurve(model: levels, steadyStatePeak: levels.steadyStatePeak(
                    dose: glp1.doseMg, periodHours: brand.hoursBetweenDoses(intervalDays: Int(glp1.intervalDays))))
                let times = Array(stride(from: range.start, to: range.end, by: Int(stepHours * 3600)))
                let points = zip(times, curve.values(at: times, doses: doses)).map { time, value in
                    Chart.Point(at: Date(timeIntervalSince1970: TimeInterval(time)), relative: value)
                }
                return Chart(medicationId: id, drug: glp1.drug, brand: glp1.brand, from: range.from, to: range.to, timezone: timezone,
                             unit: unit, model: model, stepHours: stepHours, points: points,
                             source: Chart.Source(epar: profile.epar, version: profile.eparVersion, section: "Summary of Product Characteristics 5.2"),
                             disclaimerVersion: ResearchModeDisclaimer.version, disclaimer: ResearchModeDisclaimer.text)
            }
            return try context.responses.ok(chart)
        }
    }.withPathParameters(MedicationEndpoints.idParameter)

    /// The GLP-1 details, the catalog brand and the population model of `record`, or the 422s.
    private static func modelled(_ record: MedicationRecord) throws -> (MedicationRecord.GLP1, GLP1Brand, GLP1PKProfile) {
        guard let glp1 = record.glp1 else {
            throw APIError(status: 422, code: "medication.glp1_not_set",
                           message: "The medication has no GLP-1 details; set them with POST /api/medications/{id}/glp1")
        }
        guard let brand = GLP1Catalog.drug(glp1.drug)?.brand(named: glp1.brand),
              let profile = GLP1PopulationPK.profile(drug: glp1.drug, brand: brand) else {
            throw APIError(status: 422, code: "research_chart.unsupported_drug",
                           message: "Research Mode has no population model for \(glp1.brand) (\(glp1.drug)); its disclaimer does not cover it")
        }
        return (glp1, brand, profile)
    }
}

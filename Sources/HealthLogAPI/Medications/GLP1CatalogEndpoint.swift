import APIToolkit

/// `GET /api/medications/glp1-catalog`: `GLP1Catalog` for the app's pickers, with whether the
/// Research Mode chart can show each brand (`GLP1PopulationPK` has its formulation).
enum GLP1CatalogEndpoint {
    struct Catalog: Encodable, Sendable {
        struct Drug: Encodable, Sendable {
            let drug: String
            let brands: [Brand]
        }

        struct Brand: Encodable, Sendable {
            let brand: String
            let route: String
            let release: String
            let intervalDays: Int
            let dosesPerDay: Int
            let researchChart: Bool
        }

        let drugs: [Drug]
    }

    static let catalog = Catalog(drugs: GLP1Catalog.drugs.map { drug in
        Catalog.Drug(drug: drug.generic, brands: drug.brands.map { brand in
            Catalog.Brand(brand: brand.name, route: brand.route.rawValue, release: brand.release.rawValue,
                          intervalDays: brand.intervalDays, dosesPerDay: brand.dosesPerDay,
                          researchChart: GLP1PopulationPK.profile(drug: drug.generic, brand: brand) != nil)
        })
    })

    static let schema: Schema = .object("GLP1Catalog") {
        Property("drugs", .array(of: .object("GLP1CatalogDrug") {
            Property("drug", .string(oneOf: GLP1Catalog.generics), description: "The generic name; POST it as glp1.drug.")
            Property("brands", .array(of: .object("GLP1CatalogBrand") {
                Property("brand", .string(oneOf: GLP1Catalog.brandNames))
                Property("route", .string(oneOf: ["subcutaneous", "oral"]))
                Property("release", .string(oneOf: ["immediate", "extended"]), description: "extended: a prolonged-release depot.")
                Property("intervalDays", .integer(min: 1, max: 31), description: "Usual days between dosing days: 7 weekly, 1 daily.")
                Property("dosesPerDay", .integer(min: 1), description: "Doses on each dosing day: 2 for twice daily (Byetta), else 1.")
                Property("researchChart", .boolean, description: "Whether the Research Mode chart can show this brand.")
            }))
        }))
    }

    static let endpoint = Endpoint(
        .get, "/api/medications/glp1-catalog", operationId: "getGLP1Catalog", summary: "The GLP-1 drugs and brands the app offers",
        tags: [MedicationEndpoints.tag], access: .user, success: OpenAPIResponse(200, "Every generic with its brands", schema: schema)
    ) { context in
        { _ in try context.responses.ok(catalog) }
    }
}

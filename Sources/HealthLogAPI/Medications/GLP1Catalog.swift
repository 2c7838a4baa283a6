/// How a GLP-1 brand is taken.
enum GLP1Route: String, Sendable {
    case subcutaneous, oral
}

/// Whether the formulation releases the drug as injected (or swallowed) or over days from a
/// depot (exenatide microspheres); the two need different population models.
enum GLP1Release: String, Sendable {
    case immediate, extended
}

/// One brand of a GLP-1 receptor agonist. Its usual schedule is a dose every `intervalDays`
/// days, `dosesPerDay` times on each dosing day: weekly is (7, 1), daily (1, 1) and Byetta's
/// twice daily (1, 2). Two integers keep `intervalDays` whole, as the API and the
/// `glp1_interval_days` column carry it, while still saying "twice a day".
struct GLP1Brand: Sendable {
    let name: String
    let route: GLP1Route
    let release: GLP1Release
    let intervalDays: Int
    let dosesPerDay: Int

    static func weekly(_ name: String, _ release: GLP1Release = .immediate) -> GLP1Brand {
        GLP1Brand(name: name, route: .subcutaneous, release: release, intervalDays: 7, dosesPerDay: 1)
    }

    static func daily(_ name: String, route: GLP1Route = .subcutaneous, dosesPerDay: Int = 1) -> GLP1Brand {
        GLP1Brand(name: name, route: route, release: .immediate, intervalDays: 1, dosesPerDay: dosesPerDay)
    }

    /// Hours from one dose to the next when doses come every `intervalDays` days.
    func hoursBetweenDoses(intervalDays: Int) -> Double {
        Double(intervalDays) * 24 / Double(dosesPerDay)
    }
}

/// A generic (the international non-proprietary name) and its brands.
struct GLP1Drug: Sendable {
    let generic: String
    let brands: [GLP1Brand]

    func brand(named name: String) -> GLP1Brand? {
        brands.first { $0.name == name }
    }
}

/// The GLP-1 receptor agonists the app's pickers offer (`healthlog-facts.md` §7.1): the one list
/// of generics and brands the medication routes validate against.
enum GLP1Catalog {
    static let drugs: [GLP1Drug] = [
        GLP1Drug(generic: "tirzepatide", brands: [.weekly("Mounjaro"), .weekly("Zepbound")]),
        GLP1Drug(generic: "semaglutide", brands: [.weekly("Ozempic"), .weekly("Wegovy"), .daily("Rybelsus", route: .oral)]),
        GLP1Drug(generic: "dulaglutide", brands: [.weekly("Trulicity")]),
        GLP1Drug(generic: "liraglutide", brands: [.daily("Victoza"), .daily("Saxenda")]),
        GLP1Drug(generic: "exenatide", brands: [.daily("Byetta", dosesPerDay: 2), .weekly("Bydureon", .extended),
                                                .weekly("Bydureon BCise", .extended)]),
    ]

    static let generics = drugs.map(\.generic)
    static let brandNames = drugs.flatMap { $0.brands.map(\.name) }

    static func drug(_ generic: String) -> GLP1Drug? {
        drugs.first { $0.generic == generic }
    }
}

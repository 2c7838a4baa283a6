import Secrets

/// Population pharmacokinetic parameters of one formulation, as its EMA EPAR's Summary of
/// Product Characteristics states them in section 5.2. `smpcWording` quotes the statements the
/// two numbers stand for; where the SmPC gives a range, the number is the population typical
/// value inside it.
struct GLP1PKProfile: Sendable {
    let drug: String
    let route: GLP1Route
    let release: GLP1Release
    let halfLifeHours: Double
    let timeToPeakHours: Double
    let smpcWording: String
    /// The EPAR read: product name and agency product number.
    let epar: String
    /// The EPAR revision and the product-information update it carried.
    let eparVersion: String
}

/// The one table of population parameters behind the Research Mode chart. It covers exactly
/// the generics `ResearchModeDisclaimer.text` names: semaglutide, tirzepatide, dulaglutide and
/// liraglutide. Exenatide (Byetta, Bydureon) is in the catalog but not in the acknowledged
/// disclaimer, and its prolonged-release depot has no single apparent half-life, so the chart
/// refuses it (422) until a disclaimer version adds it.
///
/// The table is locked to the disclaimer version: `fingerprint` is compared with
/// `ResearchModeDisclaimer.modelTable` by a test, so editing a row without a new disclaimer
/// version (contract §6: "the EMA EPAR cited as source changes version") fails.
enum GLP1PopulationPK {
    static let profiles: [GLP1PKProfile] = [
        GLP1PKProfile(drug: "semaglutide", route: .subcutaneous, release: .immediate, halfLifeHours: 165, timeToPeakHours: 56,
                      smpcWording: "elimination half-life approximately 1 week; maximum concentration 1 to 3 days post dose",
                      epar: "Ozempic (EMEA/H/C/004174)",
                      eparVersion: "revision 10, product information 31/03/2023 (PSUSA/00010671/202205)"),
        GLP1PKProfile(drug: "semaglutide", route: .oral, release: .immediate, halfLifeHours: 165, timeToPeakHours: 1,
                      smpcWording: "elimination half-life approximately 1 week; maximum concentration 1 hour post dose",
                      epar: "Rybelsus (EMEA/H/C/004953)",
                      eparVersion: "revision 6, product information 14/09/2023 (II/0036)"),
        GLP1PKProfile(drug: "tirzepatide", route: .subcutaneous, release: .immediate, halfLifeHours: 116.7, timeToPeakHours: 24,
                      smpcWording: "half-life approximately 5 days; maximum concentration 8 to 72 hours post dose",
                      epar: "Mounjaro (EMEA/H/C/005620)",
                      eparVersion: "revision 3, product information 23/08/2023 (PSUSA/00011019/202211)"),
        GLP1PKProfile(drug: "dulaglutide", route: .subcutaneous, release: .immediate, halfLifeHours: 112.8, timeToPeakHours: 48,
                      smpcWording: "elimination half-life approximately 4.7 days; peak plasma concentration in 48 hours",
                      epar: "Trulicity (EMEA/H/C/002825)",
                      eparVersion: "revision 17, product information 06/03/2023 (II/0065)"),
        GLP1PKProfile(drug: "liraglutide", route: .subcutaneous, release: .immediate, halfLifeHours: 13, timeToPeakHours: 11,
                      smpcWording: "half-life approximately 13 hours; maximum concentration approximately 11 hours post dose",
                      epar: "Saxenda (EMEA/H/C/003780)",
                      eparVersion: "revision 13, product information 20/07/2023 (II/0036)"),
    ]

    static func profile(drug: String, brand: GLP1Brand) -> GLP1PKProfile? {
        profiles.first { $0.drug == drug && $0.route == brand.route && $0.release == brand.release }
    }

    /// Every field of every row, one row a line, in table order: what `fingerprint` digests.
    /// Numbers are written with Swift's shortest round-trip form, so the text changes exactly
    /// when a value does.
    static func canonicalText(of rows: [GLP1PKProfile]) -> String {
        rows.map { row in
            [row.drug, row.route.rawValue, row.release.rawValue, "\(row.halfLifeHours)", "\(row.timeToPeakHours)",
             row.smpcWording, row.epar, row.eparVersion].joined(separator: "|")
        }.joined(separator: "\n")
    }

    /// SHA-256 (hex) of the canonical text of `rows`.
    static func fingerprint(of rows: [GLP1PKProfile]) -> String { Digest.sha256Hex(canonicalText(of: rows)) }

    static var canonicalText: String { canonicalText(of: profiles) }
    static var fingerprint: String { fingerprint(of: profiles) }
}

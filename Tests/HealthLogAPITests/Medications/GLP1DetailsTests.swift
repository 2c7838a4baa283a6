import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// `POST /api/medications/{id}/glp1` (contract §9.3, Fix-K) and `GET /api/medications/glp1-catalog`.
final class GLP1DetailsTests: XCTestCase {
    func testTwoUpdatesAreAuditedWithPreviousAndNewDoseOnSQLite() async throws { try await audited(.sqlite) }
    func testTwoUpdatesAreAuditedWithPreviousAndNewDoseOnPostgres() async throws { try await audited(.postgres) }
    func testTheBodyIsStrictAndTheBrandMustBelongToTheDrugOnSQLite() async throws { try await strictness(.sqlite) }
    func testTheBodyIsStrictAndTheBrandMustBelongToTheDrugOnPostgres() async throws { try await strictness(.postgres) }
    func testTheCatalogHasEveryBrandOfTheFactsForTheFiveGenericsOnSQLite() async throws { try await catalog(.sqlite) }
    func testTheCatalogHasEveryBrandOfTheFactsForTheFiveGenericsOnPostgres() async throws { try await catalog(.postgres) }

    /// `healthlog-facts.md` §7.1, the rows of the five generics the app offers, brands as written there.
    static let factsBrands: [String: [String]] = [
        "tirzepatide": ["Mounjaro", "Zepbound"],
        "semaglutide": ["Ozempic", "Wegovy", "Rybelsus"],
        "liraglutide": ["Victoza", "Saxenda"],
        "dulaglutide": ["Trulicity"],
        "exenatide": ["Byetta", "Bydureon", "Bydureon BCise"],
    ]

    private func audited(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try MedicationClient(harness, email: "fixk@example.com")
        let id = try client.createdID(name: "My weekly pen", kind: "other")

        let first = try client.setGLP1(id, drug: "semaglutide", brand: "Ozempic", doseMg: 0.25)
        XCTAssertEqual(first.status, 200, first.body)
        XCTAssertEqual(first.data["kind"] as? String, "glp1", "setting GLP-1 details makes the medication glp1")
        let glp1 = try XCTUnwrap(first.data["glp1"] as? [String: Any], first.body)
        XCTAssertEqual(Set(glp1.keys), ["drug", "brand", "doseMg", "intervalDays", "since"])
        XCTAssertEqual(glp1["drug"] as? String, "semaglutide")
        XCTAssertEqual(glp1["brand"] as? String, "Ozempic")
        XCTAssertEqual(glp1["doseMg"] as? Double, 0.25)
        XCTAssertEqual(glp1["intervalDays"] as? Int, 7, "the brand's interval from the catalog")
        XCTAssertEqual(glp1["since"] as? String, "2026-01-05")
        assertIOSDate(first.data["updatedAt"], "updatedAt")

        let second = try client.setGLP1(id, drug: "semaglutide", brand: "Ozempic", doseMg: 0.5, since: "2026-02-02",
                                        extra: #","intervalDays":8"#)
        XCTAssertEqual(second.status, 200, second.body)
        XCTAssertEqual((second.data["glp1"] as? [String: Any])?["intervalDays"] as? Int, 8, "an explicit interval wins")
        XCTAssertEqual((try client.call("GET", "/api/medications/\(id)").data["glp1"] as? [String: Any])?["doseMg"] as? Double, 0.5)

        let page = try client.call("GET", "/api/auth/me/audit?limit=200")
        XCTAssertEqual(page.status, 200, page.body)
        let rows = (page.data["items"] as? [[String: Any]] ?? []).filter { $0["action"] as? String == "medication.glp1.update" }
        XCTAssertEqual(rows.count, 2, page.body)
        let details = rows.compactMap { $0["details"] as? [String: Any] }
        XCTAssertEqual(details.count, 2)
        guard details.count == 2 else { return }
        let (latest, earliest) = (details[0], details[1])
        XCTAssertEqual(latest["medicationId"] as? String, id)
        XCTAssertEqual(latest["previousDoseMg"] as? Double, 0.25)
        XCTAssertEqual(latest["doseMg"] as? Double, 0.5)
        XCTAssertEqual(latest["drug"] as? String, "semaglutide")
        XCTAssertEqual(latest["brand"] as? String, "Ozempic")
        XCTAssertTrue(earliest["previousDoseMg"] is NSNull, "null the first time: \(earliest)")
        XCTAssertEqual(earliest["doseMg"] as? Double, 0.25)
        for row in rows { assertIOSDate(row["createdAt"], "createdAt") }
        let stored = try await harness.count("SELECT COUNT(*) FROM audit_log WHERE action = $1 AND user_id IS NOT NULL",
                                             [.text("medication.glp1.update")])
        XCTAssertEqual(stored, 2, "written in the update's transaction, not batched")
    }

    private func strictness(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try MedicationClient(harness, email: "strictglp1@example.com")
        let id = try client.createdID(name: "Mounjaro")
        let refused: [(drug: String, brand: String, doseMg: Double, since: String, extra: String, path: String)] = [
            ("semaglutide", "Mounjaro", 0.5, "2026-01-05", "", "brand"),
            ("tirzepatide", "Ozempic", 5, "2026-01-05", "", "brand"),
            ("orforglipron", "Mounjaro", 5, "2026-01-05", "", "drug"),
            ("tirzepatide", "Mounjarro", 5, "2026-01-05", "", "brand"),
            ("tirzepatide", "Mounjaro", 0, "2026-01-05", "", "doseMg"),
            ("tirzepatide", "Mounjaro", -2.5, "2026-01-05", "", "doseMg"),
            ("tirzepatide", "Mounjaro", 100.5, "2026-01-05", "", "doseMg"),
            ("tirzepatide", "Mounjaro", 5, "2026-02-30", "", "since"),
            ("tirzepatide", "Mounjaro", 5, "2026-01-05", #","intervalDays":0"#, "intervalDays"),
            ("tirzepatide", "Mounjaro", 5, "2026-01-05", #","intervalDays":32"#, "intervalDays"),
            ("tirzepatide", "Mounjaro", 5, "2026-01-05", #","intervalDays":1.5"#, "intervalDays"),
            ("tirzepatide", "Mounjaro", 5, "2026-01-05", #","site":"thigh_left""#, "site"),
        ]
        for attempt in refused {
            let result = try client.setGLP1(id, drug: attempt.drug, brand: attempt.brand, doseMg: attempt.doseMg,
                                            since: attempt.since, extra: attempt.extra)
            XCTAssertEqual(result.status, 422, "\(attempt): \(result.body)")
            XCTAssertEqual(result.meta["path"] as? String, attempt.path, "\(attempt)")
        }
        let missingSince = try client.call("POST", "/api/medications/\(id)/glp1",
                                           json: #"{"drug":"tirzepatide","brand":"Mounjaro","doseMg":5}"#)
        XCTAssertEqual(missingSince.status, 422)
        XCTAssertEqual(missingSince.meta["path"] as? String, "since")
        XCTAssertTrue(try client.call("GET", "/api/medications/\(id)").data["glp1"] is NSNull, "nothing was written")
        let audited = try await harness.count("SELECT COUNT(*) FROM audit_log WHERE action = $1", [.text("medication.glp1.update")])
        XCTAssertEqual(audited, 0, "refused updates are not audited")

        XCTAssertEqual(try client.setGLP1(id, drug: "tirzepatide", brand: "Mounjaro", doseMg: 100).status, 200, "100 mg is the ceiling")
        let unset = try client.call("PATCH", "/api/medications/\(id)", json: #"{"kind":"other"}"#)
        XCTAssertEqual(unset.status, 422, "GLP-1 details only change through the audited route: \(unset.body)")
        XCTAssertEqual(unset.meta["path"] as? String, "kind")
        XCTAssertEqual(try client.call("PATCH", "/api/medications/\(id)", json: #"{"kind":"glp1","name":"Mounjaro pen"}"#).status, 200)
    }

    private func catalog(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try MedicationClient(harness, email: "catalog@example.com")
        let result = try client.call("GET", "/api/medications/glp1-catalog")
        XCTAssertEqual(result.status, 200, result.body)
        XCTAssertEqual(try http("GET", harness.url + "/api/medications/glp1-catalog").status, 401)
        let drugs = try XCTUnwrap(result.data["drugs"] as? [[String: Any]])
        var brands: [String: [String: [String: Any]]] = [:]
        for drug in drugs {
            let generic = try XCTUnwrap(drug["drug"] as? String)
            for brand in drug["brands"] as? [[String: Any]] ?? [] {
                XCTAssertEqual(Set(brand.keys), ["brand", "route", "release", "intervalDays", "dosesPerDay", "researchChart"])
                brands[generic, default: [:]][brand["brand"] as? String ?? ""] = brand
            }
        }
        for (generic, names) in Self.factsBrands {
            for name in names { XCTAssertNotNil(brands[generic]?[name], "\(name) (\(generic)) is missing from the catalog") }
        }
        XCTAssertEqual(Set(brands.keys), Set(Self.factsBrands.keys))

        let byetta = try XCTUnwrap(brands["exenatide"]?["Byetta"])
        XCTAssertEqual(byetta["intervalDays"] as? Int, 1)
        XCTAssertEqual(byetta["dosesPerDay"] as? Int, 2, "twice daily")
        XCTAssertEqual(brands["semaglutide"]?["Rybelsus"]?["route"] as? String, "oral")
        XCTAssertEqual(brands["tirzepatide"]?["Zepbound"]?["intervalDays"] as? Int, 7)
        XCTAssertEqual(brands["exenatide"]?["Bydureon"]?["release"] as? String, "extended")
        for (generic, named) in brands {
            for (name, brand) in named {
                XCTAssertEqual(brand["researchChart"] as? Bool, generic != "exenatide", "\(name): the chart covers the disclaimer's drugs")
            }
        }
    }
}

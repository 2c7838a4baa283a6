@testable import HealthLogAPI
import XCTest

/// The Research Mode chart's population table is locked to the disclaimer version (contract §6:
/// a new EPAR version or a new drug is a bump trigger), and the model computes what it claims.
final class GLP1ModelTableLockTests: XCTestCase {
    func testTheTableMatchesTheFingerprintRecordedForTheCurrentDisclaimerVersion() {
        XCTAssertEqual(ResearchModeDisclaimer.modelTable.version, ResearchModeDisclaimer.version,
                       "a new disclaimer version records the table it cites: update modelTable with it")
        XCTAssertEqual(GLP1PopulationPK.fingerprint, ResearchModeDisclaimer.modelTable.fingerprint, """
            GLP1PopulationPK changed: bump ResearchModeDisclaimer.version (users acknowledge again) and record the new \
            fingerprint with it. Canonical text now:
            \(GLP1PopulationPK.canonicalText)
            """)
    }

    func testEveryFieldOfEveryRowChangesTheFingerprint() {
        let rows = GLP1PopulationPK.profiles
        let original = GLP1PopulationPK.fingerprint(of: rows)
        for index in rows.indices {
            let row = rows[index]
            let edits = [
                GLP1PKProfile(drug: row.drug + "x", route: row.route, release: row.release, halfLifeHours: row.halfLifeHours,
                              timeToPeakHours: row.timeToPeakHours, smpcWording: row.smpcWording, epar: row.epar, eparVersion: row.eparVersion),
                GLP1PKProfile(drug: row.drug, route: row.route == .oral ? .subcutaneous : .oral, release: row.release,
                              halfLifeHours: row.halfLifeHours, timeToPeakHours: row.timeToPeakHours, smpcWording: row.smpcWording,
                              epar: row.epar, eparVersion: row.eparVersion),
                GLP1PKProfile(drug: row.drug, route: row.route, release: row.release, halfLifeHours: row.halfLifeHours + 0.1,
                              timeToPeakHours: row.timeToPeakHours, smpcWording: row.smpcWording, epar: row.epar, eparVersion: row.eparVersion),
                GLP1PKProfile(drug: row.drug, route: row.route, release: row.release, halfLifeHours: row.halfLifeHours,
                              timeToPeakHours: row.timeToPeakHours + 0.1, smpcWording: row.smpcWording, epar: row.epar, eparVersion: row.eparVersion),
                GLP1PKProfile(drug: row.drug, route: row.route, release: row.release, halfLifeHours: row.halfLifeHours,
                              timeToPeakHours: row.timeToPeakHours, smpcWording: row.smpcWording, epar: row.epar, eparVersion: row.eparVersion + "1"),
            ]
            for edit in edits {
                var edited = rows
                edited[index] = edit
                XCTAssertNotEqual(GLP1PopulationPK.fingerprint(of: edited), original, "editing row \(index) went unnoticed")
            }
            XCTAssertNotEqual(GLP1PopulationPK.fingerprint(of: rows.filter { $0.epar != row.epar }), original, "dropping row \(index)")
        }
    }

    func testTheChartModelsExactlyDrugsAndBrandsTheDisclaimerNames() {
        for profile in GLP1PopulationPK.profiles {
            XCTAssertTrue(ResearchModeDisclaimer.text.contains(profile.drug), "\(profile.drug) is not in the acknowledged disclaimer")
            let product = String(profile.epar.prefix { $0 != " " })
            XCTAssertTrue(ResearchModeDisclaimer.text.contains(product), "the EPAR of \(product) is not one the disclaimer names")
            XCTAssertNotNil(GLP1Catalog.drug(profile.drug)?.brands.first { GLP1PopulationPK.profile(drug: profile.drug, brand: $0) != nil },
                            "\(profile.drug): no catalog brand uses this row")
        }
        XCTAssertFalse(ResearchModeDisclaimer.text.contains("exenatide"))
        for brand in GLP1Catalog.drug("exenatide")?.brands ?? [] {
            XCTAssertNil(GLP1PopulationPK.profile(drug: "exenatide", brand: brand), "\(brand.name) is charted without a disclaimer naming it")
        }
    }

    func testTheSolvedAbsorptionRatePeaksAtTheTableTimeToPeak() {
        for profile in GLP1PopulationPK.profiles {
            let model = OneCompartmentModel(profile)
            let hours = stride(from: 0.0, through: profile.timeToPeakHours * 3, by: 0.01)
            let peak = hours.max { model.level(dose: 1, hoursAfter: $0) < model.level(dose: 1, hoursAfter: $1) } ?? 0
            XCTAssertEqual(peak, profile.timeToPeakHours, accuracy: 0.02, "\(profile.drug) \(profile.route)")
            XCTAssertEqual(model.level(dose: 1, hoursAfter: profile.timeToPeakHours + profile.halfLifeHours * 20), 0, accuracy: 1e-5)
        }
    }

    func testTheSteadyStatePeakIsTheLimitOfRepeatedDoses() {
        for profile in GLP1PopulationPK.profiles {
            let model = OneCompartmentModel(profile)
            let period = profile.route == .oral || profile.halfLifeHours < 24 ? 24.0 : 168.0
            let doses = Int((profile.halfLifeHours * 12 / period).rounded(.up)) + 1
            let lastPeriod = stride(from: Double(doses - 1) * period, to: Double(doses) * period, by: 0.05)
            let simulated = lastPeriod.map { time in
                (0..<doses).reduce(0.0) { $0 + model.level(dose: 2, hoursAfter: time - Double($1) * period) }
            }.max() ?? 0
            XCTAssertEqual(model.steadyStatePeak(dose: 2, periodHours: period), simulated, accuracy: simulated * 0.002,
                           "\(profile.drug) \(profile.route)")
        }
    }

    func testDosesAboveTheSteadyStateAreScaledByTheCurveMaximumNotClamped() throws {
        let profile = try XCTUnwrap(GLP1PopulationPK.profiles.first { $0.drug == "semaglutide" && $0.route == .subcutaneous })
        let model = OneCompartmentModel(profile)
        let curve = RelativeLevelCurve(model: model, steadyStatePeak: model.steadyStatePeak(dose: 0.25, periodHours: 168))
        let times = (0..<(28 * 4)).map { Int64($0) * 6 * 3600 }
        let daily = (0..<28).map { RelativeLevelCurve.Dose(at: Int64($0) * 86_400, amount: 1) }
        let high = curve.values(at: times, doses: daily)
        XCTAssertEqual(high.max(), 1, "the curve's maximum is the scale")
        XCTAssertEqual(high.filter { $0 == 1 }.count, 1, "one point at the top: the shape is kept, not clipped")
        let weekly = (0..<4).map { RelativeLevelCurve.Dose(at: Int64($0) * 7 * 86_400, amount: 0.25) }
        let usual = curve.values(at: times, doses: weekly)
        XCTAssertLessThan(usual.max() ?? 1, 1, "four weeks of the current dose stay under its steady-state peak")
        XCTAssertGreaterThan(usual.max() ?? 0, 0.8)
        XCTAssertEqual(curve.values(at: times, doses: []), times.map { _ in 0 })
    }
}

import Foundation

/// A one-compartment model with first-order absorption and elimination. One dose `D` taken at
/// time 0 gives, `t` hours later, the Bateman function
///
///     C(t) = D · ka / (ka − ke) · (e^(−ke·t) − e^(−ka·t))
///
/// in units of "dose per volume, times bioavailability" that are never stated: the chart only
/// divides one value of the same formulation by another, where bioavailability and volume of
/// distribution cancel. That is also why the curve cannot be read as a concentration.
struct OneCompartmentModel: Sendable {
    /// Elimination and absorption rate constants, per hour.
    let eliminationRate: Double
    let absorptionRate: Double

    /// `ke = ln 2 / t½`; `ka` is the rate for which the single-dose peak falls at
    /// `timeToPeakHours`, `tmax = ln(ka/ke) / (ka − ke)`. Such a `ka > ke` exists exactly when
    /// `tmax < 1/ke`, which holds for every row of `GLP1PopulationPK`.
    init(halfLifeHours: Double, timeToPeakHours: Double) {
        let ke = log(2) / halfLifeHours
        precondition(timeToPeakHours > 0 && timeToPeakHours < 1 / ke, "time to peak must lie in (0, 1/ke)")
        eliminationRate = ke
        absorptionRate = Self.absorptionRate(eliminationRate: ke, timeToPeakHours: timeToPeakHours)
    }

    init(_ profile: GLP1PKProfile) {
        self.init(halfLifeHours: profile.halfLifeHours, timeToPeakHours: profile.timeToPeakHours)
    }

    /// The level `hours` after one dose of `dose`; 0 before the dose.
    func level(dose: Double, hoursAfter hours: Double) -> Double {
        guard hours > 0 else { return 0 }
        let (ka, ke) = (absorptionRate, eliminationRate)
        return dose * ka / (ka - ke) * (exp(-ke * hours) - exp(-ka * hours))
    }

    /// The highest level of the steady state reached by `dose` every `periodHours`: the
    /// superposed curve `D·ka/(ka−ke)·(e^(−ke·t)/(1−e^(−ke·τ)) − e^(−ka·t)/(1−e^(−ka·τ)))` at
    /// its peak `t* = ln(ka·(1−e^(−ke·τ)) / (ke·(1−e^(−ka·τ)))) / (ka − ke)` within the period.
    func steadyStatePeak(dose: Double, periodHours tau: Double) -> Double {
        let (ka, ke) = (absorptionRate, eliminationRate)
        let keAccumulation = 1 - exp(-ke * tau), kaAccumulation = 1 - exp(-ka * tau)
        let peak = min(max(log(ka * keAccumulation / (ke * kaAccumulation)) / (ka - ke), 0), tau)
        return dose * ka / (ka - ke) * (exp(-ke * peak) / keAccumulation - exp(-ka * peak) / kaAccumulation)
    }

    /// Solves `ln(ka/ke) / (ka − ke) = tmax` for `ka > ke` by bisection on `ln ka`: the left
    /// side falls from `1/ke` (as `ka → ke`) towards 0, so the root is unique.
    private static func absorptionRate(eliminationRate ke: Double, timeToPeakHours tmax: Double) -> Double {
        func peakTime(_ ka: Double) -> Double { log(ka / ke) / (ka - ke) }
        var low = log(ke) + 1e-9, high = log(ke) + 40
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if peakTime(exp(middle)) > tmax { low = middle } else { high = middle }
        }
        return exp((low + high) / 2)
    }
}

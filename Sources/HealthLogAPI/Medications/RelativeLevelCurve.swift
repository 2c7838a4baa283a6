/// The Research Mode chart's curve: every logged dose's Bateman curve (`OneCompartmentModel`),
/// summed at each instant, then divided by a scale so the values are relative, 0 to 1.
///
/// The scale is the larger of the modelled steady-state peak of the current dose and the
/// curve's own highest value. Usually the steady state is larger and 1 means "the peak this
/// dose settles at". When the logged doses sum higher (a larger earlier dose, doses closer
/// together than the schedule) the curve's maximum is the scale instead: clamping at 1 would
/// flatten the top of the curve and hide its shape.
struct RelativeLevelCurve: Sendable {
    struct Dose: Sendable {
        /// Unix seconds.
        let at: Int64
        let amount: Double
    }

    let model: OneCompartmentModel
    /// The steady-state peak of the current dose at its schedule, the usual scale.
    let steadyStatePeak: Double

    /// Relative values at `times` (unix seconds), rounded to 4 decimals: more would be false precision.
    func values(at times: [Int64], doses: [Dose]) -> [Double] {
        let sums = times.map { time in
            doses.reduce(0) { sum, dose in sum + model.level(dose: dose.amount, hoursAfter: Double(time - dose.at) / 3600) }
        }
        let scale = max(steadyStatePeak, sums.max() ?? 0)
        guard scale > 0 else { return sums.map { _ in 0 } }
        return sums.map { ($0 / scale * 10_000).rounded() / 10_000 }
    }
}

import CoachSafety

/// A metric's current window judged against its baseline (docs/healthlog/insights.md, "Status").
///
/// The change is flat when it is smaller than the metric's `StableBand`; otherwise up or down.
/// A flat change is `stable`. For a metric with a preferred direction, moving that way is
/// `improving` and the other way `declining`. Weight has none: moving on in the direction of the
/// user's own baseline trend is `improving`, and moving against it, or away from a steady
/// baseline, is `declining`. Only a decline of a metric with a preferred direction raises the
/// severity: `warning`, or `important` from three bands on; everything else is `info`.
struct TrendJudgement: Sendable, Equatable {
    let status: TrendStatus
    /// Nil when there is too little data to say.
    let direction: TrendDirection?
    let severity: Severity

    /// `baselineTrend` is the change the baseline's own least-squares line makes across the
    /// baseline window (`trend(of:acrossDays:)`), read only for `usersOwnTrend` metrics.
    init(metric: InsightMetric, current: WindowMeasure?, baseline: WindowMeasure?, baselineTrend: Double?) {
        guard let current, let baseline, current.observations >= metric.minimumCurrent,
              baseline.observations >= metric.minimumBaseline else {
            (status, direction, severity) = (.insufficientData, nil, .info)
            return
        }
        let change = current.value - baseline.value
        let bands = metric.band.bands(change: change, baseline: baseline.value)
        let direction = TrendDirection(change: change, bands: bands)
        let status: TrendStatus
        switch (direction, metric.preferred) {
        case (.flat, _): status = .stable
        case (_, .higher): status = direction == .up ? .improving : .declining
        case (_, .lower): status = direction == .down ? .improving : .declining
        case (_, .usersOwnTrend):
            let continuesTrend = baselineTrend.map { trend in
                metric.band.bands(change: trend, baseline: baseline.value) >= 1 && (trend > 0) == (change > 0)
            } ?? false
            status = continuesTrend ? .improving : .declining
        }
        self.status = status
        self.direction = direction
        severity = status == .declining && metric.preferred != .usersOwnTrend ? (bands >= 3 ? .important : .warning) : .info
    }

    /// The change the least-squares line through `points` (day offset, value) makes over
    /// `acrossDays` days; nil with fewer than two distinct days.
    static func trend(of points: [(offset: Int, value: Double)], acrossDays: Int) -> Double? {
        guard points.count >= 2 else { return nil }
        let count = Double(points.count)
        let meanOffset = points.reduce(0) { $0 + Double($1.offset) } / count
        let meanValue = points.reduce(0) { $0 + $1.value } / count
        let spread = points.reduce(0) { $0 + (Double($1.offset) - meanOffset) * (Double($1.offset) - meanOffset) }
        guard spread > 0 else { return nil }
        let covariance = points.reduce(0) { $0 + (Double($1.offset) - meanOffset) * ($1.value - meanValue) }
        return covariance / spread * Double(acrossDays - 1)
    }
}

import Storage

/// The values of some statuses' metrics, read once over `InsightWindows.readDays` days up to an
/// anchor day, and the statuses built from them as of that day or an earlier one.
struct InsightSnapshot {
    let scope: InsightScope
    let anchor: String
    let values: [String: MetricValues]
    let weightSinceGLP1: TrendAnnotation?

    static func read(_ kinds: [StatusKind], anchor: String, scope: InsightScope,
                     on connection: any DatabaseConnection) throws -> InsightSnapshot {
        let reader = InsightReader(scope: scope, connection: connection)
        let span = InsightPeriod(from: scope.calendar.shifted(anchor, by: 1 - InsightWindows.readDays), to: anchor)
        var values: [String: MetricValues] = [:]
        for metric in kinds.flatMap(\.metrics) where values[metric.name] == nil {
            values[metric.name] = try reader.values(metric.source, over: span)
        }
        let weightSinceGLP1 = kinds.contains(.weight) ? try WeightSinceGLP1.annotation(reader: reader, anchor: anchor) : nil
        return InsightSnapshot(scope: scope, anchor: anchor, values: values, weightSinceGLP1: weightSinceGLP1)
    }

    /// One metric judged as of a day: its windows, their values and the judgement.
    struct Assessment {
        let metric: InsightMetric
        let windows: InsightWindows
        let current: WindowMeasure?
        let baseline: WindowMeasure?
        let judgement: TrendJudgement

        /// The annotation of the metric's trend across both windows; nil without a direction.
        var annotation: TrendAnnotation? {
            guard let direction = judgement.direction else { return nil }
            return TrendAnnotation(metric: metric.name, direction: direction, severity: judgement.severity,
                                   startDate: windows.baseline.from, endDate: windows.current.to,
                                   summaryKey: "\(metric.name).\(direction.rawValue)_vs_baseline")
        }
    }

    func assess(_ metric: InsightMetric, at day: String) -> Assessment {
        let windows = InsightWindows(metric: metric, anchor: day, today: scope.today, calendar: scope.calendar)
        let values = self.values[metric.name]
        let current = values?.measure(from: windows.current.from, to: windows.current.to)
        let baseline = values?.measure(from: windows.baseline.from, to: windows.baseline.to)
        var trend: Double?
        if metric.preferred == .usersOwnTrend, let points = values?.daily?.points(from: windows.baseline.from, to: windows.baseline.to) {
            let offsets = points.compactMap { point in
                scope.calendar.days(from: windows.baseline.from, to: point.day).map { (offset: $0, value: point.value) }
            }
            trend = TrendJudgement.trend(of: offsets, acrossDays: InsightWindows.baselineDays)
        }
        return Assessment(metric: metric, windows: windows, current: current, baseline: baseline,
                          judgement: TrendJudgement(metric: metric, current: current, baseline: baseline, baselineTrend: trend))
    }

    /// The status of `kind` as of `day` (the anchor or earlier): its metric's judgement and
    /// numbers, and the trend annotations of its metrics (plus the weight-since-GLP-1 one).
    func status(_ kind: StatusKind, at day: String) -> InsightStatus {
        let assessments = kind.metrics.map { assess($0, at: day) }
        let primary = assessments[0], metric = primary.metric
        var annotations = assessments.compactMap(\.annotation)
        if kind == .weight, day == anchor, let weightSinceGLP1 { annotations.append(weightSinceGLP1) }
        func window(_ measure: WindowMeasure?, _ period: InsightPeriod) -> InsightWindowValue? {
            measure.map { InsightWindowValue(value: $0.value.roundedForInsight, unit: metric.unit, period: period) }
        }
        var change: InsightChange?
        if let current = primary.current, let baseline = primary.baseline {
            let absolute = current.value - baseline.value
            change = InsightChange(absolute: absolute.roundedForInsight,
                                   percent: baseline.value == 0 ? nil : (absolute / baseline.value * 100).roundedForInsight)
        }
        return InsightStatus(metric: metric.name, status: primary.judgement.status, severity: primary.judgement.severity,
                             current: window(primary.current, primary.windows.current),
                             baseline: window(primary.baseline, primary.windows.baseline), change: change,
                             sampleSize: (primary.current?.observations ?? 0) + (primary.baseline?.observations ?? 0),
                             annotations: annotations, generatedAt: scope.generatedAt)
    }
}

extension Double {
    /// Two decimals: what every insight number is published with.
    var roundedForInsight: Double { (self * 100).rounded() / 100 }
}

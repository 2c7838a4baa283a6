/// The two windows a status compares, in the user's days: the current window (the metric's
/// `currentDays`) and the 28 days before it. The current window ends on the anchor day, or on
/// the day before when the anchor is still running and the metric's day fills up during it
/// (today's steps are not a day's steps yet).
struct InsightWindows: Sendable, Equatable {
    static let baselineDays = 28
    /// How far back an insight reads: both windows of compliance (28 + 28 days) as of the
    /// briefing's anchor and as of a week earlier (the health score's delta), with room to spare.
    static let readDays = 70

    let current: InsightPeriod
    let baseline: InsightPeriod

    init(metric: InsightMetric, anchor: String, today: String, calendar: UserCalendar) {
        let end = metric.fillsDuringTheDay && anchor >= today ? calendar.shifted(anchor, by: -1) : anchor
        let currentFrom = calendar.shifted(end, by: 1 - metric.currentDays)
        let baselineTo = calendar.shifted(currentFrom, by: -1)
        current = InsightPeriod(from: currentFrom, to: end)
        baseline = InsightPeriod(from: calendar.shifted(baselineTo, by: 1 - Self.baselineDays), to: baselineTo)
    }

    /// Both windows, oldest day first to last.
    var span: InsightPeriod { InsightPeriod(from: baseline.from, to: current.to) }
}

extension UserCalendar {
    /// `day` moved by `count` days. Insight days come from `day(of:)` or a validated request, so
    /// they always parse; a day that did not would stay where it is rather than fail the read.
    func shifted(_ day: String, by count: Int) -> String {
        self.day(day, offsetBy: count) ?? day
    }
}

extension InsightPeriod {
    /// Every day of the period, oldest first.
    func days(in calendar: UserCalendar) -> [String] {
        var days: [String] = [], day = from
        while day <= to, let next = calendar.next(after: day) {
            days.append(day)
            day = next
        }
        return days
    }
}

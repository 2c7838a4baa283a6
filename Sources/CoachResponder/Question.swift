/// What a Coach question asks, as `QuestionReader` understood it.
public enum Question: Equatable, Sendable {
    /// A metric over a period, optionally at a time of day or compared with something.
    case metric(CoachMetric, Period, timeOfDay: String?, comparison: Comparison?)
    /// The user's own medication log: `doses`, `first_taken`, `last_taken` or `skipped`.
    case medicationLog(String, Period)
    /// The user's workouts in a period, of one kind (a key of the templates' `workoutKinds`) or all.
    case workouts(String?, Period)
    /// How to do something in the app (a topic of the vocabulary's `howto`).
    case howto(String)
    /// General wellbeing tips on a topic.
    case tip(String)
    case greeting
    case thanks
    case unknown

    public enum Comparison: Equatable, Sendable {
        case injectionDays
        /// Since the user started a medication (its name as the snapshot knows it, or nil: the GLP-1 one).
        case sinceStart(String?)
        /// The day with the highest (or lowest) value in the period ("my best step day").
        case record(highest: Bool)
        /// How many days reached at least this value ("how many days did I hit 10k steps").
        case daysAtLeast(Double)
        /// The longest run of consecutive days reaching at least this value.
        case streak(Double)

        /// Counted over the period's days (a record, a threshold, a streak): "since I started"
        /// then names the period ("my lowest weight since I started Mounjaro").
        var countsDays: Bool {
            switch self {
            case .record, .daysAtLeast, .streak: true
            case .injectionDays, .sinceStart: false
            }
        }
    }
}

/// A span of the user's days.
public struct Period: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case today, yesterday, thisWeek = "this_week", lastWeek = "last_week", thisMonth = "this_month",
             lastMonth = "last_month", recentDays = "recent_days", month, unspecified,
             /// Since the user started their medication: the answer resolves the start day.
             sinceStart = "since_start",
             /// One named day: the most recent such weekday ("am Montag"), or day of a month ("le 12").
             weekday, dayOfMonth = "day_of_month"
    }

    public let kind: Kind
    /// Days of `recentDays`; the month (1–12) of `month`; the ISO weekday (1 = Monday) of
    /// `weekday`; the day of the month (1–31) of `dayOfMonth`.
    public let number: Int?
    /// The month (1–12) a `dayOfMonth` names ("on 3 March"); nil: the most recent such day.
    public let month: Int?

    public init(_ kind: Kind, number: Int? = nil, month: Int? = nil) {
        self.kind = kind
        self.number = number
        self.month = month
    }

    /// A single day the question names, answered with that day's value.
    public var isNamedDay: Bool { kind == .weekday || kind == .dayOfMonth }

    /// The longest span a question can name ("the last 5000 days" reads as the last year).
    public static let maxRecentDays = 366

    /// The last `count` days as the question wrote them (a number of days or weeks × 7), rounded
    /// and held to 1…`maxRecentDays`, so the span answered is the span the reply names.
    public static func recentDays(_ count: Double) -> Period {
        Period(.recentDays, number: Int(min(max(count.rounded(), 1), Double(maxRecentDays))))
    }

    /// First and last day (inclusive) relative to `today`; an unspecified period is the last
    /// `defaultDays` days.
    public func range(today: String, defaultDays: Int = 7) -> (from: String, to: String) {
        switch kind {
        case .today: return (today, today)
        case .yesterday:
            let day = CivilDay.adding(-1, to: today)
            return (day, day)
        case .thisWeek: return (CivilDay.adding(1 - CivilDay.isoWeekday(today), to: today), today)
        case .lastWeek:
            let monday = CivilDay.adding(1 - CivilDay.isoWeekday(today) - 7, to: today)
            return (monday, CivilDay.adding(6, to: monday))
        case .thisMonth: return (CivilDay.firstOfMonth(year: CivilDay.year(today), month: CivilDay.month(today)), today)
        case .lastMonth:
            let (year, month) = CivilDay.month(today) == 1 ? (CivilDay.year(today) - 1, 12) : (CivilDay.year(today), CivilDay.month(today) - 1)
            return (CivilDay.firstOfMonth(year: year, month: month), CivilDay.lastOfMonth(year: year, month: month))
        case .recentDays: return (CivilDay.adding(1 - max(1, min(number ?? defaultDays, Self.maxRecentDays)), to: today), today)
        case .month:
            let month = number ?? CivilDay.month(today)
            let year = month <= CivilDay.month(today) ? CivilDay.year(today) : CivilDay.year(today) - 1
            return (CivilDay.firstOfMonth(year: year, month: month), min(CivilDay.lastOfMonth(year: year, month: month), today))
        case .unspecified, .sinceStart: return (CivilDay.adding(1 - defaultDays, to: today), today)
        case .weekday:
            let day = CivilDay.adding(-((CivilDay.isoWeekday(today) - (number ?? 1) + 7) % 7), to: today)
            return (day, day)
        case .dayOfMonth:
            let day = CivilDay.latest(dayOfMonth: number ?? 1, month: month, onOrBefore: today)
            return (day, day)
        }
    }
}

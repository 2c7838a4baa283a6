import APIToolkit

/// The `from`/`to` query parameters of the read endpoints: inclusive `YYYY-MM-DD` days in the
/// user's time zone, turned into the half-open range of instants they cover.
struct DayRange: Sendable {
    let from: String
    let to: String
    /// Unix seconds: the start of `from` and the start of the day after `to`.
    let start: Int64
    let end: Int64

    /// How an endpoint reading at most `maximumDays` days declares `from` and `to`: the format is
    /// the schema's (checked by the query validation), the rules joining the two days are the
    /// description's, enforced by `init(query:calendar:maximumDays:)` with the same number.
    static func parameters(maximumDays: Int) -> [OpenAPIParameter] {
        [.query("from", .date, required: true, description: "First day, YYYY-MM-DD in the user's time zone."),
         .query("to", .date, required: true, description: """
            Last day (inclusive), YYYY-MM-DD: not before from, at most \(maximumDays) days after it \
            (422 validation.failed with meta.path to otherwise).
            """)]
    }

    /// Days the server chose itself (an insight's window); nil only when a day is not `YYYY-MM-DD`.
    init?(from: String, to: String, calendar: UserCalendar) {
        guard let start = calendar.start(of: from), let dayAfter = calendar.next(after: to),
              let end = calendar.start(of: dayAfter) else { return nil }
        (self.from, self.to, self.start, self.end) = (from, to, start, end)
    }

    /// 422 `validation.failed` naming the parameter for malformed days, `to` before `from`, or
    /// more than `maximumDays` days.
    init(query: JSONObject, calendar: UserCalendar, maximumDays: Int) throws {
        let from = query["from"]?.stringValue ?? "", to = query["to"]?.stringValue ?? ""
        guard let start = calendar.start(of: from) else { throw APIError.invalidValue(at: "from", "must be a date YYYY-MM-DD") }
        guard calendar.start(of: to) != nil, let dayAfter = calendar.next(after: to), let end = calendar.start(of: dayAfter) else {
            throw APIError.invalidValue(at: "to", "must be a date YYYY-MM-DD")
        }
        guard from <= to else { throw APIError.invalidValue(at: "to", "must not be before from") }
        // Daylight-saving days are 23 or 25 hours long: two hours of slack cover a year's shifts.
        guard end - start <= Int64(maximumDays) * 86_400 + 7_200 else { throw APIError.invalidValue(at: "to", "must be at most \(maximumDays) days after from") }
        self.from = from
        self.to = to
        self.start = start
        self.end = end
    }
}

import APIToolkit

/// One Withings Notify callback, validated (healthlog-facts §6): Withings posts a form with
/// `userid` and `appli`, plus `startdate`/`enddate` for new data or `date`/`deviceid`/`action`
/// for events (bed in/out, profile changes). It carries no health data; the fetch happens later.
///
/// Lenient where strictness would lose data: Withings retries a refused notification for a few
/// hours and then drops it for good, so once the secret checked out, fields we do not know are
/// ignored and a category we do not know is queued like any other (a later release can fetch
/// it). Only a notification we cannot even identify is refused: `userid` or `appli` missing or
/// not a positive integer, a half or reversed data window, or a known data category without one.
struct WithingsNotification: Sendable, Equatable {
    let withingsUserID: Int64
    let appli: Int64
    /// The data window in unix seconds; 0 for event notifications that have none.
    let startDate: Int64
    let endDate: Int64
    /// `date|deviceid|action` of an event notification, empty for data notifications; part of
    /// the dedupe key so two distinct events of one kind are both kept.
    let event: String

    /// The documented notification categories: 1 weight, 2 temperature, 4 pressure/heart/SpO2,
    /// 16 activity, 44 sleep, 46 user actions, 50/51 in/out of bed, 52 sleep-mat inflation,
    /// 53 no account associated, 54 ECG, 55 ECG failed, 58 glucose.
    static let applis: [Int64] = [1, 2, 4, 16, 44, 46, 50, 51, 52, 53, 54, 55, 58]

    /// The categories that announce new measurements and so always carry a data window.
    static let dataApplis: Set<Int64> = [1, 2, 4, 16, 44, 54, 58]

    static let form = ObjectSchema(name: "WithingsNotification", description: """
        Withings Notify callback (form-encoded). Fields not listed here are accepted and ignored.
        """, properties: [
        Property("userid", .integer(min: 1), description: "Withings user id."),
        Property("appli", .integer(min: 1), description: """
            Notification category; documented: \(applis.map(String.init).joined(separator: ", ")). Others are queued too.
            """),
        Property("startdate", .integer(min: 0), required: false, description: "Start of the data window (unix seconds)."),
        Property("enddate", .integer(min: 0), required: false, description: "End of the data window (unix seconds)."),
        Property("date", .string(minLength: 1, maxLength: 32), required: false, description: "Event date (YYYY-MM-DD or unix seconds)."),
        Property("deviceid", .string(minLength: 1, maxLength: 128), required: false),
        Property("action", .string(minLength: 1, maxLength: 32), required: false, description: "delete, unlink or update."),
    ], allowsUnknownKeys: true)

    /// Applies the rules the schema cannot state: a complete and ordered data window (required
    /// for the known data categories), 422 with the field as path otherwise.
    init(fields: JSONObject) throws {
        func integer(_ name: String) -> Int64? { fields[name]?.integerValue }
        guard let userID = integer("userid") else { throw APIError.invalidValue(at: "userid", "is required") }
        guard let appli = integer("appli") else { throw APIError.invalidValue(at: "appli", "is required") }
        let start = integer("startdate"), end = integer("enddate")
        if (start == nil) != (end == nil) { throw APIError.invalidValue(at: start == nil ? "startdate" : "enddate", "must be sent with its pair") }
        if Self.dataApplis.contains(appli), start == nil { throw APIError.invalidValue(at: "startdate", "is required for this category") }
        if let start, let end, end < start { throw APIError.invalidValue(at: "enddate", "must not be before startdate") }
        withingsUserID = userID
        self.appli = appli
        startDate = start ?? 0
        endDate = end ?? 0
        let eventFields = ["date", "deviceid", "action"].map { fields[$0]?.stringValue ?? "" }
        event = eventFields.allSatisfy(\.isEmpty) ? "" : eventFields.joined(separator: "|")
    }
}

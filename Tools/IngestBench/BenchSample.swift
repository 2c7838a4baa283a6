import Foundation

/// One step-count sample, as the HTTP side posts it and the raw side inserts it.
struct BenchSample: Sendable {
    let externalId: String
    let value: Double
    let start: Int64

    /// `count` distinct samples for one user, one minute apart, all in the past (the server
    /// skips samples that start in the future): from 2020-01-01 on, 25 days per user (60
    /// batches of 500 minutes fit in 21), so up to 90 users stay before 2026-03.
    static func series(user: Int, count: Int) -> [BenchSample] {
        let base: Int64 = 1_577_836_800 + Int64(user) * 86_400 * 25
        return (0..<count).map { index in
            BenchSample(externalId: "bench-\(user)-\(index)", value: Double(50 + index % 200), start: base + Int64(index) * 60)
        }
    }

    /// The JSON entry of contract §2.1; `formatter` is shared by all samples (making one per
    /// sample took seconds for 80,000).
    func json(dates formatter: ISO8601DateFormatter) -> String {
        let date = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(start)))
        return #"{"hkIdentifier":"HKQuantityTypeIdentifierStepCount","value":\#(value),"unit":"count","startDate":"\#(date)","endDate":"\#(date)","externalId":"\#(externalId)","deviceType":"watch"}"#
    }

    /// ISO 8601 in UTC, `2026-05-16T00:00:00Z`.
    static func dateFormatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }
}

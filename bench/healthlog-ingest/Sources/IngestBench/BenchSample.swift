import Foundation

/// One step-count sample, as the HTTP side posts it and the raw side inserts it.
struct BenchSample: Sendable {
    let externalId: String
    let value: Double
    let start: Int64

    /// `count` distinct samples for one user, one minute apart.
    static func series(user: Int, count: Int) -> [BenchSample] {
        let base: Int64 = 1_778_889_600 + Int64(user) * 86_400 * 400
        return (0..<count).map { index in
            BenchSample(externalId: "bench-\(user)-\(index)", value: Double(50 + index % 200), start: base + Int64(index) * 60)
        }
    }

    /// The JSON entry of contract §2.1.
    var json: String {
        let date = BenchSample.format(start)
        return #"{"hkIdentifier":"HKQuantityTypeIdentifierStepCount","value":\#(value),"unit":"count","startDate":"\#(date)","endDate":"\#(date)","externalId":"\#(externalId)","deviceType":"watch"}"#
    }

    private static func format(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}

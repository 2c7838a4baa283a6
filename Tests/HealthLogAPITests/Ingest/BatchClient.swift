import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A batch endpoint's answer as a client receives it: status, exact body bytes, headers.
struct BatchResponse: Sendable {
    let status: Int
    let body: Data
    /// Header names lower-cased.
    let headers: [String: String]

    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    var data: [String: Any] { json["data"] as? [String: Any] ?? [:] }
    var errorCode: String? { (json["meta"] as? [String: Any])?["errorCode"] as? String }
    var inserted: Int { data["inserted"] as? Int ?? -1 }
    var duplicates: Int { data["duplicates"] as? Int ?? -1 }
    var processed: Int { data["processed"] as? Int ?? -1 }
    var skipped: [[String: Any]] { data["skipped"] as? [[String: Any]] ?? [] }
    var entries: [[String: Any]] { data["entries"] as? [[String: Any]] ?? [] }
    var statuses: [String] { entries.compactMap { $0["status"] as? String } }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Posts real HTTP over loopback with URLSession: bodies of any size (a 600-entry batch does not
/// fit in a curl argument) and many requests in flight at once for the race tests.
enum BatchClient {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 32
        configuration.timeoutIntervalForRequest = 120
        return URLSession(configuration: configuration)
    }()

    static func post(_ url: String, body: Data, bearer: String?, headers: [String: String] = [:],
                     contentType: String = "application/json") async throws -> BatchResponse {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var lowered: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { lowered[name.lowercased()] = value }
        }
        return BatchResponse(status: http.statusCode, body: data, headers: lowered)
    }

    static func post(_ url: String, json: Any, bearer: String?, headers: [String: String] = [:]) async throws -> BatchResponse {
        try await post(url, body: try JSONSerialization.data(withJSONObject: json), bearer: bearer, headers: headers)
    }
}

/// Batch entries as the iOS app sends them.
enum Samples {
    static func entry(_ hkIdentifier: String = "HKQuantityTypeIdentifierStepCount", value: Double = 1000, unit: String = "count",
                      start: String = "2026-05-16T10:00:00+02:00", end: String? = nil, externalId: String = UUID().uuidString,
                      extra: [String: Any] = [:]) -> [String: Any] {
        var entry: [String: Any] = ["hkIdentifier": hkIdentifier, "value": value, "unit": unit, "startDate": start,
                                    "endDate": end ?? start, "externalId": externalId]
        entry.merge(extra) { $1 }
        return entry
    }

    static func batch(_ entries: [[String: Any]]) -> [String: Any] { ["entries": entries] }

    static func workout(activityType: Int = 37, start: String = "2026-05-16T07:00:00Z", end: String = "2026-05-16T08:00:00Z",
                        duration: Double = 3600, externalId: String = UUID().uuidString, extra: [String: Any] = [:]) -> [String: Any] {
        var workout: [String: Any] = ["activityType": activityType, "startDate": start, "endDate": end, "duration": duration,
                                      "externalId": externalId]
        workout.merge(extra) { $1 }
        return workout
    }
}

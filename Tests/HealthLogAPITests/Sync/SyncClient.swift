import Foundation
import XCTest

/// A paired phone's calls to the sync routes, over real HTTP (curl for single requests,
/// `BatchClient` for bulk bodies).
struct SyncClient {
    let url: String
    let token: String

    func bulkMood(_ entries: [[String: Any]], headers: [String: String] = [:]) async throws -> BatchResponse {
        try await BatchClient.post(url + "/api/mood-entries/bulk", json: ["entries": entries], bearer: token, headers: headers)
    }

    func bulkIntakes(_ entries: [[String: Any]], headers: [String: String] = [:]) async throws -> BatchResponse {
        try await BatchClient.post(url + "/api/medications/intake/bulk", json: ["entries": entries], bearer: token, headers: headers)
    }

    func patch(_ path: String, _ json: String, ifMatch: Int?) throws -> HTTPResult {
        try http("PATCH", url + path, json: json, bearer: token, headers: ifMatch.map { ["If-Match: \($0)"] } ?? [])
    }

    func get(_ path: String) throws -> HTTPResult {
        try http("GET", url + path, bearer: token)
    }

    static func mood(_ mood: Int = 3, at recordedAt: String = "2026-05-16T21:00:00+02:00", externalId: String? = UUID().uuidString,
                     clientId: String? = nil, extra: [String: Any] = [:]) -> [String: Any] {
        var entry: [String: Any] = ["recordedAt": recordedAt, "mood": mood]
        if let externalId { entry["externalId"] = externalId }
        if let clientId { entry["clientId"] = clientId }
        entry.merge(extra) { $1 }
        return entry
    }

    static func intake(_ medicationId: String, at takenAt: String = "2026-05-16T08:00:00+02:00", doseMg: Double? = 5,
                       externalId: String? = UUID().uuidString, clientId: String? = nil, extra: [String: Any] = [:]) -> [String: Any] {
        var entry: [String: Any] = ["medicationId": medicationId, "takenAt": takenAt]
        if let doseMg { entry["doseMg"] = doseMg }
        if let externalId { entry["externalId"] = externalId }
        if let clientId { entry["clientId"] = clientId }
        entry.merge(extra) { $1 }
        return entry
    }
}

extension BatchResponse {
    /// Each entry's stored row id (nil when skipped).
    var ids: [String?] { entries.map { $0["id"] as? String } }
}

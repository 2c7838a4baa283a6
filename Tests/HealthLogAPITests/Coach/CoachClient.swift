import Foundation
import TestHTTPClients
import XCTest

/// A Coach turn as the app receives it: `POST /api/insights/chat` read by curl as a stream of
/// Server-Sent Events.
struct CoachReply {
    struct Event {
        let name: String
        let data: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:] }
    }

    let status: Int
    let contentType: String?
    let events: [Event]
    let raw: String

    var text: String { events.filter { $0.name == "delta" }.compactMap { $0.json["text"] as? String }.joined(separator: " ") }
    var evidence: [[String: String]] {
        events.filter { $0.name == "evidence" }.flatMap { ($0.json["rows"] as? [[String: String]]) ?? [] }
    }
    var done: [String: Any]? { events.last { $0.name == "done" }?.json }
    var error: [String: Any]? { events.last { $0.name == "error" }?.json }
    var names: [String] { events.map(\.name) }
}

enum CoachClient {
    static func ask(_ baseURL: String, _ message: String, bearer: String, locale: String? = nil, conversationId: String? = nil,
                    headers: [String] = []) throws -> CoachReply {
        var body: [String: Any] = ["message": message]
        if let locale { body["locale"] = locale }
        if let conversationId { body["conversationId"] = conversationId }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        let result = try http("POST", baseURL + "/api/insights/chat", json: json, bearer: bearer, headers: headers + ["Accept: text/event-stream"])
        return CoachReply(status: result.status, contentType: result.header("Content-Type"), events: parse(result.body), raw: result.body)
    }

    /// Events as an SSE client reads them: `event:`/`data:` fields, blank line ends an event.
    static func parse(_ body: String) -> [CoachReply.Event] {
        var events: [CoachReply.Event] = [], name = "message", data: [String] = []
        for line in body.components(separatedBy: "\n") {
            if line.isEmpty {
                if !data.isEmpty { events.append(.init(name: name, data: data.joined(separator: "\n"))) }
                (name, data) = ("message", [])
            } else if line.hasPrefix("event: ") {
                name = String(line.dropFirst(7))
            } else if line.hasPrefix("data: ") {
                data.append(String(line.dropFirst(6)))
            }
        }
        return events
    }
}

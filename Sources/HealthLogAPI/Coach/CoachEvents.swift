import APIToolkit
import CoachResponder
import HTTPServer

/// The Coach's Server-Sent Events, our wire format (`docs/healthlog/coach.md`): `delta` with
/// `{"text"}`, `evidence` with `{"rows": [{"label", "value"}]}`, `done` with `{"messageId",
/// "promptVersion"}`, and `error` with the API's error envelope. A refusal is deltas then done.
struct CoachEvents: Sendable {
    let writer: EventStreamWriter
    let style: any EnvelopeStyle

    /// The event names the stream uses, the ones its schema publishes.
    enum Name: String, CaseIterable {
        case delta, evidence, done, error
    }

    func delta(_ text: String) async throws {
        try await send(.delta, .object(["text": .string(text)]))
    }

    func evidence(_ rows: [EvidenceRow]) async throws {
        try await send(.evidence, .object(["rows": .array(rows.map { .object(["label": .string($0.label), "value": .string($0.value)]) })]))
    }

    func done(messageID: String, promptVersion: String) async throws {
        try await send(.done, .object(["messageId": .string(messageID), "promptVersion": .string(promptVersion)]))
    }

    func error(_ error: APIError) async throws {
        try await send(.error, style.failure(error))
    }

    private func send(_ name: Name, _ data: JSONValue) async throws {
        try await writer.send(event: name.rawValue, data: String(decoding: try JSONSerializer.serialize(data), as: UTF8.self))
    }

    /// One event as a Server-Sent Events client parses it: its name and its data line.
    static let schema: Schema = .object("CoachEvent") {
        Property("event", .string(oneOf: Name.allCases.map(\.rawValue)))
        Property("data", .string(), description: "JSON text, by event as the operation's description says.")
    }

    /// How `POST /api/insights/chat` documents its stream.
    static let description = """
        Server-Sent Events. event: delta, data {"text": "…"} (one sentence at a time); event: evidence, data {"rows": \
        [{"label", "value"}]} (display labels, never internal identifiers); event: done, data {"messageId", "promptVersion"}; \
        event: error, data the API's error envelope (coach.model_unavailable, coach.model_interrupted). A refusal is the \
        same sequence: deltas, then done.
        """
}

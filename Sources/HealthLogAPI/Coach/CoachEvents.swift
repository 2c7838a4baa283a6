import APIToolkit
import CoachResponder
import HTTPServer

/// The Coach's Server-Sent Events, our wire format (`docs/healthlog/coach.md`): `delta` with
/// `{"text"}`, `evidence` with `{"rows": [{"label", "value"}]}`, `done` with `{"messageId",
/// "promptVersion"}`, and `error` with the API's error envelope. A refusal is deltas then done.
struct CoachEvents: Sendable {
    let writer: EventStreamWriter
    let style: any EnvelopeStyle

    func delta(_ text: String) async throws {
        try await send("delta", ["text": .string(text)])
    }

    func evidence(_ rows: [EvidenceRow]) async throws {
        try await send("evidence", ["rows": .array(rows.map { .object(["label": .string($0.label), "value": .string($0.value)]) })])
    }

    func done(messageID: String, promptVersion: String) async throws {
        try await send("done", ["messageId": .string(messageID), "promptVersion": .string(promptVersion)])
    }

    func error(_ error: APIError) async throws {
        try await writer.send(event: "error", data: String(decoding: try JSONSerializer.serialize(style.failure(error)), as: UTF8.self))
    }

    private func send(_ event: String, _ object: JSONObject) async throws {
        try await writer.send(event: event, data: String(decoding: try JSONSerializer.serialize(.object(object)), as: UTF8.self))
    }

    /// How `POST /api/insights/chat` documents its stream.
    static let description = """
        Server-Sent Events. event: delta, data {"text": "…"} (one sentence at a time); event: evidence, data {"rows": \
        [{"label", "value"}]} (display labels, never internal identifiers); event: done, data {"messageId", "promptVersion"}; \
        event: error, data the API's error envelope (coach.model_unavailable, coach.model_interrupted). A refusal is the \
        same sequence: deltas, then done.
        """
}

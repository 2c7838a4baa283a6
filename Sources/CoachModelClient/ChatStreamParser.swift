import Foundation

/// Decodes the body of a streamed OpenAI-compatible chat completion (`stream: true`): Server-Sent
/// Events whose `data:` lines carry `{"choices":[{"delta":{"content":"…"}}]}` and end with
/// `data: [DONE]`. Fed bytes as they arrive, in any split; returns the text pieces completed
/// so far. No I/O: llama.cpp's server, Ollama, vLLM and hosted providers all speak this.
public struct ChatStreamParser: Sendable {
    public enum Piece: Equatable, Sendable {
        case text(String)
        /// `[DONE]`, or a choice with a `finish_reason`.
        case done
        /// An `{"error": …}` event some servers send mid-stream.
        case error(String)
    }

    private var pending: [UInt8] = []
    private var eventData: [String] = []

    public init() {}

    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Piece] {
        pending.append(contentsOf: bytes)
        var pieces: [Piece] = []
        while let newline = pending.firstIndex(of: 0x0A) {
            var line = Array(pending[..<newline])
            pending.removeSubrange(...newline)
            if line.last == 0x0D { line.removeLast() }
            pieces += handle(line: String(decoding: line, as: UTF8.self))
        }
        return pieces
    }

    /// Whatever a server left without a final blank line.
    public mutating func finish() -> [Piece] {
        var pieces = pending.isEmpty ? [] : handle(line: String(decoding: pending, as: UTF8.self))
        pending.removeAll()
        pieces += handle(line: "")
        return pieces
    }

    private mutating func handle(line: String) -> [Piece] {
        if line.isEmpty {
            defer { eventData.removeAll() }
            return eventData.isEmpty ? [] : Self.decode(eventData.joined(separator: "\n"))
        }
        if line.hasPrefix("data:") {
            eventData.append(line.dropFirst(5).first == " " ? String(line.dropFirst(6)) : String(line.dropFirst(5)))
        }
        return []
    }

    static func decode(_ data: String) -> [Piece] {
        if data.trimmingCharacters(in: .whitespaces) == "[DONE]" { return [.done] }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] else { return [] }
        if let error = object["error"] {
            let message = (error as? [String: Any])?["message"] as? String ?? String(describing: error)
            return [.error(message)]
        }
        guard let choice = (object["choices"] as? [[String: Any]])?.first else { return [] }
        var pieces: [Piece] = []
        if let content = (choice["delta"] as? [String: Any])?["content"] as? String, !content.isEmpty { pieces.append(.text(content)) }
        if let reason = choice["finish_reason"], !(reason is NSNull) { pieces.append(.done) }
        return pieces
    }
}

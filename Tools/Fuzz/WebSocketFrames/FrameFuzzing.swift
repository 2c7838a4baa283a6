import WebSocketCodec

/// The properties the fuzzer checks on every input. A violated `precondition` is a crash,
/// which is how libFuzzer learns an input is interesting.
enum FrameFuzzing {
    /// Small enough that short inputs reach the 1009 paths and the 16-bit length encoding.
    static let limits = WebSocketLimits(maxFrameSize: 300, maxMessageSize: 1000)

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first else { return }
        let frames = UnsafeRawBufferPointer(rebasing: input.dropFirst())
        checkChunkingIsInvisible(frames, chunkSize: Int(first & 0x1F) + 1)
        checkTextValidationMatchesStandardLibrary(frames)
    }

    /// The same bytes must give the same events whether they arrive at once or in pieces,
    /// and the events themselves must obey the contract `WebSocketEvent` documents.
    private static func checkChunkingIsInvisible(_ frames: UnsafeRawBufferPointer, chunkSize: Int) {
        var whole = WebSocketServerProtocol(limits: limits)
        let wholeEvents = whole.receive(frames)
        checkContract(wholeEvents, endState: whole.state)

        var pieces = WebSocketServerProtocol(limits: limits)
        var pieceEvents: [WebSocketEvent] = []
        for start in stride(from: 0, to: frames.count, by: chunkSize) {
            let end = min(start + chunkSize, frames.count)
            pieceEvents += pieces.receive(UnsafeRawBufferPointer(rebasing: frames[start..<end]))
        }
        precondition(wholeEvents == pieceEvents, "chunking changed the events")
        precondition(whole.state == pieces.state, "chunking changed the final state")
        if whole.state == .closed {
            precondition(whole.receive([0x81, 0x80, 0, 0, 0, 0]).isEmpty, "input after the end produced events")
        }
    }

    private static func checkContract(_ events: [WebSocketEvent], endState: WebSocketServerProtocol.State) {
        for (index, event) in events.enumerated() {
            switch event {
            case .write(let frame):
                precondition(frame.count >= 2 && frame[1] & 0x80 == 0, "server frame is masked or truncated")
            case .ping(let payload):
                let pong = WebSocketFrameEncoder.encode(opcode: .pong, payload: payload)
                precondition(index > 0 && events[index - 1] == .write(pong), "ping without its pong before it")
            case .closed, .protocolError:
                precondition(index == events.count - 1 && endState == .closed, "events after the end")
            case .message(.binary(let bytes)):
                precondition(bytes.count <= limits.maxMessageSize, "message over the limit")
            case .message(.text(let text)):
                precondition(text.utf8.count <= limits.maxMessageSize, "message over the limit")
            case .pong:
                break
            }
        }
    }

    /// Wraps the input in one masked text frame: it must be delivered exactly when the
    /// standard library also considers it UTF-8, and refused with 1007 otherwise.
    private static func checkTextValidationMatchesStandardLibrary(_ frames: UnsafeRawBufferPointer) {
        let payload = Array(frames.prefix(limits.maxFrameSize))
        var connection = WebSocketServerProtocol(limits: limits)
        let events = connection.receive(
            WebSocketFrameEncoder.encode(opcode: .text, payload: payload, maskKey: 0xA1B2_C3D4))
        if let expected = String(validating: payload, as: UTF8.self) {
            precondition(events == [.message(.text(expected))], "valid UTF-8 text refused")
        } else {
            guard case .protocolError(.invalidPayloadData, _)? = events.last else {
                preconditionFailure("invalid UTF-8 text not refused with 1007")
            }
        }
    }
}

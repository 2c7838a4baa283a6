extension WebSocketServerProtocol {
    /// Feeds bytes read from the client, in any chunking; returns what they completed, in order.
    ///
    /// Payload bytes are unmasked straight into the message being assembled, so nothing is
    /// buffered twice and nothing is shifted when a frame ends. After `.closed` or
    /// `.protocolError`, further input is ignored.
    public mutating func receive(_ input: UnsafeRawBufferPointer) -> [WebSocketEvent] {
        var events: [WebSocketEvent] = []
        guard state != .closed else { return events }
        do throws(ProtocolViolation) {
            try process(input, events: &events)
        } catch {
            fail(with: error, events: &events)
        }
        return events
    }

    /// Convenience for byte collections (`[UInt8]`, `Data`, slices).
    public mutating func receive(_ bytes: some Collection<UInt8>) -> [WebSocketEvent] {
        let contiguous = bytes.withContiguousStorageIfAvailable { receive(UnsafeRawBufferPointer($0)) }
        return contiguous ?? Array(bytes).withUnsafeBytes { receive($0) }
    }

    private mutating func process(_ input: UnsafeRawBufferPointer, events: inout [WebSocketEvent]) throws(ProtocolViolation) {
        var offset = 0
        while state != .closed {
            var frame: FrameProgress
            if let inProgress = currentFrame {
                frame = inProgress
            } else {
                guard let header = try headerDecoder.consume(input, offset: &offset) else { return }
                try startFrame(header)
                frame = FrameProgress(header: header)
            }
            let chunkEnd = min(input.count, offset + frame.remaining)
            try store(UnsafeRawBufferPointer(rebasing: input[offset..<chunkEnd]), of: frame)
            frame.received += chunkEnd - offset
            offset = chunkEnd
            guard frame.remaining == 0 else {
                currentFrame = frame
                return
            }
            currentFrame = nil
            try finishFrame(frame.header, events: &events)
        }
    }

    /// Fragmentation and message-size rules (§5.4), checked before any payload byte is kept.
    private mutating func startFrame(_ header: FrameHeader) throws(ProtocolViolation) {
        if header.opcode.isControl { return }
        if header.opcode == .continuation {
            guard assembly.isInProgress else { throw .protocolError("continuation frame without a message to continue") }
        } else {
            guard !assembly.isInProgress else {
                throw .protocolError("new data frame while a fragmented message is in progress")
            }
            assembly.begin(header.opcode == .text ? .text : .binary)
        }
        guard header.payloadLength <= limits.maxMessageSize - assembly.byteCount else {
            throw .tooBig("message exceeds the \(limits.maxMessageSize)-byte limit")
        }
    }

    private mutating func store(_ chunk: UnsafeRawBufferPointer, of frame: FrameProgress) throws(ProtocolViolation) {
        guard !chunk.isEmpty else { return }
        if frame.header.opcode.isControl {
            FrameMasking.appendUnmasked(chunk, key: frame.header.maskKey, payloadOffset: frame.received, to: &controlPayload)
        } else {
            try assembly.append(chunk, maskKey: frame.header.maskKey, payloadOffset: frame.received)
        }
    }

    private mutating func finishFrame(_ header: FrameHeader, events: inout [WebSocketEvent]) throws(ProtocolViolation) {
        guard header.opcode.isControl else {
            if header.isFinal { events.append(.message(try assembly.finish())) }
            return
        }
        let payload = controlPayload
        controlPayload = []
        switch header.opcode {
        case .ping:
            // §5.5.2: answer every ping until the client's Close arrives, even while we are closing.
            events.append(.write(WebSocketFrameEncoder.encode(opcode: .pong, payload: payload)))
            events.append(.ping(payload))
        case .pong:
            events.append(.pong(payload))
        default:
            try receiveClose(payload, events: &events)
        }
    }
}

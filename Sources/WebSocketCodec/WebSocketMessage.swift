/// A complete data message, after reassembling fragments and (for text) validating UTF-8.
public enum WebSocketMessage: Sendable, Equatable {
    case text(String)
    case binary([UInt8])
}

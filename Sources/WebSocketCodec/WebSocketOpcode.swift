/// The 4-bit frame opcode (RFC 6455 §5.2).
///
/// A struct rather than an enum so that reserved opcodes stay representable: the encoder can
/// write them (tests and the fuzzer need such frames) and the reader can name them when it
/// rejects them.
public struct WebSocketOpcode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    /// Keeps only the low four bits, because that is all the frame header has room for.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue & 0x0F
    }

    public static let continuation = WebSocketOpcode(rawValue: 0x0)
    public static let text = WebSocketOpcode(rawValue: 0x1)
    public static let binary = WebSocketOpcode(rawValue: 0x2)
    public static let close = WebSocketOpcode(rawValue: 0x8)
    public static let ping = WebSocketOpcode(rawValue: 0x9)
    public static let pong = WebSocketOpcode(rawValue: 0xA)

    /// Control opcodes have the high bit of the nibble set (§5.5), whether defined or reserved.
    public var isControl: Bool { rawValue & 0x08 != 0 }

    /// Whether RFC 6455 defines this opcode; the rest are reserved for extensions we never negotiate.
    public var isDefined: Bool {
        switch rawValue {
        case 0x0, 0x1, 0x2, 0x8, 0x9, 0xA: true
        default: false
        }
    }

    public var description: String { "opcode 0x" + String(rawValue, radix: 16, uppercase: true) }
}

/// A close status code (RFC 6455 §7.4).
///
/// A struct, not an enum, because peers may send any registered or private-use code
/// (3000–4999) and we must carry it unchanged when we echo their close.
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    public init(integerLiteral value: UInt16) {
        self.rawValue = value
    }

    public static let normalClosure: WebSocketCloseCode = 1000
    public static let goingAway: WebSocketCloseCode = 1001
    public static let protocolError: WebSocketCloseCode = 1002
    public static let unsupportedData: WebSocketCloseCode = 1003
    public static let invalidPayloadData: WebSocketCloseCode = 1007
    public static let policyViolation: WebSocketCloseCode = 1008
    public static let messageTooBig: WebSocketCloseCode = 1009
    public static let mandatoryExtension: WebSocketCloseCode = 1010
    public static let internalError: WebSocketCloseCode = 1011
    public static let serviceRestart: WebSocketCloseCode = 1012
    public static let tryAgainLater: WebSocketCloseCode = 1013
    public static let badGateway: WebSocketCloseCode = 1014

    /// Whether a Close frame may carry this code (§7.4.1–7.4.2 and the IANA registry).
    ///
    /// 1005, 1006 and 1015 only describe local conditions; 1004 and 1016–2999 are reserved or
    /// unassigned; below 1000 and from 5000 on nothing is defined. A peer sending any of these is
    /// broken, which is why the reader answers them with 1002.
    public var isAllowedOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }
}

import CHTTPParser

/// A request method (RFC 9110 §9), case-sensitive as on the wire. The methods our services
/// route are named below; any other method http-parser knows (`TRACE`, `PROPFIND`, …) is a
/// value too, so a path without it answers 405 with `Allow`. A well-formed method http-parser
/// does not know never becomes one: parsing refuses it with 501.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    public var description: String { rawValue }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// Every method http-parser knows, by its code, named once: a request's method costs a
    /// table lookup, not a C string conversion.
    private static let byParserCode: [HTTPMethod] = {
        var methods: [HTTPMethod] = []
        for code in 0...UInt32(UInt8.max) {
            let name = String(cString: http_method_str(http_method(rawValue: code)))
            if name == "<unknown>" { break }
            methods.append(HTTPMethod(rawValue: name))
        }
        return methods
    }()

    /// The method of http-parser's code `code`.
    init(parserCode code: UInt32) {
        self = Int(code) < Self.byParserCode.count
            ? Self.byParserCode[Int(code)]
            : HTTPMethod(rawValue: String(cString: http_method_str(http_method(rawValue: code))))
    }
}

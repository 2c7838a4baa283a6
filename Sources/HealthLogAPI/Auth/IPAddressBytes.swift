import Glibc

/// Textual IP addresses to bytes and back, through the C library's `inet_pton`/`inet_ntop`, so
/// every spelling of one address (`::1`, `0::1`) compares and keys the same.
enum IPAddressBytes {
    /// 4 bytes for IPv4, 16 for IPv6; nil when `text` is neither. An IPv4-mapped IPv6 address
    /// (`::ffff:192.0.2.7`, how a dual-stack listener shows an IPv4 peer) is its IPv4 address:
    /// otherwise every IPv4 client would share the /64 `::` and one throttle budget, and a
    /// trusted proxy configured as `192.0.2.7` would never match.
    static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        return bytes.prefix(12).elementsEqual(ipv4MappedPrefix) ? Array(bytes.suffix(4)) : bytes
    }

    /// `::ffff:0:0/96` (RFC 4291 §2.5.5.2).
    private static let ipv4MappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff]

    /// The canonical text of 4 or 16 bytes.
    static func format(_ bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let ok = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) != nil }
        guard ok else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

import Glibc

/// Which network addresses belong to the operator's own machine or network rather than the
/// internet: loopback, private (RFC 1918, unique-local), shared (CGNAT), link-local (cloud
/// metadata services live at 169.254.169.254), multicast, unspecified and reserved ranges.
///
/// A feed's publisher controls its redirects; `FeedFetcher` refuses a redirect to a host with
/// any of these addresses (or none), so a public feed cannot point the server at the
/// operator's network — unless the feed the operator subscribed to is itself entirely inside
/// it (every address of its host internal), where redirects within the network are normal.
public enum InternalAddress {
    /// True for an address (4 or 16 bytes) of the kinds above. An IPv4-mapped IPv6 address is
    /// judged as its IPv4 address.
    public static func contains(_ bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 4: return isInternalIPv4(bytes)
        case 16: return isInternalIPv6(bytes)
        default: return true  // not an address we can place: treat as unsafe
        }
    }

    /// The addresses `host` (a name or a literal) resolves to; empty when it does not resolve.
    /// Blocking: call it off the cooperative pool (the session's delegate queue is).
    public static func resolve(_ host: String) -> [[UInt8]] {
        let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(literal, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [[UInt8]] = []
        for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
            guard let address = entry.pointee.ai_addr else { continue }
            switch Int32(entry.pointee.ai_family) {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var raw = v4.pointee.sin_addr
                    addresses.append(withUnsafeBytes(of: &raw) { Array($0) })
                }
            case AF_INET6:
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var raw = v6.pointee.sin6_addr
                    addresses.append(withUnsafeBytes(of: &raw) { Array($0) })
                }
            default:
                continue
            }
        }
        return addresses
    }

    private static let nat64Prefix: [UInt8] = [0x00, 0x64, 0xff, 0x9b] + Array(repeating: 0, count: 8)

    private static func isInternalIPv4(_ a: [UInt8]) -> Bool {
        switch (a[0], a[1]) {
        case (0, _), (10, _), (127, _): return true                  // this network, private, loopback
        case (100, 64...127): return true                            // shared address space (CGNAT)
        case (169, 254): return true                                 // link-local, metadata services
        case (172, 16...31), (192, 168): return true                 // private
        case (192, 0) where a[2] == 0: return true                   // IETF protocol assignments
        case (198, 18...19): return true                             // benchmarking
        case (224...255, _): return true                             // multicast, reserved, broadcast
        default: return false
        }
    }

    private static func isInternalIPv6(_ a: [UInt8]) -> Bool {
        if a.prefix(10).allSatisfy({ $0 == 0 }) && a[10] == 0xff && a[11] == 0xff { return isInternalIPv4(Array(a.suffix(4))) }
        if a.prefix(15).allSatisfy({ $0 == 0 }) { return a[15] <= 1 }  // unspecified, loopback
        if a.prefix(12).elementsEqual(nat64Prefix) { return isInternalIPv4(Array(a.suffix(4))) }  // 64:ff9b::/96
        if a[0] & 0xfe == 0xfc { return true }                        // unique local fc00::/7
        if a[0] == 0xfe && a[1] & 0xc0 == 0x80 { return true }        // link-local fe80::/10
        if a[0] == 0xff { return true }                               // multicast
        return false
    }
}

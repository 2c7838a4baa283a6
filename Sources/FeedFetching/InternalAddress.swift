import Glibc

/// Which network addresses belong to the operator's own machine or network, or to no one on
/// the internet: loopback, private (RFC 1918, unique-local), shared (CGNAT 100.64/10),
/// link-local (cloud metadata services live at 169.254.169.254), multicast, unspecified,
/// broadcast, documentation, benchmarking and reserved ranges. IPv6 forms that carry an IPv4
/// address (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, 6to4 `2002:aabb:ccdd::`, NAT64
/// `64:ff9b::a.b.c.d`) are judged by that address.
///
/// The fetcher refuses to connect to these unless the operator allowed their network
/// (`DestinationPolicy`), so a feed URL, its publisher's DNS or a redirect cannot point the
/// server at the operator's network.
public enum InternalAddress {
    /// True for an address (4 or 16 bytes) of the kinds above; any other length is not an
    /// address that can be placed, so it counts as internal.
    public static func contains(_ bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 4: return isInternalIPv4(bytes)
        case 16: return isInternalIPv6(bytes)
        default: return true
        }
    }

    /// The IPv4 address an IPv6 address carries (mapped, compatible, 6to4, NAT64), if any.
    public static func embeddedIPv4(_ a: [UInt8]) -> [UInt8]? {
        guard a.count == 16 else { return nil }
        if a.prefix(10).allSatisfy({ $0 == 0 }) && a[10] == 0xff && a[11] == 0xff { return Array(a.suffix(4)) }  // ::ffff:0:0/96
        if a.prefix(12).allSatisfy({ $0 == 0 }) && !a[12...14].allSatisfy({ $0 == 0 }) { return Array(a.suffix(4)) }  // ::/96, not ::/ ::1
        if a.prefix(12).elementsEqual(nat64Prefix) { return Array(a.suffix(4)) }  // 64:ff9b::/96
        if a[0] == 0x20 && a[1] == 0x02 { return Array(a[2...5]) }  // 2002::/16
        return nil
    }

    /// The addresses `host` (a name or a literal, IPv6 in brackets or not) resolves to; empty
    /// when it does not resolve. getaddrinfo reads IPv4 in every spelling inet_aton accepts
    /// (`2130706433`, `0x7f.1`, `017700000001`), so each is judged by the address it means.
    /// Blocking: call it off the cooperative pool.
    public static func resolve(_ host: String) -> [[UInt8]] {
        addresses(of: host, flags: 0)
    }

    /// The address `host` spells, when it is an address in any spelling `resolve` reads
    /// (`127.0.0.1`, `2130706433`, `[::1]`); empty for a name, which is not looked up
    /// (getaddrinfo's `AI_NUMERICHOST`: no hosts file, no DNS).
    public static func literal(_ host: String) -> [[UInt8]] {
        addresses(of: host, flags: AI_NUMERICHOST)
    }

    private static func addresses(of host: String, flags: Int32) -> [[UInt8]] {
        let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var hints = addrinfo()
        hints.ai_flags = flags
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(literal, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [[UInt8]] = []
        for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
            guard let address = entry.pointee.ai_addr, let bytes = bytes(of: address) else { continue }
            if !addresses.contains(bytes) { addresses.append(bytes) }
        }
        return addresses
    }

    /// The address bytes of an AF_INET or AF_INET6 socket address.
    public static func bytes(of address: UnsafePointer<sockaddr>) -> [UInt8]? {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var raw = v4.pointee.sin_addr
                return withUnsafeBytes(of: &raw) { Array($0) }
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                var raw = v6.pointee.sin6_addr
                return withUnsafeBytes(of: &raw) { Array($0) }
            }
        default:
            return nil
        }
    }

    /// The address in its usual text form (`127.0.0.1`, `::1`), as curl and logs read it.
    public static func text(_ bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        return written == nil ? "" : buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    private static let nat64Prefix: [UInt8] = [0x00, 0x64, 0xff, 0x9b] + Array(repeating: 0, count: 8)

    private static func isInternalIPv4(_ a: [UInt8]) -> Bool {
        switch (a[0], a[1], a[2]) {
        case (0, _, _), (10, _, _), (127, _, _): return true         // this network, private, loopback
        case (100, 64...127, _): return true                         // shared address space (CGNAT)
        case (169, 254, _): return true                              // link-local, metadata services
        case (172, 16...31, _), (192, 168, _): return true           // private
        case (192, 0, 0), (192, 0, 2), (192, 88, 99): return true    // protocol assignments, documentation, 6to4 relay
        case (198, 18...19, _): return true                          // benchmarking
        case (198, 51, 100), (203, 0, 113): return true              // documentation
        case (224...255, _, _): return true                          // multicast, reserved, broadcast
        default: return false
        }
    }

    private static func isInternalIPv6(_ a: [UInt8]) -> Bool {
        if let v4 = embeddedIPv4(a) { return isInternalIPv4(v4) }
        if a.prefix(12).allSatisfy({ $0 == 0 }) { return true }       // ::, ::1 and the rest of ::/96
        if a[0] == 0x00 && a[1] == 0x64 && a[2] == 0xff && a[3] == 0x9b { return true }  // 64:ff9b:1::/48 local NAT64
        if a[0] == 0x01 && a[1] == 0x00 && a[2...7].allSatisfy({ $0 == 0 }) { return true }  // discard 100::/64
        if a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x00 && a[3] == 0x00 { return true }   // Teredo 2001::/32
        if a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x0d && a[3] == 0xb8 { return true }   // documentation 2001:db8::/32
        if a[0] & 0xfe == 0xfc { return true }                        // unique local fc00::/7
        if a[0] == 0xfe && a[1] & 0x80 == 0x80 { return true }        // link-local fe80::/10, site-local fec0::/10
        if a[0] == 0xff { return true }                               // multicast
        return a[0] & 0xe0 != 0x20                                    // outside 2000::/3, the global unicast space
    }
}

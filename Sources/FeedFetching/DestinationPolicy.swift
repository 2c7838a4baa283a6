import Foundation
import Glibc

/// One network in CIDR notation (`127.0.0.0/8`, `::1/128`, `10.1.2.3` for one address).
public struct NetworkRange: Sendable, Equatable, CustomStringConvertible {
    public let prefix: [UInt8]
    public let length: Int

    /// Nil unless `text` is an IPv4 or IPv6 address in its usual notation, optionally with a
    /// prefix length that fits it.
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let address = Self.parse(String(parts[0])) else { return nil }
        let bits = address.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length), parts[1].allSatisfy(\.isNumber) else { return nil }
            self.length = length
        } else {
            length = bits
        }
        prefix = address
    }

    /// True when `address` is in the network; an IPv4-mapped IPv6 address is compared as its
    /// IPv4 address and an IPv4 address as its mapped form, so `127.0.0.0/8` covers `::ffff:127.0.0.1`.
    public func contains(_ address: [UInt8]) -> Bool {
        let candidate = address.count == prefix.count ? address : Self.otherFamily(address)
        guard let candidate, candidate.count == prefix.count else { return false }
        var remaining = length
        for (have, want) in zip(candidate, prefix) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
            if have & mask != want & mask { return false }
            remaining -= 8
        }
        return true
    }

    public var description: String { "\(InternalAddress.text(prefix))/\(length)" }

    private static func otherFamily(_ address: [UInt8]) -> [UInt8]? {
        if address.count == 4 { return Array(repeating: 0, count: 10) + [0xff, 0xff] + address }
        guard address.prefix(10).allSatisfy({ $0 == 0 }), address[10] == 0xff, address[11] == 0xff else { return nil }
        return Array(address.suffix(4))
    }

    /// Strict notation only (inet_pton): an operator's setting is not guessed at.
    private static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}

/// Where the fetcher may connect: any internet address, and internal addresses
/// (`InternalAddress`) only inside the networks the operator allowed.
public struct DestinationPolicy: Sendable, Equatable {
    public var allowedNetworks: [NetworkRange]

    public init(allowedNetworks: [NetworkRange] = []) {
        self.allowedNetworks = allowedNetworks
    }

    /// The setting's name, and its form: comma-separated CIDRs.
    public static let environmentName = "JARVIS_FEED_ALLOW_NETWORKS"

    public struct InvalidSetting: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads `JARVIS_FEED_ALLOW_NETWORKS`; unset or empty allows no internal network.
    public init(environment: [String: String]) throws(InvalidSetting) {
        let text = environment[Self.environmentName] ?? ""
        var networks: [NetworkRange] = []
        for item in text.split(separator: ",") where !item.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let network = NetworkRange(String(item)) else {
                throw InvalidSetting(description: "\(Self.environmentName) must be comma-separated networks such as "
                    + "127.0.0.0/8,::1/128; \"\(item.trimmingCharacters(in: .whitespaces))\" is not one")
            }
            networks.append(network)
        }
        self.init(allowedNetworks: networks)
    }

    public enum Verdict: Sendable, Equatable {
        /// Every address the host has is permitted; these are the ones to connect to.
        case permitted([[UInt8]])
        /// The host has this address the policy does not permit.
        case refused([UInt8])
        /// The name does not resolve (now): nothing to judge.
        case unresolved
    }

    /// Resolves `host` once (a name, an address in any spelling getaddrinfo reads, IPv6 with
    /// or without brackets, a trailing dot ignored) and judges every address it has.
    /// Blocking when `resolve` is.
    public func verdict(forHost host: String, resolve: (String) -> [[UInt8]] = InternalAddress.resolve) -> Verdict {
        let name = host.hasSuffix(".") && !host.hasSuffix("..") ? String(host.dropLast()) : host
        let addresses = name.isEmpty ? [] : resolve(name)
        if addresses.isEmpty { return .unresolved }
        if let refused = refused(addresses) { return .refused(refused) }
        return .permitted(addresses)
    }

    /// The verdict on an http(s) URL's host; `.unresolved` for any other URL.
    public func verdict(for url: URL, resolve: (String) -> [[UInt8]] = InternalAddress.resolve) -> Verdict {
        guard let host = FeedFetcher.fetchableHost(url) else { return .unresolved }
        return verdict(forHost: host, resolve: resolve)
    }

    public func permits(_ address: [UInt8]) -> Bool {
        !InternalAddress.contains(address) || allowedNetworks.contains { $0.contains(address) }
    }

    /// The first of `addresses` the fetcher may not connect to, if any. A host is refused
    /// whole when any of its addresses is refused: which one a connection would use is not
    /// ours to choose.
    public func refused(_ addresses: [[UInt8]]) -> [UInt8]? {
        addresses.first { !permits($0) }
    }
}

import Foundation
import HTTPServer

/// The address a request came from, as the throttle counts it. `X-Forwarded-For` is believed
/// only when the TCP peer is one of the operator's trusted proxies (anyone else could write any
/// address there and get a fresh budget per request); then the client is the right-most entry
/// that is not itself a trusted proxy. IPv6 clients are keyed by their /64: one host usually
/// owns a whole /64 and could otherwise rotate through 2^64 addresses.
struct ClientAddress: Sendable, Equatable {
    /// The address as seen (peer, or the forwarded client behind a trusted proxy).
    let address: String

    init(request: Request, trustedProxies: TrustedProxies) {
        var client = request.remoteAddress
        if trustedProxies.contains(client), let forwarded = request.headers.values("X-Forwarded-For").last {
            let hops = forwarded.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if let origin = hops.last(where: { !trustedProxies.contains($0) }) ?? hops.first { client = origin }
        }
        address = client
    }

    /// What the throttle stores: an IPv4 address as is, an IPv6 address as its /64 prefix.
    var throttleKey: String {
        guard let bytes = IPAddressBytes.parse(address) else { return address }
        guard bytes.count == 16 else { return IPAddressBytes.format(bytes) }
        return IPAddressBytes.format(Array(bytes.prefix(8)) + Array(repeating: 0, count: 8)) + "/64"
    }
}

/// The proxies whose `X-Forwarded-For` is believed: `HEALTHLOG_TRUSTED_PROXIES`, comma-separated
/// IP addresses, none by default. Addresses are compared in binary, so `::1` and
/// `0:0:0:0:0:0:0:1` are the same proxy.
struct TrustedProxies: Sendable {
    static let environmentName = "HEALTHLOG_TRUSTED_PROXIES"

    struct InvalidAddress: Error, CustomStringConvertible {
        let value: String
        var description: String { "\(TrustedProxies.environmentName): \(value) is not an IP address" }
    }

    private let addresses: Set<[UInt8]>

    init(environment: [String: String]) throws {
        var addresses = Set<[UInt8]>()
        for item in (environment[Self.environmentName] ?? "").split(separator: ",") {
            let text = item.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            guard let bytes = IPAddressBytes.parse(text) else { throw InvalidAddress(value: text) }
            addresses.insert(bytes)
        }
        self.addresses = addresses
    }

    func contains(_ address: String) -> Bool {
        guard let bytes = IPAddressBytes.parse(address) else { return false }
        return addresses.contains(bytes)
    }
}

import Foundation
import XCTest
@testable import FeedFetching

/// The destination rules as a table: each feed URL, however its host is spelled, is judged by
/// the addresses it resolves to (here on loopback or by literal, so no network is needed).
final class InternalAddressTests: XCTestCase {
    private enum Expect { case internalAddress, internet, unresolved }

    private static let table: [(url: String, expect: Expect)] = [
        // IPv4 internal ranges, in the dotted form
        ("http://127.0.0.1/", .internalAddress), ("http://127.8.9.10:8080/feed", .internalAddress),
        ("http://10.1.2.3/", .internalAddress), ("http://172.16.0.1/", .internalAddress), ("http://172.31.255.255/", .internalAddress),
        ("http://192.168.1.1/", .internalAddress), ("http://169.254.169.254/latest/meta-data/", .internalAddress),
        ("http://100.64.0.1/", .internalAddress), ("http://100.127.255.254/", .internalAddress), ("http://0.0.0.0/", .internalAddress),
        ("http://192.0.0.8/", .internalAddress), ("http://192.0.2.1/", .internalAddress), ("http://198.18.0.1/", .internalAddress),
        ("http://198.51.100.7/", .internalAddress), ("http://203.0.113.9/", .internalAddress), ("http://224.0.0.1/", .internalAddress),
        ("http://240.0.0.1/", .internalAddress), ("http://255.255.255.255/", .internalAddress),
        // IPv4 in the spellings inet_aton reads: decimal, octal, hex, short forms
        ("http://2130706433/", .internalAddress), ("http://0177.0.0.1/", .internalAddress), ("http://0x7f.1/", .internalAddress),
        ("http://0x7f000001/", .internalAddress), ("http://127.1/", .internalAddress), ("http://017700000001/", .internalAddress),
        ("http://0xa9.0xfe.0xa9.0xfe/", .internalAddress), ("http://2852039166/", .internalAddress),
        // IPv6: loopback, unspecified, unique-local, link-local, site-local, multicast, documentation, Teredo, discard
        ("http://[::1]/", .internalAddress), ("http://[::]/", .internalAddress), ("http://[fd00::1]/", .internalAddress),
        ("http://[fc12:3456::1]/", .internalAddress), ("http://[fe80::1]/", .internalAddress), ("http://[fec0::1]/", .internalAddress),
        ("http://[ff02::1]/", .internalAddress), ("http://[2001:db8::1]/", .internalAddress), ("http://[2001::1]/", .internalAddress),
        ("http://[100::1]/", .internalAddress),
        // IPv6 forms that carry an IPv4 address: mapped, compatible, 6to4, NAT64
        ("http://[::ffff:127.0.0.1]/", .internalAddress), ("http://[::ffff:7f00:1]/", .internalAddress),
        ("http://[::ffff:10.0.0.1]/", .internalAddress), ("http://[::127.0.0.1]/", .internalAddress),
        ("http://[::a9fe:a9fe]/", .internalAddress), ("http://[2002:7f00:1::]/", .internalAddress),
        ("http://[2002:a9fe:a9fe::1]/", .internalAddress), ("http://[64:ff9b::a00:1]/", .internalAddress),
        ("http://[64:ff9b:1::1]/", .internalAddress),
        // names, with and without the trailing dot
        ("http://localhost/", .internalAddress), ("http://localhost./", .internalAddress), ("http://LOCALHOST:9/", .internalAddress),
        // the internet
        ("http://8.8.8.8/", .internet), ("http://1.1.1.1/", .internet), ("http://172.32.0.1/", .internet),
        ("http://172.15.255.255/", .internet), ("http://100.128.0.1/", .internet), ("http://169.255.0.1/", .internet),
        ("http://134744072/", .internet), ("http://[2001:4860:4860::8888]/", .internet), ("http://[2606:4700::1111]/", .internet),
        ("http://[::ffff:8.8.8.8]/", .internet), ("http://[2002:808:808::]/", .internet), ("http://[64:ff9b::808:808]/", .internet),
        // nothing to judge
        ("http://no-such-host.invalid/", .unresolved),
    ]

    func testEveryFormOfAnInternalAddressIsRefusedAndTheInternetIsNot() throws {
        let policy = DestinationPolicy()
        for (text, expected) in Self.table {
            let url = try XCTUnwrap(URL(string: text), text)
            let host = try XCTUnwrap(FeedFetcher.fetchableHost(url), text)
            switch (policy.verdict(forHost: host), expected) {
            case (.refused, .internalAddress), (.permitted, .internet), (.unresolved, .unresolved): continue
            case (let verdict, _): XCTFail("\(text): \(verdict), expected \(expected)")
            }
        }
    }

    func testAllowedNetworksAdmitTheirAddressesInEveryForm() throws {
        let policy = try DestinationPolicy(environment: ["JARVIS_FEED_ALLOW_NETWORKS": " 127.0.0.0/8, ::1/128,10.1.0.0/16"])
        XCTAssertEqual(policy.allowedNetworks.map(\.description), ["127.0.0.0/8", "::1/128", "10.1.0.0/16"])
        for host in ["127.0.0.1", "2130706433", "::ffff:127.0.0.1", "::1", "localhost", "10.1.200.3"] {
            guard case .permitted = policy.verdict(forHost: host) else { return XCTFail(host) }
        }
        for host in ["10.2.0.1", "169.254.169.254", "::2", "fd00::1"] {
            guard case .refused = policy.verdict(forHost: host) else { return XCTFail(host) }
        }
        // A host is refused whole when one of its addresses is.
        XCTAssertEqual(policy.verdict(forHost: "mixed", resolve: { _ in [[127, 0, 0, 1], [192, 168, 0, 1]] }), .refused([192, 168, 0, 1]))
    }

    func testAMalformedSettingIsRefusedWithItsName() {
        for bad in ["127.0.0.0/33", "localhost", "10.0.0.0/8;", "::1/129", "127.1/8", "10.0.0.0/-1", "1.2.3.4/ 8"] {
            XCTAssertThrowsError(try DestinationPolicy(environment: ["JARVIS_FEED_ALLOW_NETWORKS": bad]), bad) { error in
                XCTAssertTrue(String(describing: error).hasPrefix("JARVIS_FEED_ALLOW_NETWORKS must be"), "\(error)")
            }
        }
        XCTAssertEqual(try DestinationPolicy(environment: ["JARVIS_FEED_ALLOW_NETWORKS": ""]).allowedNetworks, [])
    }
}

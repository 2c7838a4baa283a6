import FeedFetching
import XCTest

final class InternalAddressTests: XCTestCase {
    private func isInternal(_ literal: String) throws -> Bool {
        let bytes = try XCTUnwrap(InternalAddress.resolve(literal).first, literal)
        return InternalAddress.contains(bytes)
    }

    func testTheServersOwnNetworksAreInternal() throws {
        for literal in ["127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
                        "100.64.0.1", "0.0.0.0", "192.0.0.8", "198.18.0.1", "224.0.0.1", "255.255.255.255",
                        "::1", "::", "fd00::1", "fc12:3456::1", "fe80::1", "ff02::1", "::ffff:10.0.0.1", "::ffff:127.0.0.1"] {
            XCTAssertTrue(try isInternal(literal), literal)
        }
    }

    func testInternetAddressesAreNot() throws {
        for literal in ["8.8.8.8", "1.1.1.1", "172.32.0.1", "172.15.255.255", "100.128.0.1", "192.0.2.1", "169.255.0.1",
                        "2001:4860:4860::8888", "2606:4700::1111", "::ffff:8.8.8.8"] {
            XCTAssertFalse(try isInternal(literal), literal)
        }
    }

    func testNamesAndEverySpellingOfAnAddressResolve() throws {
        XCTAssertTrue(InternalAddress.resolve("localhost").allSatisfy(InternalAddress.contains))
        XCTAssertFalse(InternalAddress.resolve("localhost").isEmpty)
        XCTAssertEqual(InternalAddress.resolve("[::1]").count, 1)
        XCTAssertEqual(InternalAddress.resolve("no-such-host.invalid"), [])
        for spelling in ["2130706433", "0177.0.0.1", "0x7f.1"] {  // forms glibc reads as 127.0.0.1
            XCTAssertTrue(try isInternal(spelling), spelling)
        }
        XCTAssertTrue(try isInternal("64:ff9b::a00:1"), "NAT64 of 10.0.0.1")
        XCTAssertFalse(try isInternal("64:ff9b::808:808"), "NAT64 of 8.8.8.8")
    }
}

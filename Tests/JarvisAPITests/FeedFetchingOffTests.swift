import FeedFetching
import Foundation
import Glibc
import Synchronization
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// `JARVIS_FEED_FETCHING=off` over HTTP: feeds are accepted and stored as a fetching server
/// stores them, and the server neither connects to a feed nor looks a feed's host name up.
final class FeedFetchingOffTests: XCTestCase {
    private static let off = ["JARVIS_FEED_FETCHING": "off"]

    private func post(_ jarvis: RunningJarvis, url: String) throws -> (status: Int, body: String, headers: String) {
        try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"url":"\#(url)","name":"Feed"}"#, jarvis.url + "/feeds"])
    }

    /// Two servers allowed to fetch from loopback, one with fetching off, each subscribed to a
    /// listener of its own that records every connection: the fetching one connects at once
    /// (a new feed wakes its poller), and by then the other, subscribed and refreshed first,
    /// has made no connection.
    func testFeedsAreStoredButNeverFetched() async throws {
        let quiet = try ConnectionRecorder(), busy = try ConnectionRecorder()
        let off = try await RunningJarvis(environment: Self.off)
        let fetching = try await RunningJarvis()
        let created = try post(off, url: "http://127.0.0.1:\(quiet.port)/rss")
        XCTAssertEqual(created.status, 201, created.body)
        let feed = try AppDecoding.decode(AppFeed.self, from: created.body)
        XCTAssertEqual(try curl(["-X", "POST", off.url + "/feeds/\(feed.id)/refresh"]).status, 202)
        XCTAssertEqual(try post(fetching, url: "http://127.0.0.1:\(busy.port)/rss").status, 201)
        XCTAssertTrue(eventually { busy.connections > 0 }, "the fetching server connects to its feed")
        let listed = try AppDecoding.decode(AppFeedList.self, from: try curl([off.url + "/feeds"]).body).data
        XCTAssertEqual(listed.map(\.id), [feed.id], "the feed is stored")
        XCTAssertNil(listed.first?.lastFetchedAt)
        XCTAssertEqual(quiet.connections, 0, "the server with fetching off connected to its feed")
        await off.stop()
        await fetching.stop()
        quiet.stop()
        busy.stop()
    }

    /// With loopback not allowed, `localhost` is refused by a server that looks it up (it is
    /// 127.0.0.1); one with fetching off accepts it, which it can only do without the lookup. An
    /// address the URL spells is still judged without one, in every spelling.
    func testHostNamesAreNotLookedUp() async throws {
        let strict = ["JARVIS_FEED_ALLOW_NETWORKS": ""]
        let off = try await RunningJarvis(environment: strict.merging(Self.off) { $1 })
        let fetching = try await RunningJarvis(environment: strict)
        let listener = try ConnectionRecorder()
        let name = "http://localhost:\(listener.port)/rss"
        XCTAssertEqual(try post(fetching, url: name).status, 422, "a lookup finds loopback")
        let accepted = try post(off, url: name)
        XCTAssertEqual(accepted.status, 201, accepted.body)
        for literal in ["http://127.0.0.1:\(listener.port)/rss", "http://2130706433/feed", "http://0x7f.1/feed",
                        "http://[::ffff:127.0.0.1]/feed", "http://10.0.0.1/feed", "http://169.254.169.254/latest/meta-data/"] {
            let refused = try post(off, url: literal)
            XCTAssertEqual(refused.status, 422, "\(literal): \(refused.body)")
            XCTAssertTrue(refused.body.contains("feed.internal_address"), refused.body)
        }
        await off.stop()
        await fetching.stop()
        XCTAssertEqual(listener.connections, 0)
        listener.stop()
    }

    /// `jarvis feeds import` reads the same setting: a name is imported without a lookup.
    func testTheImportDoesNotLookNamesUpWithFetchingOff() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("off-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let subscriptions = [OPMLDocument.Subscription(url: "http://localhost/feed", name: "Here"),
                             OPMLDocument.Subscription(url: "http://127.0.0.1/feed", name: "Loopback")]
        let report = try await FeedsCommand.withFeedStore(directory.appendingPathComponent("j.sqlite").path) { store in
            try await FeedsCommand.importSubscriptions(subscriptions, into: store,
                                                       destinations: try DestinationCheck(environment: Self.off), showingProgress: false)
        }
        XCTAssertEqual(report, FeedsCommand.ImportReport(imported: 1, duplicates: 0, invalid: 0, internalAddress: 1))
    }

    func testAnUnknownValueStopsStartUp() async {
        await RunningJarvis.assertRefusesToStart(environment: ["JARVIS_FEED_FETCHING": "no"],
                                                 saying: "JARVIS_FEED_FETCHING must be on or off, got no")
    }
}

/// A TCP listener on loopback that accepts and counts every connection, and answers none.
private final class ConnectionRecorder: Sendable {
    let port: Int
    private let descriptor: Int32
    private let accepted = Atomic<Int>(0)

    var connections: Int { accepted.load(ordering: .relaxed) }

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in
            while true {
                let connection = accept(descriptor, nil, nil)
                if connection < 0 { return }
                accepted.add(1, ordering: .relaxed)
                close(connection)
            }
        }.start()
    }

    func stop() {
        Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}

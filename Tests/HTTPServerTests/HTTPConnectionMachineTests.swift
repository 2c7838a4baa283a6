import Glibc
import XCTest
@testable import HTTPServer

/// The connection's decisions, fed bytes and clock values directly: no socket, no sleep. Each
/// test plays the socket side as `HTTPConnection` does (writes what `.flush` asks, reports the
/// outcome) and checks the action the machine answers with.
final class HTTPConnectionMachineTests: XCTestCase {
    /// A machine with the routes the tests use, its socket side played by the test.
    private struct Connection {
        var machine: HTTPConnectionMachine
        /// Everything "written to the socket" so far.
        var sent = ""

        init(configuration: ServerConfiguration = ServerConfiguration(), budget: BodyBudget? = nil,
             peer: String = "127.0.0.1", headCheck: HeadCheck? = nil) {
            var router = Router()
            router.get("/hello") { _ in .text("hi") }
            router.post("/echo") { request in .bytes(request.body, contentType: "application/octet-stream") }
            router.post("/small", options: RouteOptions(maxBodyBytes: 10)) { _ in .empty(204) }
            router.post("/checked", options: RouteOptions(headCheck: headCheck ?? { _ in .admit(nil) })) { _ in .empty(204) }
            let budget = budget ?? BodyBudget(processLimit: configuration.maxBodyBytesInFlight,
                                              addressLimit: configuration.maxBodyBytesInFlightPerAddress)
            machine = HTTPConnectionMachine(configuration: configuration, router: router, bodyBudget: budget, peer: peer, now: 0)
        }

        mutating func receive(_ text: String, at now: Double = 0) -> String {
            Self.describe(Array(text.utf8).withUnsafeBytes { machine.received($0, now: now) })
        }

        /// The socket takes up to `limit` bytes of `outbound`; returns the machine's answer.
        mutating func write(at now: Double = 0, limit: Int = .max) -> String {
            var taken = limit
            var chunk = ""
            let (result, written) = machine.outbound.flush { bytes in
                guard taken > 0 else { errno = EAGAIN; return -1 }
                let count = min(bytes.count, taken)
                taken -= count
                chunk += String(decoding: bytes.prefix(count), as: UTF8.self)
                return count
            }
            sent += chunk
            return Self.describe(machine.flushed(result, written: written, now: now))
        }

        /// Answers the current request as the handler would, then writes it out.
        mutating func respond(_ body: String = "ok", at now: Double = 0, draining: Bool = false) -> (keepAlive: Bool, afterWrite: String) {
            guard let framing = machine.beginResponse(draining: draining) else { return (false, "no response expected") }
            machine.outbound.append("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n"
                                    + (framing.keepAlive ? "" : "Connection: close\r\n") + "\r\n" + (framing.omitBody ? "" : body))
            XCTAssertEqual(Self.describe(machine.responseQueued(keepAlive: framing.keepAlive)), "flush")
            return (framing.keepAlive, write(at: now))
        }

        /// The socket side of `.refuse`: the error response goes out with `Connection: close`.
        mutating func refuse(at now: Double = 0) -> String {
            guard machine.refuse() == .write else { return "not written" }
            machine.outbound.append("HTTP/1.1 4xx\r\nConnection: close\r\n\r\n")
            return write(at: now)
        }

        mutating func next(at now: Double = 0) -> String { Self.describe(machine.next(now: now)) }
        mutating func tick(at now: Double) -> String { Self.describe(machine.tick(now: now)) }

        var target: String? { machine.head?.target }

        static func describe(_ action: HTTPConnectionMachine.Action) -> String {
            switch action {
            case .none: "none"
            case .checkHead: "checkHead"
            case .dispatch(let body): "dispatch(\(String(decoding: body, as: UTF8.self)))"
            case .refuse(let error): "refuse(\(error.status))"
            case .flush: "flush"
            case .shutdownWrite: "shutdownWrite"
            case .deliverToWebSocket: "deliverToWebSocket"
            case .closeWebSocket: "closeWebSocket"
            case .close: "close"
            }
        }
    }

    // MARK: keep-alive and pipelining

    func testKeepAliveReadsTheNextRequestAfterTheResponseIsQueued() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n"), "dispatch()")
        XCTAssertEqual(connection.machine.phase, .responding)
        let answer = connection.respond()
        XCTAssertTrue(answer.keepAlive)
        XCTAssertEqual(answer.afterWrite, "none")
        XCTAssertEqual(connection.machine.phase, .awaitingRequest)
        XCTAssertEqual(connection.receive("GET /hello?second HTTP/1.1\r\n\r\n"), "dispatch()")
        XCTAssertEqual(connection.target, "/hello?second")
    }

    func testHTTP10AndConnectionCloseEndTheConnectionAfterTheResponse() {
        for request in ["GET /hello HTTP/1.0\r\n\r\n", "GET /hello HTTP/1.1\r\nConnection: close\r\n\r\n"] {
            var connection = Connection()
            XCTAssertEqual(connection.receive(request, at: 1), "dispatch()")
            let answer = connection.respond(at: 1)
            XCTAssertFalse(answer.keepAlive, request)
            XCTAssertEqual(answer.afterWrite, "shutdownWrite", request)
            XCTAssertEqual(connection.machine.phase, .lingering(until: 1 + HTTPConnectionMachine.lingerSeconds))
        }
    }

    func testHTTP10KeepAliveIsHonoured() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"), "dispatch()")
        XCTAssertTrue(connection.respond().keepAlive)
    }

    func testPipelinedRequestsAreDispatchedOneAtATimeInOrder() {
        var connection = Connection()
        let first = connection.receive("GET /hello?1 HTTP/1.1\r\n\r\nPOST /echo HTTP/1.1\r\nContent-Length: 3\r\n\r\nxyzGET /hello?3 HTTP/1.1\r\n\r\n")
        XCTAssertEqual(first, "dispatch()")
        XCTAssertEqual(connection.target, "/hello?1")
        XCTAssertEqual(connection.next(), "none", "nothing more is parsed while a request is being answered")
        XCTAssertEqual(connection.receive("GET /hello?4 HTTP/1.1\r\n\r\n"), "none")
        XCTAssertEqual(connection.respond().afterWrite, "none")
        XCTAssertEqual(connection.next(), "dispatch(xyz)")
        XCTAssertEqual(connection.target, "/echo")
        _ = connection.respond()
        XCTAssertEqual(connection.next(), "dispatch()")
        XCTAssertEqual(connection.target, "/hello?3")
        _ = connection.respond()
        XCTAssertEqual(connection.next(), "dispatch()")
        XCTAssertEqual(connection.target, "/hello?4")
        _ = connection.respond()
        XCTAssertEqual(connection.next(), "none")
        XCTAssertEqual(connection.sent.components(separatedBy: "HTTP/1.1 200 OK").count - 1, 4)
    }

    /// Bytes are parsed where they were read while nothing waits unparsed; whatever a read leaves
    /// over (a head cut short, a body in pieces, the next request) must be there for the next one.
    func testRequestsSplitAtAnyByteAreReadTheSame() {
        let text = "POST /echo HTTP/1.1\r\nContent-Length: 3\r\n\r\nxyzGET /hello?2 HTTP/1.1\r\n\r\n"
        for cut in 1..<text.utf8.count {
            var connection = Connection()
            let bytes = Array(text.utf8)
            let first = connection.receive(String(decoding: bytes[..<cut], as: UTF8.self))
            let second = connection.receive(String(decoding: bytes[cut...], as: UTF8.self))
            XCTAssertEqual([first, second].filter { $0 != "none" }, ["dispatch(xyz)"], "cut at \(cut)")
            XCTAssertEqual(connection.target, "/echo")
            _ = connection.respond()
            XCTAssertEqual(connection.next(), "dispatch()", "cut at \(cut)")
            XCTAssertEqual(connection.target, "/hello?2")
        }
    }

    func testPipelinedParsingWaitsWhileTheClientIsNotReading() {
        var configuration = ServerConfiguration()
        configuration.outboundHighWater = 100
        var connection = Connection(configuration: configuration)
        XCTAssertEqual(connection.receive("GET /hello HTTP/1.1\r\n\r\nGET /hello?2 HTTP/1.1\r\n\r\n"), "dispatch()")
        guard let framing = connection.machine.beginResponse(draining: false) else { return XCTFail("no response expected") }
        connection.machine.outbound.append([UInt8](repeating: 0x61, count: 500))
        XCTAssertEqual(Connection.describe(connection.machine.responseQueued(keepAlive: framing.keepAlive)), "flush")
        XCTAssertEqual(connection.write(limit: 300), "none", "the socket took only part of it")
        XCTAssertEqual(connection.next(), "none", "200 unsent bytes are over the mark: the next request waits")
        XCTAssertFalse(connection.machine.wantsToRead(webSocketBehind: false))
        XCTAssertEqual(connection.write(limit: 150), "none")
        XCTAssertEqual(connection.next(), "dispatch()", "under the mark again")
        XCTAssertEqual(connection.target, "/hello?2")
        XCTAssertTrue(connection.machine.wantsToRead(webSocketBehind: false))
    }

    func testReadingStopsWhenUnparsedInputPassesItsCap() {
        var configuration = ServerConfiguration()
        configuration.limits.maxHeaderBytes = 100
        var connection = Connection(configuration: configuration)
        XCTAssertEqual(connection.receive("GET /hello HTTP/1.1\r\n\r\n"), "dispatch()")
        XCTAssertEqual(connection.receive(String(repeating: "GET /hello HTTP/1.1\r\n\r\n", count: 10)), "none")
        XCTAssertTrue(connection.machine.wantsToRead(webSocketBehind: false), "230 bytes are under 4 × 100")
        XCTAssertEqual(connection.receive(String(repeating: "GET /hello HTTP/1.1\r\n\r\n", count: 10)), "none")
        XCTAssertFalse(connection.machine.wantsToRead(webSocketBehind: false), "460 bytes are over it")
    }

    func testAHEADRequestIsAnsweredWithoutItsBody() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("HEAD /hello HTTP/1.1\r\n\r\n"), "dispatch()")
        XCTAssertEqual(connection.machine.beginResponse(draining: false)?.omitBody, true)
    }

    // MARK: 100-continue

    func testContinueInvitesTheBodyOnce() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("POST /echo HTTP/1.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n"), "flush")
        XCTAssertEqual(connection.write(), "none")
        XCTAssertEqual(connection.sent, "HTTP/1.1 100 Continue\r\n\r\n")
        XCTAssertEqual(connection.next(), "none", "waiting for the body")
        XCTAssertEqual(connection.receive("hello"), "dispatch(hello)")
    }

    func testNoContinueForABodyThatWouldBeRefusedOrThrownAway() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("POST /small HTTP/1.1\r\nContent-Length: 5000000\r\nExpect: 100-continue\r\n\r\n"), "refuse(413)")
        XCTAssertTrue(connection.machine.outbound.isEmpty)
        var unrouted = Connection()
        XCTAssertEqual(unrouted.receive("POST /nowhere HTTP/1.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n"), "refuse(404)")
        XCTAssertTrue(unrouted.machine.outbound.isEmpty)
        var http10 = Connection()
        XCTAssertEqual(http10.receive("POST /echo HTTP/1.0\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"), "none")
        XCTAssertTrue(http10.machine.outbound.isEmpty, "HTTP/1.0 clients know no interim responses")
    }

    func testContinueWaitsForTheHeadCheck() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("POST /checked HTTP/1.1\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"), "checkHead")
        XCTAssertEqual(connection.machine.phase, .checkingHead)
        XCTAssertTrue(connection.machine.outbound.isEmpty)
        XCTAssertEqual(connection.receive("ok"), "none", "the body waits unread while the check runs")
        XCTAssertEqual(Connection.describe(connection.machine.headAdmitted(now: 0)), "flush")
        XCTAssertEqual(connection.write(), "none")
        XCTAssertEqual(connection.sent, "HTTP/1.1 100 Continue\r\n\r\n")
        XCTAssertEqual(connection.next(), "dispatch(ok)")
    }

    func testARefusedHeadCheckClosesWithoutReadingTheBody() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("POST /checked HTTP/1.1\r\nContent-Length: 5000\r\n\r\n", at: 3), "checkHead")
        XCTAssertEqual(connection.machine.reservedBodyBytes, 0, "nothing reserved before the check admits")
        XCTAssertEqual(connection.refuse(at: 3), "shutdownWrite")
        XCTAssertEqual(connection.machine.phase, .lingering(until: 3 + HTTPConnectionMachine.lingerSeconds))
    }

    // MARK: limits

    func testParserLimitsAndBadFramingAreRefused() {
        let cases: [(String, String)] = [
            ("GET /hello HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 17 * 1024))\r\n\r\n", "refuse(431)"),
            ("GET /\(String(repeating: "x", count: 9000)) HTTP/1.1\r\n\r\n", "refuse(414)"),
            ("POST /small HTTP/1.1\r\nContent-Length: 11\r\n\r\n", "refuse(413)"),
            ("POST /small HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nb\r\nhello world\r\n0\r\n\r\n", "refuse(413)"),
            ("POST /echo HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", "refuse(400)"),
            ("BREW /hello HTTP/1.1\r\n\r\n", "refuse(501)"),
            ("GET /hello HTTP/2.0\r\n\r\n", "refuse(505)"),
        ]
        for (request, expected) in cases {
            var connection = Connection()
            XCTAssertEqual(connection.receive(request), expected, request.prefix(60).debugDescription)
            XCTAssertEqual(connection.machine.refuse(), .write)
            XCTAssertFalse(connection.machine.canKeepAlive(draining: false), "a refusal ends the connection")
        }
    }

    func testUnroutedRequestsAreAnsweredAndTheConnectionGoesOn() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("GET /nowhere HTTP/1.1\r\n\r\n"), "dispatch()")
        XCTAssertEqual(connection.machine.routingError?.status, 404)
        XCTAssertTrue(connection.respond().keepAlive)
        XCTAssertEqual(connection.receive("PUT /hello HTTP/1.1\r\nContent-Length: 0\r\n\r\n"), "dispatch()")
        XCTAssertEqual(connection.machine.routingError?.status, 405)
        XCTAssertEqual(connection.machine.routingError?.headers["Allow"], "GET, HEAD")
    }

    /// A method the parser knows but no route has is a 405 naming the route's methods (`HEAD`
    /// with `GET`); one the parser does not know is a 501 (`testParserLimitsAndBadFramingAreRefused`).
    func testMethodsAreRoutedAsTypedValues() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("TRACE /hello HTTP/1.1\r\n\r\n"), "dispatch()")
        XCTAssertEqual(connection.machine.head?.method, HTTPMethod(rawValue: "TRACE"))
        XCTAssertEqual(connection.machine.routingError?.status, 405)
        XCTAssertEqual(connection.machine.routingError?.headers["Allow"], "GET, HEAD")
        _ = connection.respond()
        XCTAssertEqual(connection.receive("HEAD /hello HTTP/1.1\r\n\r\n"), "dispatch()")
        XCTAssertNil(connection.machine.routingError)
        XCTAssertEqual(connection.machine.route?.method, .get, "HEAD is answered by the GET route")
        _ = connection.respond()
        XCTAssertEqual(connection.receive("get /hello HTTP/1.1\r\n\r\n"), "refuse(501)", "methods are case-sensitive")
    }

    func testBodiesInFlightAreCappedPerAddressAndProcess() {
        var configuration = ServerConfiguration()
        configuration.maxBodyBytesInFlightPerAddress = 700
        configuration.maxBodyBytesInFlight = 1300
        let budget = BodyBudget(processLimit: 1300, addressLimit: 700)
        var first = Connection(configuration: configuration, budget: budget, peer: "a")
        XCTAssertEqual(first.receive("POST /echo HTTP/1.1\r\nContent-Length: 600\r\n\r\n"), "none")
        XCTAssertEqual(budget.bytesInFlight, 600, "reserved before any body byte arrives")
        var sameAddress = Connection(configuration: configuration, budget: budget, peer: "a")
        XCTAssertEqual(sameAddress.receive("POST /echo HTTP/1.1\r\nContent-Length: 600\r\n\r\n"), "refuse(429)")
        var chunked = Connection(configuration: configuration, budget: budget, peer: "a")
        XCTAssertEqual(chunked.receive("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n96\r\n" + String(repeating: "b", count: 150)),
                       "refuse(429)", "a chunked body reserves as it arrives")
        XCTAssertEqual(chunked.machine.refuse(), .write)
        var other = Connection(configuration: configuration, budget: budget, peer: "b")
        XCTAssertEqual(other.receive("POST /echo HTTP/1.1\r\nContent-Length: 600\r\n\r\n"), "none")
        var third = Connection(configuration: configuration, budget: budget, peer: "c")
        XCTAssertEqual(third.receive("POST /echo HTTP/1.1\r\nContent-Length: 600\r\n\r\n"), "refuse(503)")
        XCTAssertEqual(first.receive(String(repeating: "x", count: 600)), "dispatch(\(String(repeating: "x", count: 600)))")
        XCTAssertEqual(budget.bytesInFlight, 1200, "held while the handler runs")
        _ = first.respond()
        XCTAssertEqual(budget.bytesInFlight, 600, "returned once the handler answered")
        other.machine.closed()
        XCTAssertEqual(budget.bytesInFlight, 0, "returned when the connection closes mid-upload")
    }

    // MARK: timeouts

    func testAHeadTricklingInGets408AfterTheHeadTimeout() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("GET /hello HTTP/1.1\r\nX-Slow: ", at: 100), "none")
        for second in 101...110 {
            XCTAssertEqual(connection.receive("a", at: Double(second)), "none")
            XCTAssertEqual(connection.tick(at: Double(second)), "none", "a byte a second keeps it busy, not whole")
        }
        XCTAssertEqual(connection.tick(at: 110.5), "refuse(408)", "10 s from the head's first byte")
    }

    func testAStalledBodyGets408AndATrickledOneToo() {
        var stalled = Connection()
        XCTAssertEqual(stalled.receive("POST /echo HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc", at: 0), "none")
        XCTAssertEqual(stalled.tick(at: 29), "none")
        XCTAssertEqual(stalled.tick(at: 30.5), "refuse(408)")

        var trickled = Connection()
        XCTAssertEqual(trickled.receive("POST /echo HTTP/1.1\r\nContent-Length: 1000\r\n\r\n", at: 0), "none")
        for second in stride(from: 20, through: 300, by: 20) {
            XCTAssertEqual(trickled.receive("x", at: Double(second)), "none")
            XCTAssertEqual(trickled.tick(at: Double(second)), "none")
        }
        XCTAssertEqual(trickled.tick(at: 300.5), "refuse(408)", "the whole request gets 300 s however steady")
    }

    func testAnIdleKeepAliveConnectionClosesAfterTheIdleTimeout() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("GET /hello HTTP/1.1\r\n\r\n", at: 0), "dispatch()")
        XCTAssertEqual(connection.tick(at: 200), "none", "no idle timeout while a handler runs")
        XCTAssertEqual(connection.respond(at: 200).afterWrite, "none")
        XCTAssertEqual(connection.tick(at: 274), "none")
        XCTAssertEqual(connection.tick(at: 275.5), "close")
    }

    func testAClientThatStopsReadingIsDroppedAfterTheWriteTimeout() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("GET /hello HTTP/1.1\r\n\r\n", at: 0), "dispatch()")
        guard let framing = connection.machine.beginResponse(draining: false) else { return XCTFail("no response expected") }
        connection.machine.outbound.append([UInt8](repeating: 0x61, count: 1000))
        _ = connection.machine.responseQueued(keepAlive: framing.keepAlive)
        XCTAssertEqual(connection.write(at: 0, limit: 100), "none")
        XCTAssertEqual(connection.write(at: 25, limit: 100), "none", "progress at 25 s")
        XCTAssertEqual(connection.tick(at: 50), "none", "slow but moving: 25 s since the last progress")
        XCTAssertEqual(connection.tick(at: 100), "close", "no progress for over 30 s, with output pending")
    }

    // MARK: linger and half-close

    func testAfterARefusalInputIsDiscardedUntilTheLingerDeadline() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("POST /small HTTP/1.1\r\nContent-Length: 11\r\n\r\n", at: 5), "refuse(413)")
        XCTAssertEqual(connection.refuse(at: 5), "shutdownWrite")
        XCTAssertTrue(connection.sent.contains("Connection: close"))
        let unread = connection.machine.input.count
        XCTAssertEqual(connection.receive("01234567890", at: 6), "none")
        XCTAssertEqual(connection.machine.input.count, unread, "unread body bytes are dropped, never buffered")
        XCTAssertTrue(connection.machine.wantsToRead(webSocketBehind: false), "reading on keeps the kernel from resetting")
        XCTAssertEqual(connection.tick(at: 6.5), "none")
        XCTAssertEqual(connection.tick(at: 7.5), "close")
        var closedEarly = Connection()
        _ = closedEarly.receive("POST /small HTTP/1.1\r\nContent-Length: 11\r\n\r\n", at: 5)
        _ = closedEarly.refuse(at: 5)
        XCTAssertEqual(Connection.describe(closedEarly.machine.peerClosed()), "close", "the client closed too: nothing to linger for")
    }

    func testAHalfClosedClientGetsItsResponseThenTheConnectionCloses() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("GET /hello HTTP/1.1\r\n\r\n"), "dispatch()")
        XCTAssertEqual(Connection.describe(connection.machine.peerClosed()), "none", "the response in progress is still owed")
        XCTAssertFalse(connection.machine.wantsToRead(webSocketBehind: false))
        let answer = connection.respond()
        XCTAssertFalse(answer.keepAlive)
        XCTAssertEqual(answer.afterWrite, "close", "both sides are done once it is sent")
    }

    func testEndOfInputWhileIdleCloses() {
        var connection = Connection()
        XCTAssertEqual(Connection.describe(connection.machine.peerClosed()), "close")
    }

    // MARK: shutdown and WebSocket

    func testDrainClosesIdleConnectionsAndEndsBusyOnesAfterTheirResponse() {
        var idle = Connection()
        XCTAssertEqual(Connection.describe(idle.machine.beginDrain()), "close")

        var busy = Connection()
        XCTAssertEqual(busy.receive("GET /hello HTTP/1.1\r\n\r\n"), "dispatch()")
        XCTAssertEqual(Connection.describe(busy.machine.beginDrain()), "none")
        let answer = busy.respond(draining: true)
        XCTAssertFalse(answer.keepAlive)
        XCTAssertEqual(answer.afterWrite, "shutdownWrite")

        var streaming = Connection()
        XCTAssertEqual(streaming.receive("GET /hello HTTP/1.1\r\n\r\n"), "dispatch()")
        _ = streaming.machine.beginResponse(draining: false)
        streaming.machine.streamStarted()
        XCTAssertEqual(Connection.describe(streaming.machine.beginDrain()), "close", "a stream has no natural end")
    }

    func testAWebSocketPeerThatNeverAnswersOurCloseIsDropped() {
        var connection = Connection()
        XCTAssertEqual(connection.receive("GET /hello HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\nx"), "dispatch()")
        XCTAssertEqual(connection.machine.upgraded(), Array("x".utf8), "frames sent behind the upgrade are kept")
        XCTAssertEqual(connection.receive("y", at: 1), "deliverToWebSocket")
        XCTAssertEqual(Connection.describe(connection.machine.beginDrain()), "closeWebSocket")
        connection.machine.webSocketCloseSent(now: 10)
        XCTAssertEqual(connection.tick(at: 14), "none")
        XCTAssertEqual(connection.tick(at: 15.5), "close")
    }
}

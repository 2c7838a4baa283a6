import Foundation
import Synchronization
import TestHTTPClients
import XCTest
@testable import HTTPServer

/// Routes declared synchronous: answered on the event loop's thread without a task when every
/// middleware is a `RequestFilter`, through the same filters and error answers as any route.
final class SynchronousRouteTests: XCTestCase {
    /// Refuses requests that carry `X-Deny`.
    private struct DenyFilter: RequestFilter {
        func check(_ request: Request) throws {
            if request.headers.contains("X-Deny") { throw HTTPError(status: 403, code: "denied", message: "denied") }
        }
    }

    private struct Teapot: Error {}

    /// Answers `Teapot` with 418.
    private struct TeapotFilter: RequestFilter {
        func response(to error: any Error) -> Response? { error is Teapot ? .text("teapot", status: 418) : nil }
    }

    /// A plain (async) middleware that marks its responses.
    private struct MarkingMiddleware: Middleware {
        func respond(to request: Request, next: Responder) async throws -> Response {
            var response = try await next(request)
            response.headers.add("X-Marked", "yes")
            return response
        }
    }

    /// Counts the checks it runs.
    private final class CountingFilter: RequestFilter {
        let checks = Mutex(0)
        func check(_ request: Request) throws { checks.withLock { $0 += 1 } }
    }

    /// Answers `Teapot` with 418 and its own name, so a test sees which filter answered.
    private struct NamedTeapotFilter: RequestFilter {
        let name: String
        func response(to error: any Error) -> Response? { error is Teapot ? .text("teapot from \(name)", status: 418) : nil }
    }

    /// Throws `Teapot` from its check when the request carries `X-Check-Teapot`.
    private struct TeapotCheck: RequestFilter {
        func check(_ request: Request) throws { if request.headers.contains("X-Check-Teapot") { throw Teapot() } }
    }

    private static func whereAmI() -> String { withUnsafeCurrentTask { $0 == nil } ? "no task" : "in a task" }

    private static func routes(_ router: inout Router) {
        router.add(.get, "/where", synchronous: { _ in .text(whereAmI()) })
        router.add(.get, "/teapot", synchronous: { _ in throw Teapot() })
        // Answered at once unless the request asks for later; later, a teapot on request.
        router.add(.get, "/now-or-later", now: { request in
            request.headers.contains("X-Later") ? nil : .text("now, " + whereAmI())
        }, otherwise: { request in
            await Task.yield()
            if request.headers.contains("X-Teapot") { throw Teapot() }
            return .text("later, " + whereAmI())
        })
    }

    func testRouteAnsweredNowOrInATaskRunsTheFilterChecksOnce() async throws {
        let counting = CountingFilter()
        let server = try TestServer(middleware: [TeapotFilter(), DenyFilter(), counting], routes: Self.routes)
        let connection = try server.connect()
        connection.send("GET /now-or-later HTTP/1.1\r\n\r\nGET /now-or-later HTTP/1.1\r\nX-Later: 1\r\n\r\n"
                        + "GET /now-or-later HTTP/1.1\r\nX-Later: 1\r\nX-Teapot: 1\r\n\r\n"
                        + "GET /now-or-later HTTP/1.1\r\nX-Later: 1\r\nX-Deny: 1\r\n\r\n")
        var responses = connection.readResponses(4)
        // Sent after the answers: requests pipelined behind a task's are answered as it ends, inside it.
        connection.send("GET /now-or-later HTTP/1.1\r\n\r\n")
        responses += connection.readResponses(1)
        XCTAssertEqual(responses.count, 5)
        XCTAssertTrue(responses[0].hasPrefix("HTTP/1.1 200 OK\r\n") && responses[0].hasSuffix("now, no task"), responses[0])
        XCTAssertTrue(responses[1].hasPrefix("HTTP/1.1 200 OK\r\n") && responses[1].hasSuffix("later, in a task"), responses[1])
        XCTAssertTrue(responses[2].hasPrefix("HTTP/1.1 418 ") && responses[2].hasSuffix("teapot"), responses[2])
        XCTAssertTrue(responses[3].hasPrefix("HTTP/1.1 403 "), responses[3])
        XCTAssertTrue(responses[4].hasSuffix("now, no task"), responses[4])
        await server.stop()
        // DenyFilter refused the fourth before the last filter ran.
        XCTAssertEqual(counting.checks.withLock { $0 }, 4)
        let requestLines = server.logs.contents.filter { $0.contains("\"route\":\"/now-or-later\"") }
        XCTAssertEqual(requestLines.count, 5)
    }

    func testRouteAnsweredNowOrLaterBehindAnAsyncMiddlewareRunsInATask() async throws {
        let server = try TestServer(middleware: [MarkingMiddleware()], routes: Self.routes)
        let connection = try server.connect()
        connection.send("GET /now-or-later HTTP/1.1\r\n\r\n")
        let responses = connection.readResponses(1)
        XCTAssertTrue(responses.first?.hasSuffix("later, in a task") == true, responses.first ?? "")
        XCTAssertTrue(responses.first?.contains("X-Marked: yes\r\n") == true)
        await server.stop()
    }

    func testSynchronousRouteRunsWithoutATaskThroughTheFilters() async throws {
        let server = try TestServer(middleware: [TeapotFilter(), DenyFilter()], routes: Self.routes)
        let connection = try server.connect()
        // Pipelined: each answer is queued while the request before it is still being handled.
        connection.send("GET /where HTTP/1.1\r\n\r\nGET /where HTTP/1.1\r\nX-Deny: 1\r\n\r\nGET /teapot HTTP/1.1\r\n\r\nGET /where HTTP/1.1\r\n\r\n")
        let responses = connection.readResponses(4)
        XCTAssertEqual(responses.count, 4)
        XCTAssertTrue(responses[0].hasPrefix("HTTP/1.1 200 OK\r\n") && responses[0].hasSuffix("no task"), responses[0])
        XCTAssertTrue(responses[1].hasPrefix("HTTP/1.1 403 "), responses[1])
        XCTAssertTrue(responses[2].hasPrefix("HTTP/1.1 418 ") && responses[2].hasSuffix("teapot"), responses[2])
        XCTAssertTrue(responses[3].hasSuffix("no task"), responses[3])
        XCTAssertTrue(responses[0].contains("X-Request-Id: "))
        await server.stop()
        let requestLines = server.logs.contents.filter { $0.contains("\"msg\":\"request\"") }
        XCTAssertEqual(requestLines.count, 4)
        XCTAssertTrue(requestLines.allSatisfy { $0.contains("\"route\":\"/where\"") || $0.contains("\"route\":\"/teapot\"") })
    }

    /// A connection builds each request in the box of its previous one when nothing else holds
    /// it: a request a handler kept must keep its own fields, and requests after one that was
    /// kept (and after one that was not) carry only their own.
    func testRequestsKeptByAHandlerKeepTheirFieldsAcrossKeepAlive() async throws {
        let kept = Mutex<[Request]>([])
        let server = try TestServer(middleware: [TeapotFilter()], routes: { router in
            router.add(.get, "/keep", synchronous: { request in
                if request.headers.contains("X-Keep") { kept.withLock { $0.append(request) } }
                let seen = [request.target, request.rawQuery, request.headers["X-Tag"] ?? "-", request.headers["X-Keep"] ?? "-"]
                return .text(seen.joined(separator: " "))
            })
        })
        let connection = try server.connect()
        var sent = ""
        for (index, keep) in [true, false, false, true, false].enumerated() {
            sent += "GET /keep?n=\(index) HTTP/1.1\r\nX-Tag: t\(index)\r\n" + (keep ? "X-Keep: yes\r\n" : "") + "\r\n"
        }
        connection.send(sent)
        var responses = connection.readResponses(5)
        // And one at a time, each after the answer before it.
        for index in 5..<8 {
            connection.send("GET /keep?n=\(index) HTTP/1.1\r\nX-Tag: t\(index)\r\n\r\n")
            responses += connection.readResponses(1)
        }
        XCTAssertEqual(responses.count, 8)
        for (index, response) in responses.enumerated() {
            let keep = index == 0 || index == 3
            XCTAssertTrue(response.hasSuffix("/keep?n=\(index) n=\(index) t\(index) " + (keep ? "yes" : "-")), response)
        }
        await server.stop()
        let requests = kept.withLock { $0 }
        XCTAssertEqual(requests.map(\.target), ["/keep?n=0", "/keep?n=3"])
        XCTAssertEqual(requests.map { $0.headers["X-Tag"] ?? "-" }, ["t0", "t3"])
        XCTAssertEqual(requests.map(\.path), ["/keep", "/keep"])
        XCTAssertEqual(Set(requests.map(\.requestID)).count, 2)
    }

    func testSynchronousRouteBehindAnAsyncMiddlewareRunsInATask() async throws {
        let server = try TestServer(middleware: [TeapotFilter(), MarkingMiddleware()], routes: Self.routes)
        let connection = try server.connect()
        connection.send("GET /where HTTP/1.1\r\n\r\nGET /teapot HTTP/1.1\r\n\r\n")
        let responses = connection.readResponses(2)
        XCTAssertEqual(responses.count, 2)
        XCTAssertTrue(responses[0].hasSuffix("in a task"), responses.first ?? "")
        XCTAssertTrue(responses[0].contains("X-Marked: yes\r\n"))
        XCTAssertTrue(responses[1].hasPrefix("HTTP/1.1 418 "), responses[1])
        await server.stop()
    }

    /// One rule for the filters' error answers on every path a request can take: answered on
    /// the loop (synchronous), in a task after the checks (`now`/`otherwise`), and through the
    /// general middleware chain (an async middleware among them). A check's error reaches only
    /// the filters outside it; a handler's error is answered by the innermost filter with an answer.
    func testFiltersAnswerErrorsAlikeOnEveryPath() async throws {
        let filters: [any Middleware] = [NamedTeapotFilter(name: "outer"), TeapotCheck(), NamedTeapotFilter(name: "inner")]
        let requests = "GET /teapot HTTP/1.1\r\n\r\n" + "GET /teapot HTTP/1.1\r\nX-Check-Teapot: 1\r\n\r\n"
            + "GET /now-or-later HTTP/1.1\r\nX-Later: 1\r\nX-Teapot: 1\r\n\r\n"
            + "GET /now-or-later HTTP/1.1\r\nX-Later: 1\r\nX-Check-Teapot: 1\r\n\r\n"
        var bodies: [[String]] = []
        for middleware in [filters, filters + [MarkingMiddleware()]] {
            let server = try TestServer(middleware: middleware, routes: Self.routes)
            let connection = try server.connect()
            connection.send(requests)
            let responses = connection.readResponses(4)
            await server.stop()
            XCTAssertEqual(responses.count, 4)
            XCTAssertTrue(responses.allSatisfy { $0.hasPrefix("HTTP/1.1 418 ") }, "\(responses)")
            bodies.append(responses.map { $0.components(separatedBy: "\r\n\r\n").last ?? "" })
        }
        let expected = ["teapot from inner", "teapot from outer", "teapot from inner", "teapot from outer"]
        XCTAssertEqual(bodies, [expected, expected])
    }
}

import APIToolkit
import HTTPServer
import ServiceRuntime
import TestHTTPClients
import XCTest

/// An endpoint declared `answeringNow:` is served on the event loop without a task when its
/// family admits without waiting and its `now` handler answers, and in a task, through the
/// family's `admit` and the `otherwise` handler, when either has to wait; both ways pass the
/// declared input checks and the family's last touch.
final class EndpointAnsweringNowTests: XCTestCase {
    /// Admits at once unless the request carries `X-Wait`; strict about its input.
    private enum WaitingFamily: EndpointFamily {
        typealias Requirements = Int
        typealias Caller = String
        struct Context: EndpointContext { let responses = APIResponses(style: HealthLogEnvelope()) }

        static let enforcesDeclaredInput = true

        static func admit(_ request: Request, to endpoint: APIEndpoint<Self>, in context: Context) async throws -> String? {
            await Task.yield()
            return "admitted after waiting"
        }

        static func admitNow(_ request: Request, to endpoint: APIEndpoint<Self>, in context: Context) throws -> Admission<String> {
            request.headers.contains("X-Wait") ? .wait : .admitted("admitted at once")
        }

        static func headCheck(for endpoint: APIEndpoint<Self>, bodyLimit: Int, in context: Context) -> HeadCheck? { nil }
        static func finish(_ response: inout Response, of endpoint: APIEndpoint<Self>) { response.headers.add("X-Finished", "yes") }
        static func impliedResponses(of endpoint: APIEndpoint<Self>) -> [OpenAPIResponse] { [] }
        static func security(of endpoint: APIEndpoint<Self>) -> [String]? { nil }
    }

    private static func inTask() -> Bool { withUnsafeCurrentTask { $0 != nil } }

    /// `now` answers unless the query has `later=yes`.
    private static let endpoint = APIEndpoint<WaitingFamily>(
        method: .get, path: "/answer", operationId: "getAnswer", summary: "Now or later", tags: [], requirements: 0,
        queryParameters: [.query("later", .string(oneOf: ["yes"]))], success: OpenAPIResponse(200, "The answer"), failures: []
    ) { _ in
        (now: { call in
            call.query["later"] == .string("yes") ? nil : .text("now: \(call.caller ?? "-"), in a task: \(inTask())")
        }, otherwise: { call in
            .text("later: \(call.caller ?? "-"), in a task: \(inTask())")
        })
    }

    func testAnsweredWithoutATaskUnlessAdmissionOrTheAnswerMustWait() async throws {
        var router = Router()
        EndpointTable.install([Self.endpoint], into: &router, context: WaitingFamily.Context(), defaultBodyBytes: 1024)
        var configuration = ServerConfiguration()
        configuration.port = 0
        let server = try HTTPServer(configuration: configuration, router: router,
                                    middleware: [APIErrorMiddleware(style: HealthLogEnvelope())], accessLog: false)
        try server.start()
        let connection = try RawConnection(port: server.port)
        connection.send("GET /answer HTTP/1.1\r\n\r\nGET /answer?later=yes HTTP/1.1\r\n\r\nGET /answer HTTP/1.1\r\nX-Wait: 1\r\n\r\n"
                        + "GET /answer?other=1 HTTP/1.1\r\n\r\n")
        let responses = connection.readResponses(4)
        await server.shutdown()
        XCTAssertEqual(responses.count, 4)
        guard responses.count == 4 else { return }
        XCTAssertTrue(responses[0].hasSuffix("now: admitted at once, in a task: false"), responses[0])
        XCTAssertTrue(responses[1].hasSuffix("later: admitted after waiting, in a task: true"), responses[1])
        XCTAssertTrue(responses[2].hasSuffix("later: admitted after waiting, in a task: true"), responses[2])
        for response in responses[0..<3] { XCTAssertTrue(response.contains("X-Finished: yes\r\n"), response) }
        XCTAssertTrue(responses[3].hasPrefix("HTTP/1.1 422 "), responses[3])
    }
}

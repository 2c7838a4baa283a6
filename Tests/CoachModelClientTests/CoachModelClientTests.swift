import CoachModelClient
import Foundation
import ScriptedModel
import XCTest

/// The model client against a real server on loopback speaking the streaming protocol.
final class CoachModelClientTests: XCTestCase {
    private var model: ScriptedModelServer!

    override func setUp() async throws {
        model = try ScriptedModelServer()
    }

    override func tearDown() async throws {
        await model.stop()
    }

    private func client(firstToken: TimeInterval = 5, reply: TimeInterval = 10) throws -> CoachModelClient {
        let settings = try XCTUnwrap(try CoachModelSettings(environment: ["COACH_MODEL_URL": model.url, "COACH_MODEL": "smol"]))
        return CoachModelClient(settings: CoachModelSettings(endpoint: settings.endpoint, model: settings.model,
                                                             firstTokenTimeout: firstToken, replyTimeout: reply))
    }

    private func collect(_ client: CoachModelClient) async throws -> String {
        var text = ""
        for try await piece in client.reply(to: [.init(role: "user", content: "hi")]) { text += piece }
        return text
    }

    func testPiecesArriveInOrderAndTheRequestIsAStreamedChatCompletion() async throws {
        model.script([.reply(["Your steps ", "averaged ", "8,000."])])
        let text = try await collect(try client())
        XCTAssertEqual(text, "Your steps averaged 8,000.")
        let request = try XCTUnwrap(model.requests.first)
        XCTAssertEqual(request["stream"] as? Bool, true)
        XCTAssertEqual(request["model"] as? String, "smol")
        XCTAssertEqual((request["messages"] as? [[String: String]])?.first?["content"], "hi")
    }

    func testServerErrorsBeforeTheFirstTokenAreRetriedAFewTimes() async throws {
        model.script([.status(503), .status(429), .reply(["ok"])])
        let text = try await collect(try client())
        XCTAssertEqual(text, "ok")
        XCTAssertEqual(model.requests.count, 3)
        model.script([], fallback: .status(500))
        do {
            _ = try await collect(try client())
            XCTFail("a server that keeps failing is unavailable")
        } catch let error as CoachModelError {
            guard case .unavailable = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(model.requests.count, 6, "three attempts, then no more")
    }

    func testNoFirstTokenInTimeIsUnavailable() async throws {
        model.script([], fallback: .stall(5))
        let started = Date()
        do {
            _ = try await collect(try client(firstToken: 0.5, reply: 10))
            XCTFail("a stalled model must time out")
        } catch let error as CoachModelError {
            guard case .unavailable(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("within"), message)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 4, "three attempts of half a second, not the stall")
    }

    func testAReplyThatBreaksOffIsInterruptedNotRetried() async throws {
        model.script([.breakOff(["Half a "])])
        var received = ""
        do {
            for try await piece in try client().reply(to: [.init(role: "user", content: "hi")]) { received += piece }
        } catch let error as CoachModelError {
            guard case .interrupted = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(received, "Half a ")
        XCTAssertEqual(model.requests.count, 1, "text was shown: no second attempt")
    }

    func testCancellingTheReaderEndsTheRequest() async throws {
        model.script([.reply((0..<200).map { "word \($0) " }, pieceDelay: 0.02)])
        let client = try client()
        let reader = Task { for try await _ in client.reply(to: [.init(role: "user", content: "hi")]) {} }
        let streaming = try await eventually { self.model.openStreams == 1 }
        XCTAssertTrue(streaming)
        reader.cancel()
        let closed = try await eventually { self.model.openStreams == 0 }
        XCTAssertTrue(closed, "the app went away: the model request was cancelled")
    }

    func testSettingsComeFromTheEnvironment() throws {
        XCTAssertNil(try CoachModelSettings(environment: [:]))
        let settings = try XCTUnwrap(try CoachModelSettings(environment: ["COACH_MODEL_URL": "http://127.0.0.1:8088/v1", "COACH_API_KEY": "k"]))
        XCTAssertEqual(settings.endpoint.absoluteString, "http://127.0.0.1:8088/v1/chat/completions")
        XCTAssertEqual(settings.apiKey, "k")
        XCTAssertThrowsError(try CoachModelSettings(environment: ["COACH_MODEL_URL": "ftp://x"]))
        XCTAssertThrowsError(try CoachModelSettings(environment: ["COACH_MODEL_URL": "http://x", "COACH_MODEL_TIMEOUT": "-1"]))
    }

    func testTheStreamParserTakesAnySplit() {
        let body = "data: {\"choices\":[{\"delta\":{\"content\":\"Hé\"}}]}\r\n\r\ndata: {\"choices\":[{\"delta\":{\"content\":\"llo\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n"
        for split in [1, 3, 7, body.utf8.count] {
            var parser = ChatStreamParser(), pieces: [ChatStreamParser.Piece] = []
            let bytes = Array(body.utf8)
            for start in stride(from: 0, to: bytes.count, by: split) { pieces += parser.feed(bytes[start..<min(start + split, bytes.count)]) }
            pieces += parser.finish()
            XCTAssertEqual(pieces, [.text("Hé"), .text("llo"), .done, .done], "split \(split)")
        }
    }

    private func eventually(timeout: TimeInterval = 5, _ condition: @escaping () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        return true
    }
}

import APIToolkit
import Foundation
import TestHTTPClients
import HTTPServer
import ServiceRuntime
import Storage
import Synchronization
import XCTest

/// A small service built the way HealthLog and Jarvis are: strict request schema, envelope,
/// SQLite, migrations. It exercises the whole request pipeline in one process.
private struct NotesService: Service {
    let held = HeldWork()
    let name = "notes"
    let version = "0.0.1"
    let defaults = ServiceOptions.Defaults(port: 0, databaseFile: ":memory:")
    let envelope: any EnvelopeStyle = HealthLogEnvelope()
    let migrations = [Migration(version: 1, name: "notes", sql: """
        CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL, taken_at INTEGER NOT NULL)
        """)]

    struct NewNote: RequestBody {
        let text: String
        let takenAt: Date
        static let schema: Schema = .object("NewNote") {
            Property("text", .string(minLength: 1, maxLength: 200))
            Property("takenAt", .dateTimeWithOffset)
        }
    }

    struct Note: Encodable {
        let id: Int
        let text: String
        let takenAt: Date
        let archivedAt: Date?
    }

    func configure(_ setup: inout ServiceSetup) throws {
        let database = setup.database, responses = setup.responses
        setup.router.post("/notes") { request in
            let note = try responses.decode(NewNote.self, from: request)
            let id = try await database.write { connection in
                try connection.queryFirst("INSERT INTO notes (text, taken_at) VALUES ($1, $2) RETURNING id",
                                          [.text(note.text), note.takenAt.sqlValue])!.decode(Int.self, "id")
            }
            return try responses.ok(Note(id: id, text: note.text, takenAt: note.takenAt, archivedAt: nil), status: 201)
        }
        setup.router.get("/notes/{id}") { request in
            guard let id = Int(request.parameter("id") ?? "") else { throw APIError.notFound("No such note") }
            let row = try await database.read { try $0.queryFirst("SELECT id, text, taken_at FROM notes WHERE id = $1", [.integer(Int64(id))]) }
            guard let row else { throw APIError.notFound("No such note", code: "note.not_found") }
            return try responses.ok(Note(id: try row.decode("id"), text: try row.decode("text"),
                                         takenAt: try row.decode("taken_at"), archivedAt: nil))
        }
        let held = self.held
        setup.router.get("/slow-count") { _ in
            // Holds a database thread until released: the event loop must stay free meanwhile.
            let count = try await database.read { connection -> Int in
                held.hold()
                return try connection.queryFirst("SELECT COUNT(*) AS n FROM notes", [])!.decode(Int.self, "n")
            }
            return try responses.ok(["count": count])
        }
        setup.router.get("/slow-cpu") { _ in
            let value = try await offload { () -> Int in held.hold(); return 42 }
            return try responses.ok(["value": value])
        }
    }
}

/// Work that a handler holds on its worker thread until the test releases it, so a test can
/// show that requests are answered while the work is held, with no timing threshold.
private final class HeldWork: Sendable {
    /// A guard against a hang: work is released after this long even if the test never does.
    static let guardSeconds = 30.0
    private let started = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let timedOut = Mutex(false)

    /// On the worker thread: says the work started, then waits for `release`.
    func hold() {
        started.signal()
        if released.wait(timeout: .now() + Self.guardSeconds) == .timedOut { timedOut.withLock { $0 = true } }
    }

    /// Waits until `count` pieces of work are held.
    func awaitHeld(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                for _ in 0..<count { self.started.wait() }
                continuation.resume()
            }
        }
    }

    func release(_ count: Int) { for _ in 0..<count { released.signal() } }

    /// Whether some work gave up waiting: nothing released it in time.
    var anyTimedOut: Bool { timedOut.withLock { $0 } }
}

final class ServicePipelineTests: XCTestCase {
    private var held: HeldWork!
    private var server: HTTPServer!
    private var url: String { "http://127.0.0.1:\(server.port)" }

    override func setUp() async throws {
        let options = try ServiceOptions.parse(["--port", "0", "--database", ":memory:", "--no-access-log"],
                                               environment: [:], defaults: NotesService().defaults)
        let service = NotesService()
        held = service.held
        server = try await ServiceRunner.start(service, options: options, environment: [:],
                                               logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
    }

    override func tearDown() async throws {
        await server.shutdown()
    }

    func testValidBodyIsStoredAndAnsweredInTheEnvelopeWithIOSDates() throws {
        let created = try curl(["-X", "POST", "-H", "Content-Type: application/json",
                                "-d", #"{"text":"first","takenAt":"2026-05-16T12:30:00.250+02:00"}"#, url + "/notes"])
        XCTAssertEqual(created.status, 201, created.body)
        XCTAssertEqual(created.body, #"{"data":{"id":1,"text":"first","takenAt":"2026-05-16T10:30:00Z","archivedAt":null},"error":null}"#)
        let fetched = try curl([url + "/notes/1"])
        XCTAssertEqual(fetched.body, #"{"data":{"id":1,"text":"first","takenAt":"2026-05-16T10:30:00Z","archivedAt":null},"error":null}"#)
    }

    func testUnknownKeyIs422WithItsPathAndNothingIsStored() throws {
        let refused = try curl(["-X", "POST", "-d", #"{"text":"x","takenAt":"2026-05-16T10:30:00Z","mood":3}"#, url + "/notes"])
        XCTAssertEqual(refused.status, 422)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(refused.body.utf8)) as? [String: Any])
        XCTAssertTrue(json["data"] is NSNull)
        let meta = try XCTUnwrap(json["meta"] as? [String: Any])
        XCTAssertEqual(meta["errorCode"] as? String, "validation.failed")
        XCTAssertEqual(meta["path"] as? String, "mood")
        XCTAssertEqual(try curl([url + "/notes/1"]).status, 404, "a refused body must leave nothing behind")
    }

    func testMalformedJSONIs400AndMissingRowIs404InTheEnvelope() throws {
        let malformed = try curl(["-X", "POST", "-d", #"{"text": "x",}"#, url + "/notes"])
        XCTAssertEqual(malformed.status, 400)
        XCTAssertTrue(malformed.body.contains(#""data":null"#), malformed.body)
        let missing = try curl([url + "/notes/77"])
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(missing.body.contains(#""errorCode":"note.not_found""#), missing.body)
    }

    func testAwaitingTheDatabaseOrOffloadedWorkDoesNotStallTheEventLoops() async throws {
        let base = url
        async let slowQuery = Task.detached { try curl([base + "/slow-count"]) }.value
        async let slowCPU = Task.detached { try curl([base + "/slow-cpu"]) }.value
        // A database thread and an offload thread now hold their work until released.
        await held.awaitHeld(2)
        // Twenty fresh connections spread over both loops: every one is answered while the work is
        // held; a loop waiting for the work would leave its answers until the guard released it.
        let answers = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try curl([base + "/livez"]).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        XCTAssertFalse(held.anyTimedOut, "a loop waited for the held work")
        held.release(2)
        XCTAssertEqual(answers, Array(repeating: 200, count: 20))
        let (query, cpu) = try await (slowQuery, slowCPU)
        XCTAssertFalse(held.anyTimedOut)
        XCTAssertEqual(query.body, #"{"data":{"count":0},"error":null}"#)
        XCTAssertEqual(cpu.body, #"{"data":{"value":42},"error":null}"#)
    }
}

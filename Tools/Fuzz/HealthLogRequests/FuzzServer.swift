import APIToolkit
import Dispatch
import Foundation
import HTTPServer
import HealthLogAPI
import ServiceRuntime

/// A real HealthLog server on a loopback port over a fresh SQLite file, started once per fuzz
/// process, with an administrator signed in as a native client. Inputs reach it over a real
/// socket, so each one takes the path a client's request takes: routing, authentication, the
/// media-type check, the strict schema, the body type's decoding and the handler.
final class FuzzServer: @unchecked Sendable {
    static let shared = FuzzServer()

    /// Every product endpoint that reads a body, in a fixed order (by operationId).
    let endpoints = HealthLogService.productEndpoints.filter { $0.requestBody != nil }.sorted { $0.operationId < $1.operationId }
    let port: Int
    private let databaseURL: String
    private let connection: LoopbackHTTP
    private var accessToken = ""
    private var accounts = 0
    /// A medication of the signed-in account: the path value of inputs that name none, so
    /// `{id}` routes find a row and go on to the body.
    private(set) var medicationID = ""

    private init() {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-healthlog-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        databaseURL = directory.appendingPathComponent("healthlog.sqlite").path
        // Test-only password hashing costs, for the server and for `healthlog user create`.
        setenv("HEALTHLOG_PASSWORD_HASH_COST", "minimal", 1)
        let service = HealthLogService()
        let options = try! ServiceOptions.parse(["--port", "0", "--database", databaseURL, "--no-access-log"],
                                                environment: [:], defaults: service.defaults)
        let server = blocking {
            try! await ServiceRunner.start(service, options: options, environment: ["HEALTHLOG_PASSWORD_HASH_COST": "minimal"],
                                           logger: Logger(minimumLevel: .error))
        }
        port = server.port
        connection = LoopbackHTTP(port: port)
        signIn()
    }

    /// Sends one request to `endpoint` with `body`, as the signed-in administrator; after a 401
    /// from an endpoint that needs the account (the input deleted it or revoked its tokens), the
    /// next request signs in afresh.
    func send(_ endpoint: Endpoint, pathValue: String, body: [UInt8]) -> LoopbackHTTP.Answer? {
        let answer = exchange(endpoint.method.rawValue.uppercased(), Self.fill(endpoint.path, with: pathValue),
                              contentType: endpoint.requestMediaType, body: body)
        if answer?.status == 401, endpoint.access != .anyone { signIn() }
        return answer
    }

    /// Every request carries `If-Match: 1` (a fresh row's syncVersion), which the PATCH routes
    /// require before they read the body and the other routes ignore.
    private func exchange(_ method: String, _ path: String, contentType: String, body: [UInt8]) -> LoopbackHTTP.Answer? {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: HealthLog-iOS/1.5.0\r\nIf-Match: 1\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        if !accessToken.isEmpty { head += "Authorization: Bearer \(accessToken)\r\n" }
        return connection.exchange(Array((head + "\r\n").utf8) + body)
    }

    /// `{name}` segments replaced by `value`, percent-encoded so every input is a valid target.
    private static func fill(_ path: String, with value: String) -> String {
        let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "1"
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("{") ? encoded : String($0) }.joined(separator: "/")
    }

    /// A new administrator (a fresh e-mail each time, so no earlier input's failed logins count
    /// against it), signed in, with every assistant surface on so gated bodies are decoded too,
    /// and one medication.
    private func signIn() {
        accounts += 1
        let email = "fuzz\(accounts)@example.com", password = "fuzz password \(accounts) long enough"
        let created = blocking {
            await HealthLogService().subcommands["user"]!.run(["create", "--email", email, "--password", password, "--admin",
                                                                "--database", self.databaseURL])
        }
        if created != 0 { fatalError("cannot create the fuzz account") }
        accessToken = ""
        let login = JSONSerializer.serializeOrCrash(["email": .string(email), "password": .string(password)])
        guard let answer = exchange("POST", "/api/auth/login", contentType: Endpoint.jsonMediaType, body: login),
              answer.status == 200, case .object(let envelope)? = try? JSONParser.parse(answer.body),
              case .object(let data)? = envelope["data"], case .string(let token)? = data["accessToken"] else {
            fatalError("cannot sign in the fuzz account")
        }
        accessToken = token
        let flags = JSONSerializer.serializeOrCrash(["enabled": true, "coach": true, "briefing": true, "insightStatus": true,
                                                     "correlations": true, "healthScoreExplainer": true])
        let switched = exchange("PUT", "/api/admin/settings/assistant-flags", contentType: Endpoint.jsonMediaType, body: flags)
        if switched?.status != 200 { fatalError("cannot switch the assistant surfaces on") }
        let medication = JSONSerializer.serializeOrCrash(["name": "Fuzzamine", "kind": "other", "doseUnit": "mg", "schedule": "daily"])
        guard let created = exchange("POST", "/api/medications", contentType: Endpoint.jsonMediaType, body: medication),
              case .object(let envelope)? = try? JSONParser.parse(created.body),
              case .object(let row)? = envelope["data"], case .string(let id)? = row["id"] else {
            fatalError("cannot create the fuzz medication")
        }
        medicationID = id
    }
}

extension JSONSerializer {
    fileprivate static func serializeOrCrash(_ object: JSONObject) -> [UInt8] { try! serialize(.object(object)) }
}

/// Runs `work` to completion from synchronous code (libFuzzer calls in on its own thread).
func blocking<T>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>(), done = DispatchSemaphore(value: 0)
    Task {
        box.value = await work()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// Carries a task's result to the thread waiting on the semaphore, which orders the two.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

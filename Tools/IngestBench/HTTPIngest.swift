import Foundation
import Synchronization

/// Posts users' batches over HTTP, the users concurrently and each user's batches one after
/// another (as one phone syncs), and returns the wall-clock seconds for all of them.
///
/// Each user gets one thread and one keep-alive connection (opened on that thread, a loopback
/// connect), and every request is built before the clock starts, so the client's own work per
/// batch is a `write` and a few `read`s and the two cores go to the server being measured.
final class HTTPIngest {
    private let config: BenchConfig
    private let server: ServerAddress
    /// `requests[user][batch]`: the complete HTTP request posting that batch.
    private let requests: [[[UInt8]]]

    /// Logs every user in and builds every request.
    init(config: BenchConfig, batches: [[[BenchSample]]]) throws {
        let server = try ServerAddress(url: config.serverURL)
        let tokens = try config.emails.map { try Self.login($0, password: config.password, server: server) }
        let dates = BenchSample.dateFormatter()
        requests = zip(batches, tokens).map { userBatches, token in
            userBatches.map { batch in
                RawRequest.post("/api/measurements/batch", host: server.hostHeader, token: token,
                                json: Array(("{\"entries\":[" + batch.map { $0.json(dates: dates) }.joined(separator: ",") + "]}").utf8))
            }
        }
        (self.config, self.server) = (config, server)
    }

    /// Posts batches `range` of every user and returns the seconds until the last answer.
    func post(batches range: Range<Int>) throws -> Double {
        let failures = Mutex<[String]>([])
        let finished = DispatchGroup()
        let started = Date()
        for userRequests in requests {
            finished.enter()
            let worker = Thread { [server, config] in
                defer { finished.leave() }
                do {
                    let connection = try KeepAliveConnection(host: server.host, port: server.port)
                    for request in userRequests[range] { try Self.expectAllInserted(try connection.send(request), config: config) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            worker.start()
        }
        finished.wait()
        let seconds = Date().timeIntervalSince(started)
        if let failure = failures.withLock({ $0.first }) { throw BenchError(failure) }
        return seconds
    }

    private static func login(_ email: String, password: String, server: ServerAddress) throws -> String {
        let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        let connection = try KeepAliveConnection(host: server.host, port: server.port)
        let response = try connection.send(RawRequest.post("/api/auth/login", host: server.hostHeader, token: nil, json: Array(body)))
        let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        guard let token = (json?["data"] as? [String: Any])?["accessToken"] as? String else {
            throw BenchError("login failed for \(email): \(String(decoding: response.body, as: UTF8.self))")
        }
        return token
    }

    private static func expectAllInserted(_ response: KeepAliveConnection.Response, config: BenchConfig) throws {
        let json = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        let inserted = (json?["data"] as? [String: Any])?["inserted"] as? Int
        guard response.status == 200, inserted == config.entriesPerBatch else {
            throw BenchError("batch failed (\(response.status)): \(String(decoding: response.body.prefix(300), as: UTF8.self))")
        }
    }
}

/// The host and port of `BENCH_SERVER_URL` (`http://127.0.0.1:PORT`).
struct ServerAddress: Sendable {
    let host: String
    let port: UInt16

    var hostHeader: String { "\(host):\(port)" }

    init(url: String) throws {
        guard let components = URLComponents(string: url), components.scheme == "http",
              let host = components.host, let port = components.port, let port16 = UInt16(exactly: port) else {
            throw BenchError("BENCH_SERVER_URL must look like http://127.0.0.1:8081, got \(url)")
        }
        self.host = host
        self.port = port16
    }
}

/// A complete HTTP/1.1 request as bytes, built once and sent as it is.
enum RawRequest {
    static func post(_ path: String, host: String, token: String?, json: [UInt8]) -> [UInt8] {
        var head = "POST \(path) HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
        head += "User-Agent: HealthLog-iOS/1.5.0 CFNetwork/1568.100.1 Darwin/24.0.0\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        head += "Content-Length: \(json.count)\r\n\r\n"
        return Array(head.utf8) + json
    }
}

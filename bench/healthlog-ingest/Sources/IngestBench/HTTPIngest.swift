import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts every user's batches over HTTP, the users concurrently and each user's batches one
/// after another (as one phone syncs), and returns the wall-clock seconds for all of them.
enum HTTPIngest {
    static func run(config: BenchConfig, batches: [[[BenchSample]]]) async throws -> Double {
        let session = URLSession(configuration: .ephemeral)
        var tokens: [String] = []
        for email in config.emails { tokens.append(try await login(email, config: config, session: session)) }
        let bodies = batches.map { userBatches in
            userBatches.map { batch in Data(("{\"entries\":[" + batch.map(\.json).joined(separator: ",") + "]}").utf8) }
        }
        let started = Date()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (user, token) in tokens.enumerated() {
                let userBodies = bodies[user]
                group.addTask {
                    for body in userBodies { try await post(body, token: token, config: config, session: session) }
                }
            }
            try await group.waitForAll()
        }
        return Date().timeIntervalSince(started)
    }

    private static func login(_ email: String, config: BenchConfig, session: URLSession) async throws -> String {
        var request = URLRequest(url: URL(string: config.serverURL + "/api/auth/login")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("HealthLog-iOS/1.5.0 CFNetwork/1568.100.1 Darwin/24.0.0", forHTTPHeaderField: "User-Agent")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["email": email, "password": config.password])
        let (data, _) = try await session.data(for: request)
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        guard let token = (json?["data"] as? [String: Any])?["accessToken"] as? String else {
            throw BenchError("login failed for \(email): \(String(decoding: data, as: UTF8.self))")
        }
        return token
    }

    private static func post(_ body: Data, token: String, config: BenchConfig, session: URLSession) async throws {
        var request = URLRequest(url: URL(string: config.serverURL + "/api/measurements/batch")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let inserted = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]).flatMap { ($0["data"] as? [String: Any])?["inserted"] as? Int }
        guard status == 200, inserted == config.entriesPerBatch else {
            throw BenchError("batch failed (\(status)): \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
    }
}

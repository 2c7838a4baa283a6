import Foundation
import HTTPServer
import ServiceRuntime
import Storage

/// `GET /health` → `ServerHealth`; the app's onboarding connect check decodes every field.
struct ServerHealth: Encodable, Sendable {
    let status: String
    let version: String
    let storiesCount: Int
    let feedsCount: Int
    /// Whole seconds since this process started.
    let uptime: Int
}

enum HealthRoute {
    static func install(into router: inout Router, database: Database, version: String, startedAt: Date,
                        responses: APIResponses, clock: @escaping @Sendable () -> Date) {
        router.get("/health") { _ in
            let (feeds, stories) = try await database.read { connection in
                (try connection.queryFirst("SELECT COUNT(*) AS n FROM feeds", [])!.decode(Int.self, "n"),
                 try connection.queryFirst("SELECT COUNT(*) AS n FROM stories WHERE state = 'live' AND listed = 1", [])!
                    .decode(Int.self, "n"))
            }
            return try responses.raw(ServerHealth(status: "ok", version: version, storiesCount: stories, feedsCount: feeds,
                                                  uptime: max(0, Int(clock().timeIntervalSince(startedAt)))))
        }
    }
}

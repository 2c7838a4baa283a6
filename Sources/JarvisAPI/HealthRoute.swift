import APIToolkit
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

    static let schema: Schema = .object("ServerHealth") {
        Property("status", .string(oneOf: ["ok"]))
        Property("version", .string())
        Property("storiesCount", .integer(min: 0), description: "listed live stories")
        Property("feedsCount", .integer(min: 0))
        Property("uptime", .integer(min: 0), description: "whole seconds since the process started")
    }
}

enum HealthRoute {
    /// Open without the API token: the app's connect check runs before it has one.
    static let endpoint = JarvisEndpoint(
        .get, "/health", operationId: "getHealth", summary: "Connect check: version and counts", tags: ["health"], access: .open,
        success: OpenAPIResponse(200, "The server is up", schema: ServerHealth.schema)
    ) { context in
        { _ in
            let counts = try await context.counts.current()
            return try context.responses.raw(ServerHealth(status: "ok", version: context.version, storiesCount: counts.listedStories,
                                                          feedsCount: counts.feeds,
                                                          uptime: max(0, Int(context.clock().timeIntervalSince(context.startedAt)))))
        }
    }
}

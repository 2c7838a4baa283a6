import APIToolkit
import HTTPServer
import Storage

/// What each backend declares; `ServiceRunner` does the rest (configuration, database,
/// migrations, server, signals, logs, metrics).
public protocol Service: Sendable {
    /// Used in logs and as the `Server` header.
    var name: String { get }
    var version: String { get }
    var defaults: ServiceOptions.Defaults { get }
    var envelope: any EnvelopeStyle { get }
    var migrations: [Migration] { get }
    /// Environment variables whose values are secrets: scrubbed from every log line.
    var secretEnvironmentNames: [String] { get }
    /// Adds the service's routes and middleware; called once at start-up.
    func configure(_ setup: inout ServiceSetup) throws
}

/// Everything a service gets to build its routes with.
public struct ServiceSetup {
    public var router = Router()
    /// Runs before every route, after the envelope error mapping.
    public var middleware: [any Middleware] = []
    /// Body limit for routes that set none.
    public var defaultBodyBytes = 1024 * 1024
    /// The largest body a route may have read before its request is authenticated: routes
    /// that accept more authenticate from the request head (`HeadCheck`), or the service keeps
    /// every limit at or under it.
    public static let bodyBytesReadBeforeAuthentication = 64 * 1024
    public let database: Database
    public let logger: Logger
    public let metrics: MetricsRegistry
    public let responses: APIResponses
    public let options: ServiceOptions
    public let environment: [String: String]
    /// Who may read `/metrics`; a service can accept its own token too.
    public var metricsAccess: MetricsAccess
    /// Work that runs for the life of the server (feed polling, batch writers). Each starts after
    /// the server listens and is cancelled, and awaited, when shutdown begins.
    public var backgroundTasks: [@Sendable () async -> Void] = []
    /// Runs at the end of shutdown, after background tasks stopped and the last requests were
    /// answered: flush buffers here.
    public var shutdownHooks: [@Sendable () async -> Void] = []
}

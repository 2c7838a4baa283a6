import APIToolkit
import FeedFetching
import Foundation
import HTTPServer
import ServiceRuntime
import Storage

/// The Jarvis API (contract: shared/spec/jarvis-ios-client-expectations.md): feeds, articles,
/// stories and live updates for the iOS news app.
public struct JarvisService: Service {
    public let name = "jarvis"
    public let version = "0.1.0"
    public let defaults = ServiceOptions.Defaults(port: 8081, databaseFile: "./data/jarvis.sqlite")
    public let envelope: any EnvelopeStyle = JarvisEnvelope()
    public var migrations: [Migration] { JarvisMigrations.all }
    public var secretEnvironmentNames: [String] { ["JARVIS_API_TOKEN"] }

    public init() {}

    public func configure(_ setup: inout ServiceSetup) throws {
        if let token = setup.environment["JARVIS_API_TOKEN"], !token.isEmpty {
            setup.middleware.append(APITokenAuthentication(token: token))
        }
        let clock: @Sendable () -> Date = { Date() }
        let events = EventBus()
        let poller = FeedPoller(database: setup.database, fetcher: FeedFetcher(), parse: { try FeedDocumentParsing.articles($0, feedURL: $1, fetchedAt: $2) },
                                events: events, policy: try FeedHealthPolicy(environment: setup.environment),
                                clock: clock, logger: setup.logger)
        FeedRoutes.install(into: &setup.router, store: FeedStore(database: setup.database), responses: setup.responses,
                           clock: clock, pollNow: { poller.wake() })
        HealthRoute.install(into: &setup.router, database: setup.database, version: version, startedAt: clock(),
                            responses: setup.responses, clock: clock)
        LiveUpdatesRoute.install(into: &setup.router, events: events,
                                 pingSeconds: Double(setup.environment["JARVIS_WS_PING_SECONDS"] ?? "") ?? 30)
        setup.backgroundTasks.append { await poller.run() }
    }
}

extension FeedHealthPolicy {
    /// Operators (and demos) can tighten the thresholds: `JARVIS_FEED_FAILING_AFTER`,
    /// `JARVIS_FEED_DEAD_AFTER` (failures), `JARVIS_FEED_DEAD_AFTER_SECONDS`,
    /// `JARVIS_FEED_MAX_BACKOFF_SECONDS`, `JARVIS_FEED_DEAD_RETRY_SECONDS`.
    init(environment: [String: String]) throws {
        self.init()
        func number(_ name: String) throws -> Double? {
            guard let text = environment[name] else { return nil }
            guard let value = Double(text), value > 0 else {
                throw ServiceOptions.InvalidOption(description: "\(name) must be a positive number, got \(text)")
            }
            return value
        }
        if let value = try number("JARVIS_FEED_FAILING_AFTER") { failingAfterFailures = Int(value) }
        if let value = try number("JARVIS_FEED_DEAD_AFTER") { deadAfterFailures = Int(value) }
        if let value = try number("JARVIS_FEED_DEAD_AFTER_SECONDS") { deadAfterSeconds = value }
        if let value = try number("JARVIS_FEED_MAX_BACKOFF_SECONDS") { maximumBackoffSeconds = value }
        if let value = try number("JARVIS_FEED_DEAD_RETRY_SECONDS") { deadRetrySeconds = value }
    }
}

extension JarvisService {
    /// `jarvis feeds import|export`, beside `jarvis serve`.
    public static var subcommands: [String: ServiceCommand.Subcommand] {
        ["feeds": (summary: "import FILE.opml | export — move subscriptions in and out", run: { await FeedsCommand.run($0) })]
    }
}

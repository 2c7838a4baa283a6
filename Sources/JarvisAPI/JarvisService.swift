import APIToolkit
import FeedFetching
import Foundation
import HTTPServer
import ServiceRuntime
import Storage
import StoryEngine

/// The Jarvis API (contract: shared/spec/jarvis-ios-client-expectations.md): feeds, articles,
/// stories and live updates for the iOS news app.
public struct JarvisService: Service {
    public let name = "jarvis"
    public let version = "0.1.0"
    public let defaults = ServiceOptions.Defaults(port: 8081, databaseFile: "./data/jarvis.sqlite")
    public let envelope: any EnvelopeStyle = JarvisEnvelope()
    public var migrations: [Migration] { JarvisMigrations.all }
    public var secretEnvironmentNames: [String] { ["JARVIS_API_TOKEN"] }

    /// The time the story worker, the feed poller and the API go by.
    private let clock: @Sendable () -> Date

    /// `clock`: the system's, or one a test moves on (a story going quiet after a day, within a test).
    public init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
    }

    /// Every endpoint Jarvis serves, the WebSocket included, in the order the document lists them: the
    /// one list the router, `jarvis openapi`, `docs/api/jarvis-openapi.yaml` and `GET /openapi.yaml` come from.
    static let endpoints: [JarvisEndpoint] = [HealthRoute.endpoint] + FeedRoutes.endpoints + StoryRoutes.endpoints
                                             + [LiveUpdatesRoute.endpoint]

    /// What `JARVIS_API_TOKEN` does not guard: the endpoints declared open, the published
    /// document, and the shared `/livez` and `/metrics` (which has its own rule, `MetricsAccess`).
    static let openPaths: Set<String> = Set(endpoints.filter { $0.requirements == .open }.map(\.path))
        .union([JarvisOpenAPI.path, OperationalRoutes.livezPath, OperationalRoutes.metricsPath])

    public func configure(_ setup: inout ServiceSetup) throws {
        // No Jarvis request carries a large body, so none is read before the token middleware
        // has looked at the request.
        setup.defaultBodyBytes = ServiceSetup.bodyBytesReadBeforeAuthentication
        let token = try bearerTokenSetting("JARVIS_API_TOKEN", setup.environment) ?? ""
        if !token.isEmpty {
            setup.middleware.append(APITokenAuthentication(token: token, openPaths: Self.openPaths))
            setup.metricsAccess.accept(token: token)  // as before METRICS_TOKEN existed
        }
        if let warning = Self.openAccessWarning(host: setup.options.host, token: token) {
            setup.logger.warning(warning, ["host": .string(setup.options.host)])
        }
        let events = LiveEvents(database: setup.database, logger: setup.logger)
        let counts = ServedCounts(database: setup.database)
        let environment = setup.environment
        let settings = try StoryWorker.Settings(environment: environment)
        let retention = try ArchiveRetention(environment: environment, keepingAtLeast: settings.staleAfterSeconds
                                             + StoryEngine.Configuration().clustering.timeWindow)
        let worker = StoryWorker(database: setup.database, events: events, settings: settings,
                                 retention: retention, clock: clock, logger: setup.logger, committed: counts.invalidate) {
            try StoryEngine(configuration: StoryEngine.Configuration(),
                            authorityFile: environment["JARVIS_SOURCE_AUTHORITY_FILE"].map { URL(fileURLWithPath: $0) })
        }
        let fetching = try FetcherConfiguration(environment: environment)
        let fetchesFeeds = try FeedFetchingSetting.isOn(environment)
        let poller = FeedPoller(database: setup.database, fetcher: FeedFetcher(configuration: fetching), parse: { document, url, now in
            retention.entriesToStore(try FeedDocumentParsing.articles(document, feedURL: url, fetchedAt: now), now: now)
        },
                                events: events, policy: try FeedHealthPolicy(environment: environment),
                                clock: clock, logger: setup.logger, onNewArticles: { worker.wake() })
        let context = JarvisContext(responses: setup.responses, database: setup.database,
                                    feeds: FeedStore(database: setup.database, changed: counts.invalidate), counts: counts,
                                    destinations: DestinationCheck(policy: fetching.destinations, looksUpNames: fetchesFeeds),
                                    stories: StoryReads(database: setup.database),
                                    version: version, startedAt: clock(), clock: clock, pollNow: { poller.wake() },
                                    events: events, pingSeconds: try LiveUpdatesRoute.pingSeconds(environment: environment))
        try installRoutes(into: &setup.router, context: context, defaultBodyBytes: setup.defaultBodyBytes)
        let databaseURL = setup.options.databaseURL
        setup.backgroundTasks.append { await events.runRelay(databaseURL: databaseURL) }
        if fetchesFeeds {
            setup.backgroundTasks.append { await poller.run() }
        } else {
            setup.logger.info("feed fetching is off (\(FeedFetchingSetting.environmentName)=off): feeds are stored, "
                              + "this process never fetches them nor looks their host names up")
        }
        setup.backgroundTasks.append { await worker.run() }
    }
}

extension JarvisService {
    /// The endpoints, and the document generated from those same values.
    func installRoutes(into router: inout Router, context: JarvisContext, defaultBodyBytes: Int) throws {
        EndpointTable.install(Self.endpoints, into: &router, context: context, defaultBodyBytes: defaultBodyBytes)
        let yaml = Array(try JarvisOpenAPI.yaml().utf8)
        router.get(JarvisOpenAPI.path) { _ in
            .bytes(yaml, contentType: "application/yaml; charset=utf-8")
        }
    }

    /// What the operator is told at start-up when the API is open to the network: without
    /// `JARVIS_API_TOKEN` anyone who reaches the port manages the subscriptions. The app works
    /// without a token (the contract has no auth), and on the default `127.0.0.1` only this
    /// machine can reach it, so this warns rather than refuses.
    static func openAccessWarning(host: String, token: String) -> String? {
        guard token.isEmpty, !["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) else { return nil }
        return "JARVIS_API_TOKEN is not set: anyone who can reach this address can add, refresh and delete feeds"
    }

    /// `jarvis feeds import|export`, `jarvis demo` and `jarvis openapi`, beside `jarvis serve`.
    public static var subcommands: [String: ServiceCommand.Subcommand] {
        ["feeds": (summary: "import FILE.opml | export — move subscriptions in and out", run: { await FeedsCommand.run($0) }),
         "demo": (summary: DemoCommand.summary, run: { await DemoCommand.run($0) }),
         "openapi": ServiceCommand.openAPI("jarvis", committedAs: "docs/api/jarvis-openapi.yaml") { try JarvisOpenAPI.yaml() }]
    }
}

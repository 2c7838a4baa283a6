import Dispatch
import Foundation
import Glibc
import HTTPServer
import Storage

/// Runs a `Service` as a long-lived process: parse options, open and migrate the database,
/// build routes, listen, and on SIGTERM/SIGINT shut down gracefully.
public enum ServiceRunner {
    /// The entry point of `<service> serve [options]`; returns the process exit code. `started`
    /// runs once the server listens (a command built on `serve` says where it listens there).
    public static func serve(_ service: some Service, arguments: [String],
                             environment: [String: String] = ProcessInfo.processInfo.environment,
                             started: (HTTPServer, ServiceOptions) async -> Void = { _, _ in }) async -> Int32 {
        let options: ServiceOptions
        do {
            options = try ServiceOptions.parse(arguments, environment: environment, defaults: service.defaults)
        } catch {
            FileHandle.standardError.write(Data("\(service.name) serve: \(error)\n\n\(ServiceOptions.usage)\n".utf8))
            return 64
        }
        let redactor = LogRedactor()
        if let password = DatabaseURLPassword.extract(options.databaseURL) { redactor.register(secret: password) }
        for name in service.secretEnvironmentNames + [MetricsAccess.environmentName] {
            if let value = environment[name] { redactor.register(secret: value) }
        }
        let logger = Logger(minimumLevel: options.logLevel, redactor: redactor)
        // Handlers go in before the server listens: a signal sent once it answers is never lost,
        // and one sent during start-up is kept until the server exists to shut down.
        let (received, signalled) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let signals = installSignalHandlers { signalled.yield() }
        defer { signals.forEach { $0.cancel() } }
        do {
            let server = try await start(service, options: options, environment: environment, logger: logger)
            let shutdownOnSignal = Task {
                for await _ in received { await server.shutdown(); return }
            }
            await started(server, options)
            await server.waitUntilStopped()
            shutdownOnSignal.cancel()
            StandardOutputSink.shared.flush()
            return 0
        } catch {
            logger.error("start-up failed", ["error": .string(String(describing: error))])
            StandardOutputSink.shared.flush()
            return 1
        }
    }

    /// Builds and starts the server without installing signal handlers (tests call this). With
    /// `options.metricsPort`, the metrics listener starts too and stops with the server.
    public static func start(_ service: some Service, options: ServiceOptions, environment: [String: String],
                             logger: Logger) async throws -> HTTPServer {
        let metricsAccess = try MetricsAccess(environment: environment)  // a bad token stops start-up before any work
        try createParentDirectory(forSQLite: options.databaseURL)
        let database = try Database.open(url: options.databaseURL)
        let applied = try await database.migrate(service.migrations)
        logger.info("database ready", ["dialect": .string(database.dialect.rawValue), "migrationsApplied": .int(applied.count)])

        let metrics = MetricsRegistry()
        var setup = ServiceSetup(database: database, logger: logger, metrics: metrics,
                                 responses: APIResponses(style: service.envelope), options: options, environment: environment,
                                 metricsAccess: metricsAccess)
        try service.configure(&setup)
        OperationalRoutes.install(into: &setup.router, metrics: metrics, access: setup.metricsAccess)

        var configuration = ServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.serverName = "\(service.name)/\(service.version)"
        configuration.limits.defaultBodyBytes = setup.defaultBodyBytes
        let server = try HTTPServer(configuration: configuration, router: setup.router,
                                    middleware: [APIErrorMiddleware(style: service.envelope)] + setup.middleware,
                                    errorRenderer: EnvelopeErrorRenderer(style: service.envelope),
                                    metrics: metrics, logger: logger, accessLog: options.accessLog)
        try server.start()
        let metricsServer: HTTPServer?
        do {
            metricsServer = try startMetricsListener(options: options, serving: metrics, serverName: configuration.serverName,
                                                     errorRenderer: EnvelopeErrorRenderer(style: service.envelope), logger: logger)
        } catch {
            await server.shutdown()
            throw error
        }
        let background = setup.backgroundTasks.map { work in Task { await work() } }
        server.onShutdown {
            for task in background { task.cancel() }
            for task in background { await task.value }
        }
        for hook in setup.shutdownHooks { server.onStopped(hook) }
        if let metricsServer { server.onStopped { await metricsServer.shutdown() } }
        // Last: release the database's connections (several servers share one PostgreSQL).
        server.onStopped { database.close() }
        return server
    }

    /// The listener of `options.metricsPort`, serving `metrics` (the service's registry); it
    /// keeps its own request counts out of them. Nil when no port is set.
    private static func startMetricsListener(options: ServiceOptions, serving metrics: MetricsRegistry, serverName: String,
                                             errorRenderer: EnvelopeErrorRenderer, logger: Logger) throws -> HTTPServer? {
        guard let port = options.metricsPort else { return nil }
        var configuration = ServerConfiguration()
        configuration.host = options.metricsHost
        configuration.port = port
        configuration.eventLoops = 1
        configuration.serverName = serverName
        let server = try HTTPServer(configuration: configuration, router: OperationalRoutes.metricsListener(serving: metrics),
                                    errorRenderer: errorRenderer, logger: logger, accessLog: false)
        try server.start()
        return server
    }

    /// The default database is a file under the working directory; make its folder on first run.
    private static func createParentDirectory(forSQLite url: String) throws {
        guard !url.hasPrefix("postgres"), url != ":memory:" else { return }
        let path = url.hasPrefix("sqlite://") ? String(url.dropFirst("sqlite://".count)) : url
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// SIGTERM and SIGINT start a graceful shutdown instead of killing the process mid-request.
    private static func installSignalHandlers(_ onSignal: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: onSignal)
            source.resume()
            return source
        }
    }
}

extension Service {
    public var secretEnvironmentNames: [String] { [] }
}

/// The password inside a `postgres://user:password@host/db` URL, so the logs never show it.
enum DatabaseURLPassword {
    static func extract(_ url: String) -> String? {
        guard url.hasPrefix("postgres"), let components = URLComponents(string: url) else { return nil }
        return components.password
    }
}

import Foundation
import Glibc
import Synchronization

/// The HTTP/1.1 server: one event loop per core, each with its own SO_REUSEPORT listener.
///
///     var router = Router()
///     router.get("/health") { _ in .text("ok") }
///     let server = try HTTPServer(configuration: config, router: router)
///     try server.start()
///     await server.waitUntilStopped()
public final class HTTPServer: Sendable {
    public let metrics: MetricsRegistry
    private let context: ServerContext
    private let loops: [EventLoop]
    private let acceptors = AcceptorRegistry()
    private let boundPort = Atomic<Int>(0)
    /// `Socket.claimPort`'s descriptor while the configured port is served, else -1.
    private let portClaim = Atomic<Int32>(-1)
    private let stopped = Mutex<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    private let shutdownHooks = Mutex<[@Sendable () async -> Void]>([])
    private let stoppedHooks = Mutex<[@Sendable () async -> Void]>([])

    public init(configuration: ServerConfiguration, router: Router, middleware: [any Middleware] = [],
                errorRenderer: any ErrorRenderer = PlainJSONErrorRenderer(),
                metrics: MetricsRegistry = MetricsRegistry(), logger: Logger = Logger(), accessLog: Bool = true) throws {
        self.metrics = metrics
        context = ServerContext(configuration: configuration, router: router, middleware: middleware,
                                errorRenderer: errorRenderer, metrics: metrics, logger: logger, accessLog: accessLog)
        loops = try (0..<max(1, configuration.eventLoops)).map { try EventLoop(index: $0) }
        let context = self.context
        metrics.gauge("http_open_connections", help: "Client connections currently open.") {
            context.openConnections.load(ordering: .relaxed)
        }
        metrics.gauge("http_request_body_bytes_in_flight", help: "Request body bytes being read or held by handlers.") {
            context.bodyBudget.bytesInFlight
        }
    }

    /// Request body bytes the server holds right now (`ServerConfiguration.maxBodyBytesInFlight`).
    public var bodyBytesInFlight: Int { context.bodyBudget.bytesInFlight }

    /// The port actually bound (differs from the configuration when it asked for 0).
    public var port: Int { boundPort.load(ordering: .relaxed) }

    /// Binds every loop's listener and starts the loop threads. Throws if the port is taken.
    public func start() throws {
        Socket.raiseDescriptorLimit()
        signal(SIGPIPE, SIG_IGN)
        var port = context.configuration.port
        var listeners: [Int32] = []
        do {
            if port != 0 {
                portClaim.store(try Socket.claimPort(host: context.configuration.host, port: port), ordering: .relaxed)
                try Socket.refuseIfTaken(host: context.configuration.host, port: port)
            }
            for _ in loops {
                let fd = try Socket.listen(host: context.configuration.host, port: port)
                port = Socket.boundPort(fd)
                listeners.append(fd)
            }
        } catch {
            for fd in listeners { close(fd) }
            releasePortClaim()
            throw error
        }
        boundPort.store(port, ordering: .relaxed)
        for (loop, fd) in zip(loops, listeners) {
            let context = self.context, acceptors = self.acceptors
            loop.execute { loop in
                let acceptor = Acceptor(fd: fd, loop: loop, context: context)
                loop.attach(acceptor)
                acceptors.set(acceptor, for: loop)
            }
            let thread = Thread { loop.run() }
            thread.name = "event-loop-\(loop.index)"
            thread.start()
        }
        context.logger.info("listening", ["host": .string(context.configuration.host), "port": .int(port),
                                          "eventLoops": .int(loops.count)])
    }

    /// Runs `hook` when shutdown begins, before connections drain: background work (pollers,
    /// batch writers) stops and flushes while the process can still finish what it started.
    public func onShutdown(_ hook: @escaping @Sendable () async -> Void) {
        shutdownHooks.withLock { $0.append(hook) }
    }

    /// Runs `hook` once every connection is closed, before `shutdown()` returns: the place to
    /// flush what the last requests left behind (audit batches, say).
    public func onStopped(_ hook: @escaping @Sendable () async -> Void) {
        stoppedHooks.withLock { $0.append(hook) }
    }

    /// Graceful shutdown: stop accepting, run the shutdown hooks, close idle connections, let
    /// requests in flight finish (up to the grace period), then close the rest and stop the loops.
    public func shutdown() async {
        guard !context.draining.exchange(true, ordering: .acquiringAndReleasing) else {
            await waitUntilStopped()
            return
        }
        context.logger.info("shutting down", ["openConnections": .int(context.openConnections.load(ordering: .relaxed))])
        forEachAcceptor { $0.stopListening(); $0.drainConnections() }
        for hook in shutdownHooks.withLock({ $0 }) { await hook() }
        let deadline = MonotonicClock.seconds() + context.configuration.shutdownGracePeriod
        while MonotonicClock.seconds() < deadline,
              context.openConnections.load(ordering: .relaxed) > 0 || context.requestsInFlight.load(ordering: .relaxed) > 0 {
            try? await Task.sleep(nanoseconds: 20_000_000)
            forEachAcceptor { $0.drainConnections() }
        }
        forEachAcceptor { $0.closeAll() }
        try? await Task.sleep(nanoseconds: 20_000_000)
        for loop in loops { loop.stop() }
        for hook in stoppedHooks.withLock({ $0 }) { await hook() }
        releasePortClaim()
        context.logger.info("stopped")
        let waiters = stopped.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.done = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    public func waitUntilStopped() async {
        await withCheckedContinuation { continuation in
            let done = stopped.withLock { state -> Bool in
                if state.done { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func releasePortClaim() {
        let fd = portClaim.exchange(-1, ordering: .relaxed)
        if fd >= 0 { close(fd) }
    }

    private func forEachAcceptor(_ body: @escaping @Sendable (Acceptor) -> Void) {
        let acceptors = self.acceptors
        for loop in loops {
            loop.execute { loop in
                if let acceptor = acceptors.acceptor(for: loop) { body(acceptor) }
            }
        }
    }
}

/// Which acceptor serves which loop; read on each loop's own thread at shutdown.
private final class AcceptorRegistry: Sendable {
    private let table = Mutex<[Int: LoopBound<Acceptor>]>([:])
    func set(_ acceptor: Acceptor, for loop: EventLoop) { table.withLock { $0[loop.index] = LoopBound(acceptor) } }
    func acceptor(for loop: EventLoop) -> Acceptor? { table.withLock { $0[loop.index]?.object } }
}

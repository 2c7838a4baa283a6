import CSystem
import Glibc

/// The listening socket of one loop, and the connections it accepted (all on that loop).
final class Acceptor: EventLoopSelectable {
    let fd: Int32
    private let loop: EventLoop
    private let context: ServerContext
    private var connections: [ObjectIdentifier: HTTPConnection] = [:]
    private var listening = true
    /// Out of file descriptors: the listener is muted until the next tick.
    private var muted = false

    init(fd: Int32, loop: EventLoop, context: ServerContext) {
        self.fd = fd
        self.loop = loop
        self.context = context
        loop.register(fd, self, events: EPOLLIN.rawValue)
        loop.onIterationEnd { [unowned loop, context] in
            guard !loop.logBuffer.isEmpty else { return }
            context.logger.emit(loop.logBuffer)
            loop.logBuffer.removeAll(keepingCapacity: true)
        }
        loop.onTick { [unowned self] in
            if muted && listening {
                muted = false
                loop.modify(fd, events: EPOLLIN.rawValue)
            }
            let now = loop.clock.wokeAt
            for connection in Array(connections.values) { connection.tick(now: now) }
        }
    }

    var connectionCount: Int { connections.count }

    func handle(events: UInt32) {
        // Accept in a small batch, then let the loop serve what it already has.
        for _ in 0..<64 {
            guard listening else { return }
            let clientFD: Int32, peer: String
            switch Socket.accept(fd) {
            case .connection(let accepted, let address):
                (clientFD, peer) = (accepted, address)
            case .noneWaiting:
                return
            case .outOfDescriptors:
                muted = true
                loop.modify(fd, events: 0)
                context.logger.warning("out of file descriptors; not accepting for a second",
                                       ["openConnections": .int(context.openConnections.load(ordering: .relaxed))])
                return
            }
            if context.openConnections.load(ordering: .relaxed) >= context.configuration.maxConnections {
                refuseOverLimit(clientFD)
                continue
            }
            context.openConnections.add(1, ordering: .relaxed)
            let connection = HTTPConnection(fd: clientFD, peer: peer, loop: loop, context: context) { [unowned self] closed in
                connections[ObjectIdentifier(closed)] = nil
                context.openConnections.subtract(1, ordering: .relaxed)
            }
            connections[ObjectIdentifier(connection)] = connection
            loop.register(clientFD, connection, events: EPOLLIN.rawValue)
        }
    }

    /// A best-effort 503 on a fresh socket: its send buffer is empty, so one `send` fits it.
    private func refuseOverLimit(_ clientFD: Int32) {
        let response = context.errorRenderer.render(HTTPError(status: 503, code: "server.too_many_connections",
                                                              message: "Too many open connections; retry shortly"))
        var out = OutboundBuffer()
        if case .bytes(let body) = response.body {
            var withRetry = response
            withRetry.headers.set("Retry-After", "1")
            ResponseHead.write(withRetry, contentLength: body.count, chunked: false, keepAlive: false, requestID: nil,
                               serverName: context.configuration.serverName, loop: loop, at: loop.clock.wokeAt, body: body, into: &out)
        }
        _ = out.flush(to: clientFD)
        close(clientFD)
    }

    func stopListening() {
        guard listening else { return }
        listening = false
        loop.deregister(fd)
        close(fd)
    }

    func drainConnections() {
        for connection in Array(connections.values) { connection.beginDrain() }
    }

    func closeAll() {
        for connection in Array(connections.values) { connection.close() }
    }
}

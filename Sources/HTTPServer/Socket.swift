import CSystem
import Glibc

/// Thin wrappers over the socket calls the event loops need. Every descriptor is non-blocking.
enum Socket {
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let errno: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }
    }

    /// A listening TCP socket with SO_REUSEPORT, so each event loop can own one and the
    /// kernel spreads new connections across them.
    static func listen(host: String, port: Int, backlog: Int32 = 1024) throws -> Int32 {
        let fd = try bound(host: host, port: port, reusePort: true)
        guard Glibc.listen(fd, backlog) == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "listen", errno: code)
        }
        return fd
    }

    /// Throws (EADDRINUSE) when something already listens on `host:port`. SO_REUSEPORT would
    /// otherwise let a second server started on the same port join the first one's listeners
    /// silently and take part of its connections; a socket without it cannot bind beside a
    /// listener, so this probe fails exactly then. SO_REUSEADDR keeps a restart possible while
    /// the previous run's connections linger in TIME_WAIT.
    static func refuseIfTaken(host: String, port: Int) throws {
        close(try bound(host: host, port: port, reusePort: false))
    }

    /// Held while a server of this machine serves `host:port`: an abstract Unix socket named
    /// after them, which one process at a time can bind and the kernel releases when its holder
    /// closes it or exits. Two servers started at the same instant on one port could otherwise
    /// both pass `refuseIfTaken` before either listens, and share the port after all.
    static func claimPort(host: String, port: Int) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket(AF_UNIX)", errno: errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // The abstract namespace: the name starts with a NUL byte and is no file.
        let name = Array("\0http-server \(host):\(port)".utf8.prefix(MemoryLayout.size(ofValue: address.sun_path)))
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (index, byte) in name.enumerated() { path[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "claim of \(host):\(port) (another server is starting on it)", errno: code)
        }
        return fd
    }

    private static func bound(host: String, port: Int, reusePort: Bool) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, let info = result else {
            throw Failure(call: "getaddrinfo(\(host))", errno: EINVAL)
        }
        defer { freeaddrinfo(result) }

        let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", errno: errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if reusePort { setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, socklen_t(MemoryLayout<Int32>.size)) }
        guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "bind(\(host):\(port))", errno: code)
        }
        return fd
    }

    /// The port a socket is bound to (useful after binding port 0 in tests).
    static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    enum Accepted {
        case connection(fd: Int32, peer: String)
        case noneWaiting
        /// EMFILE/ENFILE: the listener stays readable, so the caller must stop polling it for a while.
        case outOfDescriptors
    }

    /// Accepts one pending connection, with the peer's address.
    static func accept(_ listener: Int32) -> Accepted {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                accept4(listener, $0, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
            }
        }
        guard fd >= 0 else { return errno == EMFILE || errno == ENFILE ? .outOfDescriptors : .noneWaiting }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return .connection(fd: fd, peer: peerAddress(storage))
    }

    private static func peerAddress(_ storage: sockaddr_storage) -> String {
        var copy = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        return withUnsafePointer(to: &copy) { pointer in
            if storage.ss_family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    var address = $0.pointee.sin6_addr
                    inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
                    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                var address = $0.pointee.sin_addr
                inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
                return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
    }

    /// Raises the open-file limit to its hard ceiling: each connection is a descriptor, and the
    /// default soft limit (1024) would cap the server far below what it can hold.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

import Foundation
import Glibc

/// A blocking TCP client that speaks raw bytes: the tests need to send exactly the malformed,
/// split, pipelined or slow requests a real client library would never produce.
public final class RawConnection {
    public let fd: Int32

    /// `source` picks the client's own loopback address (any of 127.0.0.0/8), so one test can
    /// play several clients.
    public init(port: Int, from source: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Reads until `done` says the bytes so far are enough, the peer closes, or 5 s pass.
    public func read(until done: ([UInt8]) -> Bool) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !done(received) {
            let n = Glibc.recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        return received
    }

    /// Reads `count` complete responses (Content-Length framed) and returns them as text.
    public func readResponses(_ count: Int) -> [String] {
        let bytes = read { HTTPResponseSplitter.split($0).count >= count }
        return HTTPResponseSplitter.split(bytes)
    }

    /// Half-closes: the server sees end-of-file but can still answer.
    public func shutdownWrite() { Glibc.shutdown(fd, Int32(SHUT_WR)) }

    /// Reads slowly: `chunk` bytes every `pause` seconds, until the peer closes or `total` bytes arrive.
    public func readSlowly(total: Int, chunk: Int, pause: Double) -> Int {
        var received = 0
        var buffer = [UInt8](repeating: 0, count: chunk)
        while received < total {
            let n = Glibc.recv(fd, &buffer, chunk, 0)
            if n <= 0 { break }
            received += n
            usleep(UInt32(pause * 1_000_000))
        }
        return received
    }

    public func readUntilClosed() -> String {
        String(decoding: read { _ in false }, as: UTF8.self)
    }

    /// True when the server has closed the connection (a read returns end-of-file).
    public func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        return Glibc.recv(fd, &byte, 1, 0) == 0
    }
}

/// Splits a byte stream into complete HTTP responses using their Content-Length.
public enum HTTPResponseSplitter {
    public static func split(_ bytes: [UInt8]) -> [String] {
        var responses: [String] = []
        var rest = bytes[...]
        while let headEnd = rest.firstRange(of: Array("\r\n\r\n".utf8)) {
            let head = String(decoding: rest[rest.startIndex..<headEnd.lowerBound], as: UTF8.self)
            let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            let bodyStart = headEnd.upperBound
            let isInterim = head.hasPrefix("HTTP/1.1 1")
            let bodyLength = (isInterim || head.contains("HEAD-REQUEST")) ? 0 : length
            guard rest.distance(from: bodyStart, to: rest.endIndex) >= bodyLength else { break }
            let end = rest.index(bodyStart, offsetBy: bodyLength)
            responses.append(String(decoding: rest[rest.startIndex..<end], as: UTF8.self))
            rest = rest[end...]
        }
        return responses
    }
}

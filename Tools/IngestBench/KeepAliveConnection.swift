import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal blocking HTTP/1.1 client on one keep-alive TCP connection: it writes a request
/// prepared in advance and reads back one response framed by `Content-Length`.
///
/// The benchmark measures the server, so the client must cost next to nothing: no per-request
/// allocation of headers, no event loop, no TLS, no JSON encoding in the timed loop — one
/// `write` and a few `read`s per batch on a thread of its own. It is not a general client
/// (no chunked responses, no redirects); anything unexpected fails the run loudly.
final class KeepAliveConnection {
    struct Response {
        let status: Int
        let body: [UInt8]
    }

    private let descriptor: Int32
    /// Bytes read past the end of the previous response (none with a well-behaved server).
    private var pending: [UInt8] = []

    /// Connects to `host` (an IPv4 address, as `run.sh` passes) on `port`.
    init(host: String, port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
        var noDelay: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(descriptor)
            throw BenchError("not an IPv4 address: \(host)")
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw BenchError("connect to \(host):\(port): \(reason)")
        }
    }

    deinit { close(descriptor) }

    /// Sends `request` (complete HTTP/1.1 bytes) and returns the response.
    func send(_ request: [UInt8]) throws -> Response {
        try writeAll(request)
        return try readResponse()
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw BenchError("write: \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
    }

    private func readResponse() throws -> Response {
        var received = pending
        pending = []
        var headerEnd = Self.headerEnd(in: received)
        while headerEnd == nil {
            try readMore(into: &received)
            headerEnd = Self.headerEnd(in: received)
        }
        guard let headerEnd else { throw BenchError("no response head") }
        let head = String(decoding: received[..<headerEnd], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1.1 "),
              let status = Int(statusLine.dropFirst(9).prefix(3)) else {
            throw BenchError("bad status line: \(lines.first ?? "")")
        }
        let lengthLine = lines.dropFirst().first { $0.lowercased().hasPrefix("content-length:") }
        guard let lengthLine, let length = Int(lengthLine.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else {
            throw BenchError("response without Content-Length: \(head)")
        }
        let bodyStart = headerEnd + 4
        while received.count < bodyStart + length { try readMore(into: &received) }
        pending = Array(received[(bodyStart + length)...])
        return Response(status: status, body: Array(received[bodyStart..<(bodyStart + length)]))
    }

    private func readMore(into received: inout [UInt8]) throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { return }
        guard count > 0 else { throw BenchError(count == 0 ? "the server closed the connection" : "read: \(String(cString: strerror(errno)))") }
        received.append(contentsOf: chunk[..<count])
    }

    /// The offset of the blank line ending the response head, if it has arrived.
    private static func headerEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}

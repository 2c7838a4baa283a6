import Glibc

/// One keep-alive HTTP/1.1 connection to 127.0.0.1, written with plain sockets so the fuzz
/// target sends exactly the bytes it means to and reads the server's answer as a client would.
final class LoopbackHTTP {
    struct Answer {
        let status: Int
        /// Lower-cased, parameters included.
        let contentType: String
        /// The status line and header lines, lower-cased, for failure messages.
        let headers: String
        let body: [UInt8]
    }

    private let port: Int
    private var socket: Int32 = -1

    init(port: Int) { self.port = port }

    /// Sends `request` and reads one whole response; nil when the server closed the connection
    /// without answering (the caller treats that as a failure: every request deserves an answer).
    func exchange(_ request: [UInt8]) -> Answer? {
        if socket < 0 { socket = Self.connect(port: port) }
        guard writeAll(request), let answer = readResponse() else {
            close()
            return nil
        }
        return answer
    }

    func close() {
        if socket >= 0 { Glibc.close(socket) }
        socket = -1
    }

    private static func connect(port: Int) -> Int32 {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if fd < 0 { fatalError("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 { fatalError("cannot connect to the server on port \(port)") }
        return fd
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Reads the head, then the body (`Content-Length` bytes, or chunks up to the last one);
    /// closes afterwards if the server said `Connection: close`.
    private func readResponse() -> Answer? {
        var buffer: [UInt8] = []
        var headEnd: Int?
        while headEnd == nil {
            guard readMore(into: &buffer) else { return nil }
            headEnd = Self.find(Self.blankLine, in: buffer, from: 0)
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self).lowercased()
        let lines = head.split(separator: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            fatalError("response without a status line: \(head)")
        }
        func header(_ name: String) -> String? {
            lines.first { $0.hasPrefix(name + ":") }.map { $0.dropFirst(name.count + 1).trimmingCharacters(in: " ") }
        }
        buffer.removeFirst(headEnd! + Self.blankLine.count)
        let body: [UInt8]?
        if header("transfer-encoding") == "chunked" {
            body = readChunks(&buffer)
        } else {
            let length = header("content-length").flatMap { Int($0) } ?? 0
            while buffer.count < length { guard readMore(into: &buffer) else { return nil } }
            body = Array(buffer[..<length])
        }
        guard let body else { return nil }
        if header("connection") == "close" { close() }
        return Answer(status: status, contentType: header("content-type") ?? "", headers: lines.joined(separator: " | "), body: body)
    }

    /// The chunked body that starts `buffer`, decoded; nil if the connection ended first.
    private func readChunks(_ buffer: inout [UInt8]) -> [UInt8]? {
        var body: [UInt8] = []
        while true {
            var lineEnd = Self.find(Self.lineBreak, in: buffer, from: 0)
            while lineEnd == nil {
                guard readMore(into: &buffer) else { return nil }
                lineEnd = Self.find(Self.lineBreak, in: buffer, from: 0)
            }
            let sizeText = String(decoding: buffer[..<lineEnd!], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: " "), radix: 16) else {
                fatalError("bad chunk size line: \(sizeText)")
            }
            let chunkStart = lineEnd! + Self.lineBreak.count
            while buffer.count < chunkStart + size + Self.lineBreak.count { guard readMore(into: &buffer) else { return nil } }
            body += buffer[chunkStart..<chunkStart + size]
            buffer.removeFirst(chunkStart + size + Self.lineBreak.count)
            if size == 0 { return body }
        }
    }

    private func readMore(into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var count: Int
        // libFuzzer's timeout alarm (SIGALRM, every few seconds) interrupts a waiting recv.
        repeat { count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) } } while count < 0 && errno == EINTR
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    private static let lineBreak: [UInt8] = [13, 10]
    private static let blankLine: [UInt8] = [13, 10, 13, 10]

    private static func find(_ pattern: [UInt8], in buffer: [UInt8], from start: Int) -> Int? {
        guard buffer.count >= start + pattern.count else { return nil }
        return (start...(buffer.count - pattern.count)).first { buffer[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}

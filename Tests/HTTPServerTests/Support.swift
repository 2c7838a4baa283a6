import Foundation
import TestHTTPClients
import Glibc
import XCTest
@testable import HTTPServer

/// A blocking TCP client that speaks raw bytes: the tests need to send exactly the malformed,
/// split, pipelined or slow requests a real client library would never produce.
final class RawConnection {
    let fd: Int32

    /// `source` picks the client's own loopback address (any of 127.0.0.0/8), so one test can
    /// play several clients.
    init(port: Int, from source: String = "127.0.0.1") throws {
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

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Reads until `done` says the bytes so far are enough, the peer closes, or 5 s pass.
    func read(until done: ([UInt8]) -> Bool) -> [UInt8] {
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
    func readResponses(_ count: Int) -> [String] {
        let bytes = read { HTTPResponseSplitter.split($0).count >= count }
        return HTTPResponseSplitter.split(bytes)
    }

    /// Half-closes: the server sees end-of-file but can still answer.
    func shutdownWrite() { Glibc.shutdown(fd, Int32(SHUT_WR)) }

    /// Reads slowly: `chunk` bytes every `pause` seconds, until the peer closes or `total` bytes arrive.
    func readSlowly(total: Int, chunk: Int, pause: Double) -> Int {
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

    func readUntilClosed() -> String {
        String(decoding: read { _ in false }, as: UTF8.self)
    }

    /// True when the server has closed the connection (a read returns end-of-file).
    func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        return Glibc.recv(fd, &byte, 1, 0) == 0
    }
}

/// Splits a byte stream into complete HTTP responses using their Content-Length.
enum HTTPResponseSplitter {
    static func split(_ bytes: [UInt8]) -> [String] {
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

/// Starts a real server on a free loopback port for one test, and stops it afterwards.
final class TestServer: Sendable {
    let server: HTTPServer
    let logs = MemoryLogSink()
    var port: Int { server.port }

    init(configure: (inout ServerConfiguration) -> Void = { _ in }, middleware: [any Middleware] = [],
         redactor: LogRedactor = LogRedactor(), routes: (inout Router) -> Void) throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.eventLoops = 2
        configure(&configuration)
        var router = Router()
        routes(&router)
        server = try HTTPServer(configuration: configuration, router: router, middleware: middleware,
                                logger: Logger(minimumLevel: .info, redactor: redactor, sink: logs))
        try server.start()
    }

    func stop() async { await server.shutdown() }

    func connect(from source: String = "127.0.0.1") throws -> RawConnection { try RawConnection(port: port, from: source) }

    var url: String { "http://127.0.0.1:\(port)" }
}

/// Runs a command-line client (curl, python3) and returns what it printed.
/// Output goes to temporary files, so a chatty tool can never stall on a full pipe.
func runTool(_ executable: String, _ arguments: [String], timeout: Double = 30) throws -> (status: Int32, output: String, error: String) {
    let directory = FileManager.default.temporaryDirectory
    let outURL = directory.appendingPathComponent("tool-\(UUID().uuidString).out")
    let errURL = directory.appendingPathComponent("tool-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
    let process = try Subprocess(Subprocess.path(of: executable), arguments, outputPath: outURL.path, errorPath: errURL.path)
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { process.terminate() }
    let status = process.waitUntilExit()
    return (status,
            (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
}

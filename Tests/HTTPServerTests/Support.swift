import Foundation
import TestHTTPClients
import Glibc
import XCTest
@testable import HTTPServer

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

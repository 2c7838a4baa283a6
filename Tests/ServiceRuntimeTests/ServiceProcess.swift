import Foundation
import TestHTTPClients
import Synchronization
import XCTest

/// One of our executables (`jarvis`, `healthlog`) run as a real process, as an operator would:
/// its JSON log lines are collected so tests can find the port and check what was logged.
final class ServiceProcess: @unchecked Sendable {
    static let buildDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug")

    let process = Process()
    private let output = Mutex<(lines: [String], partial: String)>(([], ""))
    private let directory: URL
    private(set) var port = 0

    /// Starts `executable serve --port 0` in a fresh directory and waits for its `listening` line.
    init(_ executable: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("svc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process.executableURL = Self.buildDirectory.appendingPathComponent(executable)
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DATABASE_URL")
        env.removeValue(forKey: "PORT")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let reader = pipe.fileHandleForReading
        reader.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard !data.isEmpty else { handle.readabilityHandler = nil; return }
            self?.collect(String(decoding: data, as: UTF8.self))
        }
        try process.run()
        let listening = try waitForLine(containing: "\"msg\":\"listening\"")
        guard let range = listening.range(of: "\"port\":"),
              let value = Int(listening[range.upperBound...].prefix { $0.isNumber }) else {
            throw XCTSkip("no port in \(listening)")
        }
        port = value
    }

    var url: String { "http://127.0.0.1:\(port)" }
    var log: [String] { output.withLock { $0.lines } }

    /// Output arrives in arbitrary pieces; only complete lines are kept.
    private func collect(_ text: String) {
        output.withLock { state in
            var pieces = (state.partial + text).components(separatedBy: "\n")
            state.partial = pieces.removeLast()
            state.lines.append(contentsOf: pieces)
        }
    }

    @discardableResult
    func waitForLine(containing fragment: String, timeout: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = log.first(where: { $0.contains(fragment) }) { return line }
            if !process.isRunning && log.first(where: { $0.contains(fragment) }) == nil {
                throw POSIXError(.ESRCH, userInfo: [NSLocalizedDescriptionKey: "exited without \(fragment): \(log)"])
            }
            usleep(20_000)
        }
        throw POSIXError(.ETIMEDOUT, userInfo: [NSLocalizedDescriptionKey: "no line with \(fragment) in \(log)"])
    }

    /// Sends SIGTERM and waits for the process to exit; returns its exit status.
    func terminate(timeout: Double = 20) -> Int32 {
        process.terminate()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
        return process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}


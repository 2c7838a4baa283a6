import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One of our executables (`jarvis`, `healthlog`) run as a real process, as an operator would:
/// its JSON log lines are collected so tests can find the port and check what was logged.
public final class ServiceProcess: Sendable {
    public static let buildDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug")

    private let process: Subprocess
    private let outputFile: URL
    /// The working directory the service runs in (where its default database file goes).
    public let directory: URL
    public let port: Int

    /// Starts `executable command --port 0` (`serve` unless told otherwise) in a fresh directory
    /// and waits for its `listening` line.
    public init(_ executable: String, command: String = "serve", arguments: [String] = [], environment: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("svc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Outside `directory`, which `terminate` removes: the log is read after the process ends.
        outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("svc-\(UUID().uuidString).log")
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DATABASE_URL")
        env.removeValue(forKey: "PORT")
        for (key, value) in environment { env[key] = value }
        // The shell only changes directory, then becomes the service (signals reach it directly).
        process = try Subprocess("/bin/sh", ["-c", #"cd "$0" && exec "$@""#, directory.path,
                                             Self.buildDirectory.appendingPathComponent(executable).path, command, "--port", "0"]
                                    + arguments, environment: env, outputPath: outputFile.path)
        let listening = try Self.waitForLine(containing: "\"msg\":\"listening\"", in: outputFile, of: process, timeout: 30)
        guard let range = listening.range(of: "\"port\":"),
              let value = Int(listening[range.upperBound...].prefix { $0.isNumber }) else {
            throw POSIXError(.EPROTO, userInfo: [NSLocalizedDescriptionKey: "no port in \(listening)"])
        }
        port = value
    }

    public var url: String { "http://127.0.0.1:\(port)" }
    /// Complete lines the service has written so far (standard output and error).
    public var log: [String] { Self.lines(of: outputFile) }

    @discardableResult
    public func waitForLine(containing fragment: String, timeout: Double = 30) throws -> String {
        try Self.waitForLine(containing: fragment, in: outputFile, of: process, timeout: timeout)
    }

    /// The ports of the first `count` listeners the service announced (`listening` lines).
    public func listeningPorts(_ count: Int, timeout: Double = 30) throws -> [Int] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let ports = log.filter { $0.contains("\"msg\":\"listening\"") }.compactMap { line in
                line.range(of: "\"port\":").flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }
            }
            if ports.count >= count { return Array(ports.prefix(count)) }
            usleep(20_000)
        }
        throw POSIXError(.ETIMEDOUT, userInfo: [NSLocalizedDescriptionKey: "fewer than \(count) listeners in \(log)"])
    }

    private static func lines(of file: URL) -> [String] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return Array(text.components(separatedBy: "\n").dropLast())
    }

    private static func waitForLine(containing fragment: String, in file: URL, of process: Subprocess, timeout: Double) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = lines(of: file).first(where: { $0.contains(fragment) }) { return line }
            if !process.isRunning && lines(of: file).first(where: { $0.contains(fragment) }) == nil {
                throw POSIXError(.ESRCH, userInfo: [NSLocalizedDescriptionKey: "exited without \(fragment): \(lines(of: file))"])
            }
            usleep(20_000)
        }
        throw POSIXError(.ETIMEDOUT, userInfo: [NSLocalizedDescriptionKey: "no line with \(fragment) in \(lines(of: file))"])
    }

    /// Sends SIGTERM and waits for the process to exit; returns its exit status.
    public func terminate(timeout: Double = 20) -> Int32 {
        process.terminate()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.pid, SIGKILL) }
        let status = process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
        return status
    }

    /// Ends the process with SIGKILL, as a crash or the kernel's OOM killer would: no shutdown
    /// code runs. Returns once it is gone.
    public func killHard() {
        kill(process.pid, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning {
            kill(process.pid, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: outputFile)
        try? FileManager.default.removeItem(at: directory)
    }
}


import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, for the tests' real clients (curl, Python,
/// our own executables). Not Foundation's `Process`: on this toolchain (Swift 6.3.1) its `run()`
/// intermittently crashes the whole test process with an over-read while listing
/// `/proc/self/fd` (swift-corelibs-foundation PR #5472), and the test process has many open
/// descriptors. Standard output and error go to files, so no pipe can fill up and stall.
public final class Subprocess: @unchecked Sendable {
    // `pid` is immutable; `exitStatus` is only touched under `lock`.
    public let pid: pid_t
    private let lock = NSLock()
    private var exitStatus: Int32?

    public struct SpawnFailed: Error, CustomStringConvertible {
        public let executable: String
        public let code: Int32
        public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
    }

    /// Starts `executable` (an absolute path) with `arguments`. Standard output goes to
    /// `outputPath` (and standard error too unless `errorPath` is given); absent paths mean
    /// /dev/null. `environment` nil keeps this process's environment.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                inputPath: String? = nil, outputPath: String? = nil, errorPath: String? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let errorPath {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        // A child inherits the spawning thread's blocked signals and ignored ones, and the
        // threads of a test process block most (dispatch's workers do): left so, `terminate()`'s
        // SIGTERM would never reach it. The child starts with none blocked and the usual
        // defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), usualDefaults = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&usualDefaults)
        [SIGTERM, SIGINT, SIGPIPE, SIGHUP].forEach { sigaddset(&usualDefaults, $0) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &usualDefaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let code = envp.map { posix_spawn(&child, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard code == 0 else { throw SpawnFailed(executable: executable, code: code) }
        pid = child
    }

    /// Runs to completion and returns the exit status with what it wrote to standard output
    /// (and, separately, standard error).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           input: Data? = nil) throws -> (status: Int32, output: Data, error: Data) {
        let directory = FileManager.default.temporaryDirectory
        let stem = "subprocess-\(UUID().uuidString)"
        let inputURL = directory.appendingPathComponent(stem + ".in")
        let outputURL = directory.appendingPathComponent(stem + ".out")
        let errorURL = directory.appendingPathComponent(stem + ".err")
        defer { [inputURL, outputURL, errorURL].forEach { try? FileManager.default.removeItem(at: $0) } }
        if let input { try input.write(to: inputURL) }
        let process = try Subprocess(executable, arguments, environment: environment, inputPath: input == nil ? nil : inputURL.path,
                                     outputPath: outputURL.path, errorPath: errorURL.path)
        let status = process.waitUntilExit()
        return (status, (try? Data(contentsOf: outputURL)) ?? Data(), (try? Data(contentsOf: errorURL)) ?? Data())
    }

    /// Finds `name` on PATH, as `/usr/bin/env name` would.
    public static func path(of name: String) -> String {
        guard !name.contains("/") else { return name }
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/\(name)"
    }

    public var isRunning: Bool { poll(blocking: false) == nil }

    public func terminate() { kill(pid, SIGTERM) }

    public func interrupt() { kill(pid, SIGINT) }

    /// The exit code, or 128 + the signal that ended it.
    @discardableResult
    public func waitUntilExit() -> Int32 { poll(blocking: true)! }

    private func poll(blocking: Bool) -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        if let exitStatus { return exitStatus }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
        guard result == pid else { return nil }
        let signal = raw & 0x7F
        exitStatus = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        return exitStatus
    }
}

import Foundation
import Glibc
import Synchronization

/// Structured logs: one JSON object per line, `ts`, `level`, `msg` first, then the fields.
/// Every line passes through the `LogRedactor` on its way out, so a secret that slips into a
/// field is still never written.
public final class Logger: Sendable {
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case debug, info, warning, error
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
        var name: String { ["debug", "info", "warning", "error"][rawValue] }
        public init?(name: String) {
            guard let level = Level.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
            self = level
        }
    }

    public let minimumLevel: Level
    public let redactor: LogRedactor
    private let sink: any LogSink
    /// Lines logged outside the event loops share this cache; the loops keep their own.
    private let timestamps = Mutex(PerSecondCache())

    public init(minimumLevel: Level = .info, redactor: LogRedactor = LogRedactor(), sink: any LogSink = StandardOutputSink.shared) {
        self.minimumLevel = minimumLevel
        self.redactor = redactor
        self.sink = sink
    }

    public func debug(_ message: String, _ fields: KeyValuePairs<String, LogValue> = [:]) { log(.debug, message, fields) }
    public func info(_ message: String, _ fields: KeyValuePairs<String, LogValue> = [:]) { log(.info, message, fields) }
    public func warning(_ message: String, _ fields: KeyValuePairs<String, LogValue> = [:]) { log(.warning, message, fields) }
    public func error(_ message: String, _ fields: KeyValuePairs<String, LogValue> = [:]) { log(.error, message, fields) }

    public func log(_ level: Level, _ message: String, _ fields: KeyValuePairs<String, LogValue>) {
        guard level >= minimumLevel else { return }
        let now = WallTime.now()
        var line = timestamps.withLock { LogLine(level: level.name, message: message, at: now, timestamps: &$0) }
        for (key, value) in fields {
            line.field(key, json: redactor.isSensitiveKey(key) ? "\"\(LogRedactor.mask)\"" : value.json)
        }
        emit(line.finish())
    }

    /// Writes a finished line, scrubbing registered secrets first.
    func emit(_ line: [UInt8]) {
        sink.write(redactor.scrub(line))
    }
}

public enum LogValue: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String), int(Int), double(Double), bool(Bool)
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }

    var json: String {
        switch self {
        case .string(let s): JSONString.quote(s)
        case .int(let n): String(n)
        case .double(let d): d.isFinite ? String(d) : "null"
        case .bool(let b): b ? "true" : "false"
        }
    }
}

public protocol LogSink: Sendable {
    func write(_ line: [UInt8])
}

/// Buffers lines and writes them from a background thread every 50 ms (sooner once 64 KiB
/// wait), so no request ever waits on a `write(2)` to a slow terminal or pipe.
public final class StandardOutputSink: LogSink {
    public static let shared = StandardOutputSink()
    private let buffer = Mutex<[UInt8]>([])
    /// Held while writing, so the flusher and a final `flush()` never interleave partial writes.
    private let writing = Mutex<Void>(())
    private let wake = DispatchSemaphore(value: 0)

    private init() {
        Thread.detachNewThread { [self] in
            while true {
                _ = wake.wait(timeout: .now() + .milliseconds(50))
                flush()
            }
        }
    }

    public func write(_ line: [UInt8]) {
        let full = buffer.withLock { pending -> Bool in
            pending.append(contentsOf: line)
            return pending.count >= 64 * 1024
        }
        if full { wake.signal() }
    }

    /// Writes whatever is buffered; called at shutdown so the last lines are not lost.
    public func flush() {
        writing.withLock { _ in
            let bytes = buffer.withLock { pending -> [UInt8] in
                let taken = pending
                pending.removeAll(keepingCapacity: true)
                return taken
            }
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
                if written <= 0 { if errno == EINTR { continue } else { return } }
                offset += written
            }
        }
    }
}

/// Keeps lines in memory; for tests that assert what was (and was not) logged.
public final class MemoryLogSink: LogSink {
    private let lines = Mutex<[String]>([])
    public init() {}
    /// Lines may arrive in batches; they are kept one per element.
    public func write(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        lines.withLock { $0.append(contentsOf: text.split(separator: "\n").map { String($0) + "\n" }) }
    }
    public var contents: [String] { lines.withLock { $0 } }
}

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
        var line = "{\"ts\":\"\(Self.timestamp())\",\"level\":\"\(level.name)\",\"msg\":\(JSONString.quote(message))"
        for (key, value) in fields {
            line += ",\(JSONString.quote(key)):"
            line += redactor.isSensitiveKey(key) ? "\"\(LogRedactor.mask)\"" : value.json
        }
        line += "}\n"
        sink.write(Array(redactor.scrub(line).utf8))
    }

    /// UTC with milliseconds: logs are for people and tools, not the iOS decoder.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let seconds = Int(now.tv_sec)
        let (year, month, day) = HTTPDate.civil(fromDays: seconds.floorDiv(86_400))
        let t = seconds - seconds.floorDiv(86_400) * 86_400
        let millis = Int(now.tv_nsec) / 1_000_000
        func pad(_ n: Int, _ width: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, width - s.count)) + s }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(t / 3600, 2)):\(pad(t / 60 % 60, 2)):\(pad(t % 60, 2)).\(pad(millis, 3))Z"
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
        case .double(let d): d.isFinite ? String(format: "%.3f", d) : "null"
        case .bool(let b): b ? "true" : "false"
        }
    }
}

public protocol LogSink: Sendable {
    func write(_ line: [UInt8])
}

/// Buffers lines and writes them from a background thread every 50 ms (or at 64 KiB), so a
/// request never waits on a `write(2)` to a slow terminal or pipe.
public final class StandardOutputSink: LogSink {
    public static let shared = StandardOutputSink()
    private let buffer = Mutex<[UInt8]>([])

    private init() {
        Thread.detachNewThread { [self] in
            while true {
                usleep(50_000)
                flush()
            }
        }
    }

    public func write(_ line: [UInt8]) {
        let full = buffer.withLock { pending -> Bool in
            pending.append(contentsOf: line)
            return pending.count >= 64 * 1024
        }
        if full { flush() }
    }

    /// Writes whatever is buffered; called at shutdown so the last lines are not lost.
    public func flush() {
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

/// Keeps lines in memory; for tests that assert what was (and was not) logged.
public final class MemoryLogSink: LogSink {
    private let lines = Mutex<[String]>([])
    public init() {}
    public func write(_ line: [UInt8]) { lines.withLock { $0.append(String(decoding: line, as: UTF8.self)) } }
    public var contents: [String] { lines.withLock { $0 } }
}


/// Builds one JSON log line straight into bytes. Logging happens once per request, so this
/// avoids Foundation formatting and intermediate strings on that path.
struct LogLine {
    private(set) var bytes: [UInt8] = []

    /// A line of its own, for `Logger.log`.
    init(level: String, message: String, at time: WallTime, timestamps: inout PerSecondCache) {
        var empty: [UInt8] = []
        self.init(appendingTo: &empty, at: time, timestamps: &timestamps)
        append(static: "\",\"level\":\"")
        append(level)
        append(static: "\",\"msg\":")
        appendQuoted(message)
    }

    /// Starts a line at the end of `buffer`, which it takes over (empty until `finish` hands the
    /// bytes back), so appending never copies the buffer: the loop's log buffer collects many
    /// lines between hand-overs. Writes the timestamp up to the value's closing quote,
    /// `{"ts":"2026-12-06T15:19:28.123Z`; the caller writes the rest with `raw`, `escaped` and
    /// `decimal` (the access log's fixed fields).
    init(appendingTo buffer: inout [UInt8], at time: WallTime, timestamps: inout PerSecondCache) {
        swap(&bytes, &buffer)
        // Room for a typical line, grown by doubling: a loop's buffer collects many lines per
        // iteration, and reserving an exact `count + 384` each time would copy it line by line.
        if bytes.capacity - bytes.count < Self.typicalLineBytes {
            bytes.reserveCapacity(max(2 * bytes.capacity, bytes.count + Self.typicalLineBytes))
        }
        append(static: "{\"ts\":\"")
        LogTimestamp.append(time, to: &bytes, cache: &timestamps)
    }

    static let typicalLineBytes = 384

    /// JSON written as it is: punctuation, keys and the quotes around the values that follow.
    mutating func raw(_ text: StaticString) { append(static: text) }

    /// A string's JSON-escaped content, without its quotes.
    mutating func escaped(_ text: String) { Self.appendEscaped(text, to: &bytes) }

    mutating func decimal(_ value: Int) { bytes.appendDecimal(value) }

    /// A request id: its characters need no escaping.
    mutating func requestID(_ id: RequestID.Value) { id.append(to: &bytes) }

    /// A duration in milliseconds with three decimals, from microseconds (no floating-point formatting).
    mutating func milliseconds(_ microseconds: Int) {
        let value = max(0, microseconds)
        bytes.appendDecimal(value / 1000)
        bytes.append(UInt8(ascii: "."))
        let fraction = value % 1000
        bytes.append(UInt8(48 + fraction / 100))
        bytes.append(UInt8(48 + fraction / 10 % 10))
        bytes.append(UInt8(48 + fraction % 10))
    }

    /// A value that is already JSON (a number, `true`, a quoted string).
    mutating func field(_ key: String, json: String) {
        appendKey(key)
        append(json)
    }

    mutating func finish() -> [UInt8] {
        append(static: "}\n")
        return bytes
    }

    private mutating func appendKey(_ key: String) {
        bytes.append(UInt8(ascii: ","))
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// The line's fixed punctuation and names, copied from the binary's constant bytes.
    private mutating func append(static text: StaticString) { text.withUTF8Buffer { bytes.append(contentsOf: $0) } }

    mutating func appendQuoted(_ text: String) { Self.appendQuoted(text, to: &bytes) }

    /// JSON string escaping over UTF-8 bytes: quotes, backslashes and control characters.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `appendQuoted` without the quotes.
    /// Reads the string's bytes in place (`withUTF8` on a copy would cost a retain and release
    /// per value, five values a log line).
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        let plain = text.utf8.withContiguousStorageIfAvailable { buffer in
            if buffer.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return false }
            bytes.append(contentsOf: buffer)  // the common case: nothing to escape
            return true
        }
        if plain != true {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                default: bytes.append(byte)
                }
            }
        }
    }
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ` in UTC. The part up to the seconds is formatted once per second.
enum LogTimestamp {
    static func append(_ time: WallTime, to bytes: inout [UInt8], cache: inout PerSecondCache) {
        bytes.append(contentsOf: cache.value(at: time.seconds) { Array(format($0).utf8) })
        let millis = time.milliseconds
        let suffix = (UInt8(ascii: "."), UInt8(48 + millis / 100), UInt8(48 + millis / 10 % 10), UInt8(48 + millis % 10), UInt8(ascii: "Z"))
        withUnsafeBytes(of: suffix) { bytes.append(contentsOf: $0) }
    }

    static func format(_ seconds: Int) -> String {
        let days = seconds.floorDiv(86_400)
        let (year, month, day) = HTTPDate.civil(fromDays: days)
        let t = seconds - days * 86_400
        func pad(_ n: Int, _ width: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, width - s.count)) + s }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(t / 3600, 2)):\(pad(t / 60 % 60, 2)):\(pad(t % 60, 2))"
    }
}


/// Builds one JSON log line straight into bytes. Logging happens once per request, so this
/// avoids Foundation formatting and intermediate strings on that path.
struct LogLine {
    private var out: ByteStager

    /// A line of its own, for `Logger.log` (any thread, so without a loop's scratch area).
    init(level: String, message: String, at time: WallTime, timestamps: inout PerSecondCache) {
        var empty: [UInt8] = []
        self.init(appendingTo: &empty, scratch: ByteStager.noScratch, at: time, timestamps: &timestamps)
        raw("\",\"level\":\"")
        escaped(level)
        raw("\",\"msg\":")
        appendQuoted(message)
    }

    /// Starts a line at the end of `buffer`, which it takes over (empty until `finish` hands the
    /// bytes back), so appending never copies the buffer: the loop's log buffer collects many
    /// lines between hand-overs. The line's pieces are staged through `scratch` (`ByteStager`).
    /// Writes the timestamp up to the value's closing quote, `{"ts":"2026-12-06T15:19:28.123Z`;
    /// the caller writes the rest with `raw`, `escaped` and `decimal` (the access log's fixed fields).
    init(appendingTo buffer: inout [UInt8], scratch: UnsafeMutableRawBufferPointer, at time: WallTime, timestamps: inout PerSecondCache) {
        out = ByteStager(appendingTo: &buffer, scratch: scratch)
        out.reserve(Self.typicalLineBytes)
        raw("{\"ts\":\"")
        LogTimestamp.append(time, to: &out, cache: &timestamps)
    }

    static let typicalLineBytes = 384

    /// JSON written as it is: punctuation, keys and the quotes around the values that follow.
    mutating func raw(_ text: StaticString) { out.append(static: text) }

    /// A string's JSON-escaped content, without its quotes.
    mutating func escaped(_ text: String) { Self.appendEscaped(text, to: &out) }

    mutating func decimal(_ value: Int) { out.appendDecimal(value) }

    /// A request id: its characters need no escaping.
    mutating func requestID(_ id: RequestID.Value) { id.append(to: &out) }

    /// A duration in milliseconds with three decimals, from microseconds (no floating-point formatting).
    mutating func milliseconds(_ microseconds: Int) {
        let value = max(0, microseconds)
        out.appendDecimal(value / 1000)
        let fraction = value % 1000
        let digits = (UInt8(ascii: "."), UInt8(48 + fraction / 100), UInt8(48 + fraction / 10 % 10), UInt8(48 + fraction % 10))
        withUnsafeBytes(of: digits) { out.append($0) }
    }

    /// A value that is already JSON (a number, `true`, a quoted string).
    mutating func field(_ key: String, json: String) {
        appendKey(key)
        append(json)
    }

    mutating func finish() -> [UInt8] {
        raw("}\n")
        return out.finish()
    }

    private mutating func appendKey(_ key: String) {
        out.append(UInt8(ascii: ","))
        appendQuoted(key)
        out.append(UInt8(ascii: ":"))
    }

    private mutating func append(_ text: String) { out.appendUTF8(text) }

    mutating func appendQuoted(_ text: String) { Self.appendQuoted(text, to: &out) }

    /// JSON string escaping over UTF-8 bytes: quotes, backslashes and control characters.
    static func appendQuoted(_ text: String, to out: inout ByteStager) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `appendQuoted` without the quotes.
    /// Reads the string's bytes in place (`withUTF8` on a copy would cost a retain and release
    /// per value, five values a log line).
    static func appendEscaped(_ text: String, to out: inout ByteStager) {
        let plain = text.utf8.withContiguousStorageIfAvailable { buffer in
            if buffer.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return false }
            out.append(UnsafeRawBufferPointer(buffer))  // the common case: nothing to escape
            return true
        }
        guard plain != true else { return }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(static: "\\\"")
            case UInt8(ascii: "\\"): out.append(static: "\\\\")
            case 0x0A: out.append(static: "\\n")
            case 0x0D: out.append(static: "\\r")
            case 0x09: out.append(static: "\\t")
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                out.append(static: "\\u00")
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
    }
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ` in UTC. The part up to the seconds is formatted once per second.
enum LogTimestamp {
    static func append(_ time: WallTime, to out: inout ByteStager, cache: inout PerSecondCache) {
        cache.append(at: time.seconds, to: &out) { Array(format($0).utf8) }
        let millis = time.milliseconds
        let suffix = (UInt8(ascii: "."), UInt8(48 + millis / 100), UInt8(48 + millis / 10 % 10), UInt8(48 + millis % 10), UInt8(ascii: "Z"))
        withUnsafeBytes(of: suffix) { out.append($0) }
    }

    static func format(_ seconds: Int) -> String {
        let days = seconds.floorDiv(86_400)
        let (year, month, day) = HTTPDate.civil(fromDays: days)
        let t = seconds - days * 86_400
        func pad(_ n: Int, _ width: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, width - s.count)) + s }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(t / 3600, 2)):\(pad(t / 60 % 60, 2)):\(pad(t % 60, 2))"
    }
}

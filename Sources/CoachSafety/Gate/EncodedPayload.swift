import Foundation

/// Finds text hidden in base64: a run of 16 or more base64 characters that decodes to readable
/// text. Instructions are hidden that way to get past a word filter, and the Coach has no reason
/// to read encoded text, so any such run makes the message an injection attempt.
enum EncodedPayload {
    static let shortestRun = 16

    static func isPresent(in message: String) -> Bool {
        var run: [UInt8] = []
        for byte in message.utf8 {
            if isBase64(byte) {
                run.append(byte)
                continue
            }
            if decodesToText(run) { return true }
            run.removeAll(keepingCapacity: true)
        }
        return decodesToText(run)
    }

    private static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// Readable: at least 90% of the decoded bytes are printable ASCII, with a space in them
    /// (a long German compound decodes to noise, a hidden sentence to words).
    private static func decodesToText(_ run: [UInt8]) -> Bool {
        guard run.count >= shortestRun else { return false }
        var padded = Array(run.prefix { $0 != UInt8(ascii: "=") })
        padded += [UInt8](repeating: UInt8(ascii: "="), count: (4 - padded.count % 4) % 4)
        guard let decoded = Data(base64Encoded: Data(padded)), decoded.count >= 8 else { return false }
        let printable = decoded.filter { $0 >= 0x20 && $0 < 0x7F }.count
        return printable * 10 >= decoded.count * 9 && decoded.contains(UInt8(ascii: " "))
    }
}

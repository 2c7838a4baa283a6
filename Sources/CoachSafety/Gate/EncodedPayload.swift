import Foundation

/// Finds text hidden from a word filter. Base64 (a run of 16 or more base64 characters) or hex
/// (8 or more bytes written as hex pairs, run together or spaced, with at least one of the letters
/// a–f) that decodes to readable text makes a message an injection attempt: the Coach has no
/// reason to read encoded text. Text written in ROT13 is read back by `rot13` for the gate to read
/// like the message itself (as is text written backwards).
enum EncodedPayload {
    static let shortestRun = 16

    static func isPresent(in message: String) -> Bool {
        hasBase64Text(message) || hasHexText(message)
    }

    private static func hasBase64Text(_ message: String) -> Bool {
        var run: [UInt8] = []
        for byte in message.utf8 {
            if isBase64(byte) {
                run.append(byte)
                continue
            }
            if base64DecodesToText(run) { return true }
            run.removeAll(keepingCapacity: true)
        }
        return base64DecodesToText(run)
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

    private static func base64DecodesToText(_ run: [UInt8]) -> Bool {
        guard run.count >= shortestRun else { return false }
        var padded = Array(run.prefix { $0 != UInt8(ascii: "=") })
        padded += [UInt8](repeating: UInt8(ascii: "="), count: (4 - padded.count % 4) % 4)
        guard let decoded = Data(base64Encoded: Data(padded)) else { return false }
        return isReadable(Array(decoded))
    }

    /// Words of even length made only of hex digits, taken together while they follow one another;
    /// a run with no letter a–f is a list of numbers, not hex.
    private static func hasHexText(_ message: String) -> Bool {
        var run: [UInt8] = [], hasLetter = false
        for word in message.utf8.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") }) {
            let values = word.compactMap(hexValue)
            if word.count % 2 == 0, values.count == word.count {
                run += values
                hasLetter = hasLetter || values.contains { $0 >= 10 }
                continue
            }
            if hasLetter, hexDecodesToText(run) { return true }
            run.removeAll(keepingCapacity: true)
            hasLetter = false
        }
        return hasLetter && hexDecodesToText(run)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func hexDecodesToText(_ digits: [UInt8]) -> Bool {
        guard digits.count >= shortestRun else { return false }
        return isReadable(stride(from: 0, to: digits.count - 1, by: 2).map { digits[$0] << 4 | digits[$0 + 1] })
    }

    /// Readable: at least 8 bytes of UTF-8 text, 90% of its characters letters, digits, spaces or
    /// ASCII punctuation, with a space in it (a long German compound decodes to noise, a hidden
    /// sentence to words, accented letters included).
    private static func isReadable(_ decoded: [UInt8]) -> Bool {
        guard decoded.count >= 8, decoded.contains(UInt8(ascii: " ")), let text = String(validating: decoded, as: UTF8.self) else {
            return false
        }
        let scalars = text.unicodeScalars
        let readable = scalars.filter { ($0.value >= 0x20 && $0.value < 0x7F) || $0.properties.isAlphabetic }.count
        return readable * 10 >= scalars.count * 9
    }

    /// `text` with each ASCII letter moved 13 places in the alphabet (its own inverse).
    static func rot13(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 65...90: return Unicode.Scalar((scalar.value - 65 + 13) % 26 + 65)!
            case 97...122: return Unicode.Scalar((scalar.value - 97 + 13) % 26 + 97)!
            default: return scalar
            }
        }))
    }
}

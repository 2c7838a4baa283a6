/// A statement's `$n` placeholders rewritten into the one form SQLite compiles in linear time.
///
/// SQLite keeps named and numbered parameters (`$7`, `?7`) in a list it searches linearly,
/// once per occurrence while parsing and again while generating code, so a statement with n
/// of them costs O(n²) to prepare: a 500-row, 15-column multi-row INSERT (7,500 parameters)
/// took about 250 ms with `$n` and 100 ms with `?n`, against 1 ms with anonymous `?`. So every
/// `$n` outside string literals, quoted identifiers and comments becomes `?`, and binding puts
/// the value of `$n` into each `?` slot that came from it (a reused `$n` is bound once per
/// occurrence: the same value, so the same meaning). The scan follows SQLite's tokenizer
/// where it matters; when it and SQLite disagree, the parameter counts differ and
/// preparing fails loudly (see `SQLiteConnection.prepare`) instead of binding the wrong value.
struct SQLitePlaceholders {
    /// The SQL handed to SQLite.
    let sql: String
    /// `parameterForSlot[k]` is the zero-based index, among the caller's parameters, of the
    /// value bound to the (k + 1)-th `?`.
    let parameterForSlot: [Int]
    /// The highest `n` of any `$n`: how many parameters the caller must pass.
    let parameterCount: Int
    /// The first placeholder SQLite would take but this layer refuses (`?`, `?1`, `$01`): only
    /// `$1…$n` work on both engines.
    let unsupported: String?

    init(scanning original: String) {
        let bytes = Array(original.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var slots: [Int] = []
        var unsupported: String?
        var index = 0
        while index < bytes.count {
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                index = Self.endOfQuoted(bytes, from: index, closer: bytes[index])
            case UInt8(ascii: "["):
                index = Self.end(of: [UInt8(ascii: "]")], in: bytes, after: index + 1)
            case UInt8(ascii: "-") where Self.byte(bytes, index + 1) == UInt8(ascii: "-"):
                index = Self.end(of: [10], in: bytes, after: index + 2)
            case UInt8(ascii: "/") where Self.byte(bytes, index + 1) == UInt8(ascii: "*"):
                index = Self.end(of: Array("*/".utf8), in: bytes, after: index + 2)
            case UInt8(ascii: "$"):
                index = Self.endOfVariable(bytes, from: index)
                let name = bytes[(start + 1)..<index]
                if let number = Self.placeholderNumber(name) {
                    output.append(UInt8(ascii: "?"))
                    slots.append(number - 1)
                    continue
                }
                if !name.isEmpty, name.allSatisfy(Self.isDigit), unsupported == nil {
                    unsupported = String(decoding: bytes[start..<index], as: UTF8.self)
                }
            case UInt8(ascii: "?"):
                index += 1
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
                if unsupported == nil { unsupported = String(decoding: bytes[start..<index], as: UTF8.self) }
            case let byte where Self.isIdentifierCharacter(byte):
                // Identifiers and numbers, `$` included: `a$1` is one identifier in SQLite.
                while index < bytes.count, Self.isIdentifierCharacter(bytes[index]) || bytes[index] == UInt8(ascii: "$") {
                    index += 1
                }
            default:
                index += 1
            }
            output.append(contentsOf: bytes[start..<index])
        }
        sql = String(decoding: output, as: UTF8.self)
        parameterForSlot = slots
        parameterCount = (slots.max() ?? -1) + 1
        self.unsupported = unsupported
    }

    /// The first `n` in `1…parameterCount` that no `$n` uses, if any.
    var firstUnusedNumber: Int? {
        var used = [Bool](repeating: false, count: parameterCount)
        for parameter in parameterForSlot { used[parameter] = true }
        return used.firstIndex(of: false).map { $0 + 1 }
    }

    /// `n` for the digits of `$n`: no sign, no leading zero, at least 1.
    private static func placeholderNumber(_ name: ArraySlice<UInt8>) -> Int? {
        guard let first = name.first, first != UInt8(ascii: "0"), name.count <= 9, name.allSatisfy(isDigit) else { return nil }
        return name.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// Where a `$` variable ends, as SQLite reads it: identifier characters, plus Tcl's
    /// `::` and `(…)` suffixes, which make `$1::text` one (unsupported) name rather than `$1`.
    private static func endOfVariable(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if isIdentifierCharacter(byte) || byte == UInt8(ascii: "$") {
                index += 1
            } else if byte == UInt8(ascii: "("), index > start + 1 {
                // Up to and including `)`, stopping early at white space like SQLite.
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: ")"), !isSpace(bytes[index]) { index += 1 }
                return index < bytes.count && bytes[index] == UInt8(ascii: ")") ? index + 1 : index
            } else if byte == UInt8(ascii: ":"), Self.byte(bytes, index + 1) == UInt8(ascii: ":") {
                index += 2
            } else {
                break
            }
        }
        return index
    }

    /// Past the closing quote of the literal or identifier opening at `start`; a doubled
    /// closing quote is an escaped one and does not end it.
    private static func endOfQuoted(_ bytes: [UInt8], from start: Int, closer: UInt8) -> Int {
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == closer {
                guard byte(bytes, index + 1) == closer else { return index + 1 }
                index += 2
            } else {
                index += 1
            }
        }
        return index
    }

    /// Past the first occurrence of `terminator` at or after `from`, or the end of the text.
    private static func end(of terminator: [UInt8], in bytes: [UInt8], after from: Int) -> Int {
        var index = from
        while index + terminator.count <= bytes.count {
            if bytes[index..<(index + terminator.count)].elementsEqual(terminator) { return index + terminator.count }
            index += 1
        }
        return bytes.count
    }

    private static func byte(_ bytes: [UInt8], _ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (9...13).contains(byte) }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// SQLite's identifier characters apart from `$`: ASCII letters and digits, `_`, and every
    /// byte of a multi-byte UTF-8 character.
    private static func isIdentifierCharacter(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}

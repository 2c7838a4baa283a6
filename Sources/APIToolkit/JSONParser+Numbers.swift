/// Number literals, following the RFC 8259 grammar exactly:
/// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
extension JSONParserCursor {
    /// Literals without fraction or exponent that fit in `Int64` become `.integer` (so `-0` is the
    /// integer 0); every other literal becomes `.number`, including integers too big for `Int64`.
    /// A literal that overflows `Double` (`1e400`) is rejected rather than turned into infinity.
    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = offset
        let isNegative = input[offset] == UInt8(ascii: "-")
        if isNegative { offset += 1 }

        guard offset < input.count, isDigit(input[offset]) else { throw invalidNumber(start: start) }
        var magnitude: UInt64 = 0
        var overflowed = false
        if input[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < input.count, isDigit(input[offset]) { throw JSONParseError(.leadingZero, at: start) }
        } else {
            while offset < input.count, isDigit(input[offset]) {
                let (timesTen, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = timesTen.addingReportingOverflow(UInt64(input[offset] - UInt8(ascii: "0")))
                overflowed = overflowed || overflow1 || overflow2
                magnitude = sum
                offset += 1
            }
        }

        var isIntegral = true
        if offset < input.count, input[offset] == UInt8(ascii: ".") {
            isIntegral = false
            offset += 1
            try skipDigits(start: start)
        }
        if offset < input.count, input[offset] | 0x20 == UInt8(ascii: "e") {
            isIntegral = false
            offset += 1
            if offset < input.count, input[offset] == UInt8(ascii: "+") || input[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            try skipDigits(start: start)
        }

        if isIntegral, !overflowed {
            if !isNegative, magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
            if isNegative, magnitude <= Int64.min.magnitude { return .integer(Int64(truncatingIfNeeded: 0 &- magnitude)) }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: input[start..<offset]), as: UTF8.self)
        guard let value = Double(literal), value.isFinite else { throw JSONParseError(.numberOutOfRange, at: start) }
        return .number(value)
    }

    /// Requires at least one digit (after `.` or the exponent marker) and skips all of them.
    private mutating func skipDigits(start: Int) throws(JSONParseError) {
        guard offset < input.count, isDigit(input[offset]) else { throw invalidNumber(start: start) }
        while offset < input.count, isDigit(input[offset]) {
            offset += 1
        }
    }

    private func invalidNumber(start: Int) -> JSONParseError {
        offset < input.count ? JSONParseError(.invalidNumber, at: start) : JSONParseError(.unexpectedEndOfInput, at: offset)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

extension Array where Element == UInt8 {
    /// `value`'s decimal digits, after a `-` when negative, written without an intermediate
    /// String: log lines and response heads write numbers on every request.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(48 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(contentsOf: buffer[start...])
        }
    }
}

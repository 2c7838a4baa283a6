/// Last-resort removal of tag-shaped text (`<…>` starting with a letter, `/letter`, `!` or `?`)
/// that survived HTML decoding, for markup escaped more times than is worth decoding. One pass:
/// removing a tag can bring a stray `<` next to a letter (`<<b>x>` → `<x>`), so the output's
/// last `<` is checked against each byte appended after it.
enum TagStripper {
    static func strip(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var closesRemain = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : nil
            let opensHere = byte == UInt8(ascii: "<") && next.map { startsTag($0, after: index + 1, in: bytes) } == true
            let completesOutput = output.last == UInt8(ascii: "<") && startsTag(byte, after: index, in: bytes)
            if closesRemain, opensHere || completesOutput {
                if let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) {
                    if completesOutput && !opensHere { output.removeLast() }
                    index = close + 1
                    continue
                }
                closesRemain = false
            }
            output.append(byte)
            index += 1
        }
        return normalised(output)
    }

    /// Whether `byte` (at `position`) may follow `<` to open a tag.
    private static func startsTag(_ byte: UInt8, after position: Int, in bytes: [UInt8]) -> Bool {
        if byte.isASCIILetter || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") { return true }
        return byte == UInt8(ascii: "/") && position + 1 < bytes.count && bytes[position + 1].isASCIILetter
    }

    /// Lines trimmed and blank runs folded, as `PlainTextWriter` would have written them.
    private static func normalised(_ bytes: [UInt8]) -> String {
        var writer = PlainTextWriter()
        var blank = 0
        for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isASCIISpace) {
                blank += 1
                continue
            }
            writer.breakLine(blank > 0 ? 2 : 1)
            blank = 0
            writer.append(Array(line))
        }
        return writer.string
    }
}

import Foundation

/// The encoder's named tensors, read from the shipped weights file.
///
/// File layout (little-endian), written by the `EncoderImport` tool (`Tools/Package.swift`):
/// the 8 bytes `SENC0001`, a `UInt32` tensor count, then per tensor a `UInt16` name length, the
/// UTF-8 name, a `UInt8` kind, `UInt32` rows and columns, and the values. Kind 0 stores
/// `Float32` values; kind 1 stores one `Float32` scale per row, then `Int8` values (value =
/// scale × byte). Matrices are kept as kind 1: a quarter of the size, and the sentence vectors
/// they give stay within a cosine of 0.999 of the full-precision ones (docs/jarvis/story-engine.md).
public struct EncoderWeights: Sendable {
    public struct Tensor: Sendable {
        public let rows: Int
        public let columns: Int
        public let values: [Float]

        public init(rows: Int, columns: Int, values: [Float]) {
            precondition(values.count == rows * columns, "rows × columns values")
            self.rows = rows
            self.columns = columns
            self.values = values
        }
    }

    public struct FormatError: Error, CustomStringConvertible, Sendable {
        public let reason: String
        public var description: String { "encoder weights: \(reason)" }
    }

    static let magic = Array("SENC0001".utf8)
    public let tensors: [String: Tensor]

    public init(tensors: [String: Tensor]) {
        self.tensors = tensors
    }

    public func tensor(_ name: String, rows: Int, columns: Int) throws -> [Float] {
        guard let tensor = tensors[name] else { throw FormatError(reason: "\(name) is missing") }
        guard tensor.rows == rows, tensor.columns == columns else {
            throw FormatError(reason: "\(name) is \(tensor.rows)×\(tensor.columns), expected \(rows)×\(columns)")
        }
        return tensor.values
    }

    public static func decode(_ data: Data) throws -> EncoderWeights {
        var reader = ByteReader(bytes: [UInt8](data))
        guard try reader.bytes(magic.count) == magic else { throw FormatError(reason: "not an encoder weights file") }
        var tensors: [String: Tensor] = [:]
        for _ in 0..<Int(try reader.integer(UInt32.self)) {
            let nameLength = Int(try reader.integer(UInt16.self))
            guard let name = String(bytes: try reader.bytes(nameLength), encoding: .utf8) else {
                throw FormatError(reason: "a tensor name is not UTF-8")
            }
            let kind = try reader.integer(UInt8.self)
            let rows = Int(try reader.integer(UInt32.self)), columns = Int(try reader.integer(UInt32.self))
            switch kind {
            case 0:
                tensors[name] = Tensor(rows: rows, columns: columns, values: try reader.floats(rows * columns))
            case 1:
                let scales = try reader.floats(rows)
                let bytes = try reader.bytes(rows * columns)
                // Unsafe buffers: 22 million values, read once per process, also in debug builds.
                let values = [Float](unsafeUninitializedCapacity: rows * columns) { buffer, count in
                    bytes.withUnsafeBufferPointer { source in
                        for row in 0..<rows {
                            let scale = scales[row]
                            for index in row * columns ..< (row + 1) * columns {
                                buffer[index] = scale * Float(Int8(bitPattern: source[index]))
                            }
                        }
                    }
                    count = rows * columns
                }
                tensors[name] = Tensor(rows: rows, columns: columns, values: values)
            default:
                throw FormatError(reason: "\(name) has unknown kind \(kind)")
            }
        }
        guard reader.isAtEnd else { throw FormatError(reason: "trailing bytes") }
        return EncoderWeights(tensors: tensors)
    }

    /// The file bytes: matrices (more than one row) quantised to 8 bits per value, vectors kept whole.
    public func encoded() -> Data {
        var out = Self.magic
        append(UInt32(tensors.count), to: &out)
        for (name, tensor) in tensors.sorted(by: { $0.key < $1.key }) {
            let nameBytes = Array(name.utf8)
            append(UInt16(nameBytes.count), to: &out)
            out += nameBytes
            let quantised = tensor.rows > 1
            out.append(quantised ? 1 : 0)
            append(UInt32(tensor.rows), to: &out)
            append(UInt32(tensor.columns), to: &out)
            guard quantised else {
                for value in tensor.values { append(value.bitPattern, to: &out) }
                continue
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(tensor.values.count)
            for row in 0..<tensor.rows {
                let values = tensor.values[row * tensor.columns ..< (row + 1) * tensor.columns]
                let largest = values.map(abs).max() ?? 0
                let scale = largest > 0 ? largest / 127 : 1
                append(scale.bitPattern, to: &out)
                for value in values {
                    bytes.append(UInt8(bitPattern: Int8((value / scale).rounded().clamped(to: -127...127))))
                }
            }
            out += bytes
        }
        return Data(out)
    }

    /// 32-bit floats stored little-endian, 4 bytes each (this file's and safetensors' layout).
    public static func floats(littleEndian bytes: ArraySlice<UInt8>) -> [Float] {
        stride(from: bytes.startIndex, to: bytes.endIndex - 3, by: 4).map { base in
            Float(bitPattern: UInt32(bytes[base]) | UInt32(bytes[base + 1]) << 8 | UInt32(bytes[base + 2]) << 16
                | UInt32(bytes[base + 3]) << 24)
        }
    }

    private func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}

/// Reads little-endian fields from a byte array, failing instead of reading past its end.
struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0, offset + count <= bytes.count else {
            throw EncoderWeights.FormatError(reason: "the file ends early")
        }
        defer { offset += count }
        return Array(bytes[offset ..< offset + count])
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
        try bytes(MemoryLayout<T>.size).reversed().reduce(T.zero) { $0 << 8 | T($1) }
    }

    mutating func floats(_ count: Int) throws -> [Float] {
        EncoderWeights.floats(littleEndian: try bytes(count * 4)[...])
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}

import CPostgres

/// `SQLValue` parameters laid out as the parallel C arrays `PQexecParams` expects.
///
/// Type choices: integers are sent as `int8` and reals as `float8`, so `SELECT $1` and
/// arithmetic keep their type and 64-bit values never overflow an inferred `int4`; columns
/// of any integer type accept them, but a function declared with `integer` arguments needs
/// `CAST($n AS INTEGER)` (portable, unlike `::`). Booleans are integers too, so write them
/// into integer columns, not `boolean` ones (see `Bool: SQLValueConvertible`). Text is
/// sent untyped so the server infers the column's type: a string can fill `text`, `varchar`,
/// `uuid`, `jsonb` or `timestamptz` columns alike. Blobs go in binary format as `bytea`,
/// avoiding any escaping.
struct PostgresParameters {
    private enum ObjectID {
        static let unspecified: Oid = 0
        static let bytea: Oid = 17
        static let int8: Oid = 20
        static let float8: Oid = 701
    }

    private struct Parameter {
        let type: Oid
        /// nil for SQL NULL.
        let bytes: [UInt8]?
        let isBinary: Bool
    }

    private let parameters: [Parameter]

    init(_ values: [SQLValue]) {
        parameters = values.map { value in
            switch value {
            case .null: Parameter(type: ObjectID.unspecified, bytes: nil, isBinary: false)
            case .integer(let number): Parameter(type: ObjectID.int8, bytes: Array(String(number).utf8), isBinary: false)
            case .real(let number): Parameter(type: ObjectID.float8, bytes: Array(Self.text(for: number).utf8), isBinary: false)
            case .text(let text): Parameter(type: ObjectID.unspecified, bytes: Array(text.utf8), isBinary: false)
            case .blob(let bytes): Parameter(type: ObjectID.bytea, bytes: bytes, isBinary: true)
            }
        }
    }

    /// Swift's shortest round-trip rendering, except for the special values, which
    /// PostgreSQL spells differently.
    private static func text(for number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return String(number)
    }

    /// Calls `body` with count, types, values, lengths and formats; the memory is valid only
    /// during the call. Text values are NUL-terminated as libpq requires.
    func withUnsafeArguments<R>(
        _ body: (
            Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
        ) -> R
    ) -> R {
        let buffers: [UnsafeMutablePointer<CChar>?] = parameters.map { parameter in
            guard let bytes = parameter.bytes else { return nil }
            let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: bytes.count + 1)
            bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
            buffer[bytes.count] = 0
            return buffer.baseAddress
        }
        defer { buffers.forEach { $0?.deallocate() } }
        let types = parameters.map(\.type)
        let values: [UnsafePointer<CChar>?] = buffers.map { $0.map { UnsafePointer($0) } }
        let lengths = parameters.map { Int32($0.bytes?.count ?? 0) }
        let formats = parameters.map { Int32($0.isBinary ? 1 : 0) }
        return types.withUnsafeBufferPointer { types in
            values.withUnsafeBufferPointer { values in
                lengths.withUnsafeBufferPointer { lengths in
                    formats.withUnsafeBufferPointer { formats in
                        body(
                            Int32(parameters.count), types.baseAddress, values.baseAddress, lengths.baseAddress,
                            formats.baseAddress)
                    }
                }
            }
        }
    }
}

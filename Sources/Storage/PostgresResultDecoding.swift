import CPostgres

/// Turns a text-format libpq result into `Row`s, choosing the `SQLValue` case from each
/// column's type OID so PostgreSQL results look like SQLite's:
///
/// | PostgreSQL type                    | SQLValue                              |
/// |------------------------------------|---------------------------------------|
/// | int2, int4, int8, oid              | .integer                              |
/// | float4, float8, numeric            | .real (numeric may lose precision)    |
/// | bool                               | .integer 0 / 1                        |
/// | bytea                              | .blob                                 |
/// | anything else (text, varchar, timestamptz, uuid, json, …) | .text as PostgreSQL prints it |
enum PostgresResultDecoding {
    private enum ObjectID {
        static let bool: Oid = 16
        static let bytea: Oid = 17
        static let int8: Oid = 20
        static let int2: Oid = 21
        static let int4: Oid = 23
        static let oid: Oid = 26
        static let float4: Oid = 700
        static let float8: Oid = 701
        static let numeric: Oid = 1700
    }

    static func rows(of result: OpaquePointer) -> [Row] {
        let rowCount = PQntuples(result)
        let columnCount = PQnfields(result)
        let columns = (0..<columnCount).map { String(cString: PQfname(result, $0)) }
        let types = (0..<columnCount).map { PQftype(result, $0) }
        return (0..<rowCount).map { row in
            let values = (0..<columnCount).map { column -> SQLValue in
                guard PQgetisnull(result, row, column) == 0 else { return .null }
                let length = Int(PQgetlength(result, row, column))
                let text = PQgetvalue(result, row, column).map { pointer in
                    String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
                } ?? ""
                return value(text, type: types[Int(column)])
            }
            return Row(columns: columns, values: values)
        }
    }

    /// Converts one value in PostgreSQL's text output format. Text that does not parse as
    /// its declared type (which the server never sends) is kept as text rather than lost.
    static func value(_ text: String, type: Oid) -> SQLValue {
        switch type {
        case ObjectID.int2, ObjectID.int4, ObjectID.int8, ObjectID.oid:
            return Int64(text).map(SQLValue.integer) ?? .text(text)
        case ObjectID.float4, ObjectID.float8, ObjectID.numeric:
            return Double(text).map(SQLValue.real) ?? .text(text)
        case ObjectID.bool:
            return .integer(text == "t" ? 1 : 0)
        case ObjectID.bytea:
            return decodeHexBytea(text).map(SQLValue.blob) ?? .text(text)
        default:
            return .text(text)
        }
    }

    /// Decodes `bytea_output = hex` text: `\x` followed by two hex digits per byte.
    static func decodeHexBytea(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count >= 2, digits[0] == UInt8(ascii: "\\"), digits[1] == UInt8(ascii: "x"), digits.count % 2 == 0 else {
            return nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((digits.count - 2) / 2)
        var index = 2
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

import APIToolkit

/// Decodes a batch body: strict JSON, then the entry-count ceiling with the endpoint's own
/// 422 code (checked before the schema, so a 600-entry batch is told "paginate at 500" rather
/// than "validation failed", and its entries are never inspected), then the strict schema.
/// A `FlatListBody` is first read straight from its bytes (`FlatListReader`), which succeeds only
/// for a body the steps above would accept with the same values.
enum BatchBodyDecoding {
    static func decode<Body: RequestBody>(_ type: Body.Type, from bytes: [UInt8], listKey: String, maxEntries: Int,
                                          tooLargeCode: String) throws -> Body {
        if let flat = type as? any FlatListBody.Type, let body = read(flat, from: bytes, maxEntries: maxEntries) as? Body {
            return body
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            // Well-formed JSON whose number overflows a double (`1e999`): the contract's
            // `z.number().finite()` refuses it as a validation failure, not as broken JSON.
            guard error.reason == .numberOutOfRange else { throw APIError.malformedJSON(error) }
            throw APIError.unprocessable(issues: [ValidationIssue(path: "", code: .notFinite,
                                                                  message: "the number at byte \(error.offset) is not finite")])
        }
        if let count = value[listKey]?.arrayValue?.count, count > maxEntries {
            throw APIError(status: 422, code: tooLargeCode, message: "A batch holds at most \(maxEntries) entries, got \(count)",
                           details: ["path": .string(listKey), "maxEntries": .integer(Int64(maxEntries)),
                                     "received": .integer(Int64(count))])
        }
        return try decodeRequest(type, from: value)
    }

    /// The body read straight from its bytes, each entry mapped as it is read, or nil (`FlatListReader`).
    private static func read<Flat: FlatListBody>(_ type: Flat.Type, from bytes: [UInt8], maxEntries: Int) -> Flat? {
        FlatListReader.read(bytes, against: type.schema, maxItems: maxEntries, item: Flat.item(from:)).map(Flat.init(items:))
    }
}

/// A batch body of flat entries, each mapped from the members `FlatListReader` read, so its
/// decoding skips the `JSONValue` tree; `init(validated:)` maps a parsed body's entries through
/// the same `item(from:)`.
protocol FlatListBody: ValidatedRequestBody {
    associatedtype Item
    static func item(from members: inout MemberValues) throws(DecodingError) -> Item
    init(items: [Item])
}

extension FlatListBody {
    init(validated value: JSONValue) throws(DecodingError) {
        var items: [Item] = []
        for var members in FlatListReader.items(of: value, as: Self.schema) { items.append(try Self.item(from: &members)) }
        self.init(items: items)
    }
}

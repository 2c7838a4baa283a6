import APIToolkit

/// Decodes a batch body: strict JSON, then the entry-count ceiling with the endpoint's own
/// 422 code (checked before the schema, so a 600-entry batch is told "paginate at 500" rather
/// than "validation failed", and its entries are never inspected), then the strict schema.
/// A `FlatListBody` is first read straight from its bytes (`FlatListReader`), which succeeds only
/// for a body the steps above would accept with the same values.
enum BatchBodyDecoding {
    static func decode<Body: RequestBody>(_ type: Body.Type, from bytes: [UInt8], listKey: String, maxEntries: Int,
                                          tooLargeCode: String) throws -> Body {
        if let flat = type as? any FlatListBody.Type, let items = FlatListReader.read(bytes, against: type.schema, maxItems: maxEntries),
           let body = try? flat.init(items: items) as? Body {
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
}

/// A batch body of flat entries that maps the members `FlatListReader` read, so its decoding
/// skips the `JSONValue` tree; `init(validated:)` maps a parsed body through the same `init(items:)`.
protocol FlatListBody: ValidatedRequestBody {
    init(items: [MemberValues]) throws(DecodingError)
}

extension FlatListBody {
    init(validated value: JSONValue) throws(DecodingError) {
        try self.init(items: FlatListReader.items(of: value, as: Self.schema))
    }
}

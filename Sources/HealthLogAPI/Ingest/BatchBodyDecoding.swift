import APIToolkit

/// Decodes a batch body: strict JSON, then the entry-count ceiling with the endpoint's own
/// 422 code (checked before the schema, so a 600-entry batch is told "paginate at 500" rather
/// than "validation failed", and its entries are never inspected), then the strict schema.
enum BatchBodyDecoding {
    static func decode<Body: RequestBody>(_ type: Body.Type, from bytes: [UInt8], listKey: String, maxEntries: Int,
                                          tooLargeCode: String) throws -> Body {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw APIError.malformedJSON(error)
        }
        if let count = value[listKey]?.arrayValue?.count, count > maxEntries {
            throw APIError(status: 422, code: tooLargeCode, message: "A batch holds at most \(maxEntries) entries, got \(count)",
                           details: ["path": .string(listKey), "maxEntries": .integer(Int64(maxEntries)),
                                     "received": .integer(Int64(count))])
        }
        return try decodeRequest(type, from: value)
    }
}

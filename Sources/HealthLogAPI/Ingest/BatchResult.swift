import APIToolkit

/// What one entry of a batch became. `inserted` and `duplicate` are both terminal success for
/// the iOS sync cursor (contract §2.3); `skipped` carries the reason.
enum EntryOutcome: Sendable, Equatable {
    case inserted
    case duplicate
    case skipped(SkipReason)
}

/// Why an entry was not stored. The two names are the contract's (§2.1) and the only ones sent.
enum SkipReason: String, Error, Sendable, Equatable {
    /// The HealthKit identifier (or workout activity type) has no row in our mapping yet.
    case unmappableIdentifier = "unmappable_identifier"
    /// An unknown unit for a known type, a value outside the plausible range, an end before
    /// the start, or a start before 2000 or in the future (`PlausibleTime`).
    case valueOutOfRange = "value_out_of_range"
    /// A bulk backfill entry with neither `externalId` nor `clientId` (contract §13.1 keys on them).
    case missingIdentifier = "missing_identifier"
    /// An intake whose `medicationId` is not one of the user's medications.
    case unknownMedication = "unknown_medication"

    /// The reasons the two batch endpoints of §2 send.
    static let batchReasons = [unmappableIdentifier, valueOutOfRange]
}

/// The `data` of every batch response (contract §2.1, shared by §2.2), always with status 200:
/// counts, the skipped entries with their reason, and one status per entry in request order.
/// `processed == inserted + duplicates + skipped.count` holds by construction.
///
/// Its JSON is built as a `JSONValue` tree directly (`json`), which the encoder takes as it is:
/// a 500-entry answer through `Encodable`'s containers cost an encoder and its containers per
/// entry, about a twentieth of the server's time in the ingest benchmark.
struct BatchResult: Encodable, Sendable {
    struct Skipped: Sendable {
        let index: Int
        let reason: String
    }

    /// Contract §2.1's `{ "index": 0, "status": "inserted" }`; a skipped entry also carries its
    /// `reason` (the same one `skipped[]` lists). The bulk backfills of §13.1 add the stored
    /// row's `id` to every entry that has one (inserted or duplicate).
    struct Entry: Sendable {
        let index: Int
        let status: String
        let reason: String?
        var id: String?
    }

    let processed: Int
    let inserted: Int
    let duplicates: Int
    let skipped: [Skipped]
    let entries: [Entry]

    /// `ids[i]` is the stored row of entry `i`, when the endpoint reports ids.
    init(outcomes: [EntryOutcome], ids: [String?] = []) {
        var inserted = 0, duplicates = 0
        var skipped: [Skipped] = [], entries: [Entry] = []
        entries.reserveCapacity(outcomes.count)
        for (index, outcome) in outcomes.enumerated() {
            switch outcome {
            case .inserted:
                inserted += 1
                entries.append(Entry(index: index, status: "inserted", reason: nil))
            case .duplicate:
                duplicates += 1
                entries.append(Entry(index: index, status: "duplicate", reason: nil))
            case .skipped(let reason):
                skipped.append(Skipped(index: index, reason: reason.rawValue))
                entries.append(Entry(index: index, status: "skipped", reason: reason.rawValue))
            }
        }
        self.processed = outcomes.count
        self.inserted = inserted
        self.duplicates = duplicates
        self.skipped = skipped
        for (index, id) in ids.enumerated() where index < entries.count { entries[index].id = id }
        self.entries = entries
    }

    /// The result as JSON, keys in the order `schema` declares them; an entry's `reason` and `id`
    /// only when it has them.
    var json: JSONValue {
        let skippedItems = skipped.map { item -> JSONValue in
            .object(JSONObject([("index", .integer(Int64(item.index))), ("reason", .string(item.reason))]))
        }
        let entryItems = entries.map { entry -> JSONValue in
            var members: [(String, JSONValue)] = [("index", .integer(Int64(entry.index))), ("status", .string(entry.status))]
            if let reason = entry.reason { members.append(("reason", .string(reason))) }
            if let id = entry.id { members.append(("id", .string(id))) }
            return .object(JSONObject(members))
        }
        return .object(JSONObject([
            ("processed", .integer(Int64(processed))), ("inserted", .integer(Int64(inserted))),
            ("duplicates", .integer(Int64(duplicates))), ("skipped", .array(skippedItems)), ("entries", .array(entryItems)),
        ]))
    }

    func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    static let schema = schema(named: "BatchResult", itemPrefix: "Batch", reasons: SkipReason.batchReasons, withIDs: false)

    /// The envelope's schema for an endpoint whose skips have `reasons` (item schemas named
    /// `<itemPrefix>Skipped`, `<itemPrefix>EntryStatus`); `withIDs` adds each entry's row id (the
    /// bulk backfills).
    static func schema(named name: String, itemPrefix: String, reasons: [SkipReason], withIDs: Bool) -> Schema {
        let reasonSchema = Schema.string(oneOf: reasons.map(\.rawValue))
        return .object(name) {
            Property("processed", .integer(min: 0), description: "Entries in the request.")
            Property("inserted", .integer(min: 0))
            Property("duplicates", .integer(min: 0), description: "Already stored (same dedup key); not an error.")
            Property("skipped", .array(of: .object(itemPrefix + "Skipped") {
                Property("index", .integer(min: 0))
                Property("reason", reasonSchema)
            }))
            Property("entries", .array(of: .object(itemPrefix + "EntryStatus") {
                Property("index", .integer(min: 0))
                Property("status", .string(oneOf: ["inserted", "duplicate", "skipped"]))
                Property("reason", reasonSchema, required: false, description: "Why the entry was skipped; present only when status is skipped.")
                if withIDs {
                    Property("id", .string(format: .uuid), required: false,
                             description: "The stored row: the new one, or for a duplicate the row it matched; absent when skipped.")
                }
            }))
        }
    }
}

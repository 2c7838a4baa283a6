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
}

/// The `data` of every batch response (contract §2.1, shared by §2.2), always with status 200:
/// counts, the skipped entries with their reason, and one status per entry in request order.
/// `processed == inserted + duplicates + skipped.count` holds by construction.
struct BatchResult: Encodable, Sendable {
    struct Skipped: Encodable, Sendable {
        let index: Int
        let reason: String
    }

    /// Contract §2.1's `{ "index": 0, "status": "inserted" }`; a skipped entry also carries its
    /// `reason` (the same one `skipped[]` lists), every other entry has exactly the two keys.
    struct Entry: Encodable, Sendable {
        let index: Int
        let status: String
        let reason: String?

        enum Keys: String, CodingKey { case index, status, reason }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(index, forKey: .index)
            try container.encode(status, forKey: .status)
            if let reason { try container.encode(reason, forKey: .reason) }
        }
    }

    let processed: Int
    let inserted: Int
    let duplicates: Int
    let skipped: [Skipped]
    let entries: [Entry]

    init(outcomes: [EntryOutcome]) {
        var inserted = 0, duplicates = 0
        var skipped: [Skipped] = [], entries: [Entry] = []
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
        self.entries = entries
    }

    static let schema: Schema = .object("BatchResult") {
        Property("processed", .integer(min: 0), description: "Entries in the request.")
        Property("inserted", .integer(min: 0))
        Property("duplicates", .integer(min: 0), description: "Already stored (same dedup key); not an error.")
        Property("skipped", .array(of: .object("BatchSkipped") {
            Property("index", .integer(min: 0))
            Property("reason", .string(oneOf: [SkipReason.unmappableIdentifier.rawValue, SkipReason.valueOutOfRange.rawValue]))
        }))
        Property("entries", .array(of: .object("BatchEntryStatus") {
            Property("index", .integer(min: 0))
            Property("status", .string(oneOf: ["inserted", "duplicate", "skipped"]))
            Property("reason", .string(oneOf: [SkipReason.unmappableIdentifier.rawValue, SkipReason.valueOutOfRange.rawValue]),
                     required: false, description: "Why the entry was skipped; present only when status is skipped.")
        }))
    }
}

import APIToolkit
import Foundation
import Storage

/// The version pair and soft-delete mark every synced row carries (contract §13.2), as the API
/// returns them. `updatedAt` is whole seconds, the only date form the apps' strict decoders
/// accept; `updatedAtMs` is the same instant in unix milliseconds, the resolution §13.3's
/// last-write-wins compares at (`docs/healthlog/sync.md`, "updatedAt on the wire").
struct SyncFields: Sendable, Equatable {
    let syncVersion: Int64
    let updatedAtMs: Int64
    let deletedAt: Date?

    /// The columns these fields read; every synced table has them.
    static let columns = "sync_version, updated_at, deleted_at"

    init(row: Row) throws {
        syncVersion = try row.decode("sync_version")
        updatedAtMs = try row.decode("updated_at")
        deletedAt = try row.decode("deleted_at")
    }

    var updatedAt: Date { Date(timeIntervalSince1970: TimeInterval(updatedAtMs.floorDivided(by: 1000))) }

    enum Keys: String, CodingKey { case syncVersion, updatedAt, updatedAtMs, deletedAt }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(syncVersion, forKey: .syncVersion)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(updatedAtMs, forKey: .updatedAtMs)
        try container.encodeIfPresent(deletedAt, forKey: .deletedAt)
    }

    static func properties() -> [Property] {
        [Property("syncVersion", .integer(min: 1), description: "Changes on every write; send it back as If-Match. Opaque: only equality matters."),
         Property("updatedAt", .dateTimeUTC, description: "The last write, in whole seconds (YYYY-MM-DDTHH:MM:SSZ)."),
         Property("updatedAtMs", .integer(min: 0), description: "The last write in unix milliseconds: the resolution of contract §13.3's last-write-wins."),
         Property("deletedAt", .dateTimeUTC.orNull, description: "Contract §13.2's soft-delete mark; null on a live row.")]
    }
}

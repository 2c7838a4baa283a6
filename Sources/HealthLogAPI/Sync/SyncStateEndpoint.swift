import APIToolkit
import Foundation
import Storage

/// `GET /api/sync/state` (contract §13.5): the user's high-water mark per synced entity
/// (`MAX(sync_version)`, deleted rows included: a delete is a change), their maximum, and the
/// checkpoint handshake — the answer carries the OLD `lastSyncedAt` (null before the first
/// handshake) and the call moves it to now, in one transaction.
enum SyncStateEndpoint {
    struct State: Encodable, Sendable {
        let syncVersion: Int64
        let lastSyncedAt: Date?
        let perEntity: [String: Int64]

        enum Keys: String, CodingKey { case syncVersion, lastSyncedAt, perEntity }

        /// `perEntity`'s keys are the entities' names, in `SyncedEntity.all` order.
        struct EntityKey: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(syncVersion, forKey: .syncVersion)
            try container.encodeIfPresent(lastSyncedAt, forKey: .lastSyncedAt)
            var entities = container.nestedContainer(keyedBy: EntityKey.self, forKey: .perEntity)
            for entity in SyncedEntity.all { try entities.encode(perEntity[entity.name] ?? 0, forKey: EntityKey(stringValue: entity.name)) }
        }
    }

    static let endpoint = Endpoint(
        .get, "/api/sync/state", operationId: "getSyncState", summary: "Sync high-water marks; moves lastSyncedAt to now",
        tags: ["sync"], access: .user,
        success: OpenAPIResponse(200, "The old lastSyncedAt and the versions to compare with the app's checkpoints", schema: .object("SyncState") {
            Property("syncVersion", .integer(min: 0), description: "The largest of perEntity.")
            Property("lastSyncedAt", .dateTimeUTC.orNull, description: "The checkpoint before this call (null before the first); this call moved it to now.")
            Property("perEntity", .object("SyncPerEntity") {
                for entity in SyncedEntity.all {
                    Property(entity.name, .integer(min: 0), description: "Largest syncVersion of the user's \(entity.name) rows, deleted ones included; 0 when none.")
                }
            })
        })
    ) { context in
        { call in
            let userID = try call.user().userID
            let state = try await context.database.transaction { connection in
                guard let checkpoint = try UserStore.syncCheckpoint(userID: userID, on: connection) else {
                    throw AuthErrors.unauthorized
                }
                var perEntity: [String: Int64] = [:]
                for entity in SyncedEntity.all {
                    perEntity[entity.name] = try connection.queryFirst(
                        "SELECT COALESCE(MAX(sync_version), 0) AS version FROM \(entity.table) WHERE user_id = $1", userID
                    )?.decode(Int64.self, "version") ?? 0
                }
                try UserStore.markSynced(userID: userID, now: Clock.now(), on: connection)
                return State(syncVersion: perEntity.values.max() ?? 0, lastSyncedAt: checkpoint.lastSyncedAt, perEntity: perEntity)
            }
            return try context.responses.ok(state)
        }
    }
}

import APIToolkit
import HTTPServer
import Storage

/// Reads and updates the one `assistant_flags` row. Reading the database on every check (one
/// primary-key lookup) means an admin's change is seen at once by every process on it.
public struct FeatureFlagStore: Sendable {
    let database: Database

    public func current() async throws -> AssistantFlags {
        try await database.read { try Self.read(on: $0) }
    }

    /// Changes only the given switches, in one UPDATE, so concurrent changes to different
    /// switches never undo each other; returns the raw row as committed.
    /// The audit row's details say what changed: `{"changes": {"coach": {"from": true, "to": false}}}`
    /// for every switch the request named (unchanged values included, so a no-op is visible too).
    func update(_ change: FeatureFlagEndpoints.Change, request: Request, userID: String) async throws -> AssistantFlags {
        try await database.transaction { connection in
            let now = Clock.now()
            let before = try Self.read(on: connection)
            try connection.execute("""
                UPDATE assistant_flags SET enabled = COALESCE($1, enabled), coach = COALESCE($2, coach),
                    briefing = COALESCE($3, briefing), insight_status = COALESCE($4, insight_status),
                    correlations = COALESCE($5, correlations),
                    health_score_explainer = COALESCE($6, health_score_explainer), updated_at = $7
                WHERE id = 1
                """, change.enabled, change.coach, change.briefing, change.insightStatus, change.correlations,
                change.healthScoreExplainer, now)
            let flags = try Self.read(on: connection)
            var changes = JSONObject()
            for (name, requested) in change.switches {
                guard let requested else { continue }
                changes[name] = .object(["from": .bool(before.value(named: name)), "to": .bool(requested)])
            }
            try AuditEntry(AuditAction.assistantFlagsUpdated, userID: userID, request: request,
                           details: ["changes": .object(changes)], at: now).insert(on: connection)
            return flags
        }
    }

    private static func read(on connection: any DatabaseConnection) throws -> AssistantFlags {
        guard let row = try connection.queryFirst("""
            SELECT enabled, coach, briefing, insight_status, correlations, health_score_explainer FROM assistant_flags WHERE id = 1
            """) else { throw MissingFlagsRow() }
        return try AssistantFlags(row: row)
    }

    /// The migration inserts the row; its absence means the database was edited by hand.
    struct MissingFlagsRow: Error {}
}

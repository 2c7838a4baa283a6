import APIToolkit
import Storage

/// The check every Research Mode read makes first (contract §6): the user acknowledged the
/// disclaimer, and the acknowledged version is byte-equal to the current one.
enum ResearchModeAccess {
    static let failures = [
        OpenAPIResponse(403, "research_mode.not_enabled: Research Mode's disclaimer was never acknowledged"),
        OpenAPIResponse(409, "research_mode.version_mismatch: the acknowledged disclaimer version is not the current one; acknowledge again"),
    ]

    /// 403 `research_mode.not_enabled` without an acknowledgement, 409
    /// `research_mode.version_mismatch` when it is not `ResearchModeDisclaimer.isCurrent`.
    static func requireCurrent(userID: String, on connection: any DatabaseConnection) throws {
        guard let acknowledgement = try UserStore.researchMode(userID: userID, on: connection) else {
            throw AuthErrors.unauthorized
        }
        guard let acknowledged = acknowledgement.version else {
            throw APIError.forbidden("Research Mode is off: read and acknowledge its disclaimer first", code: "research_mode.not_enabled")
        }
        guard ResearchModeDisclaimer.isCurrent(acknowledged) else {
            throw APIError.conflict("Research Mode's disclaimer changed since it was acknowledged; read it again and acknowledge the current version",
                                    code: "research_mode.version_mismatch")
        }
    }
}

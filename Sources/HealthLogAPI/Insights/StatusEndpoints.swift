import APIToolkit

/// `GET /api/insights/<kind>-status` for each `StatusKind` (insightStatus flag): the kind's
/// metric over its current window against the 28 days before, as of the user's today.
enum StatusEndpoints {
    static let endpoints = StatusKind.allCases.map(endpoint(for:))

    static func endpoint(for kind: StatusKind) -> Endpoint {
        let name = kind.rawValue.replacingOccurrences(of: "-", with: " ")
        return Endpoint(
            .get, kind.path, operationId: kind.operationId,
            summary: "The \(name) status (\(kind.primary.name)) against the user's own baseline",
            tags: [InsightsEndpoints.tag], access: .user, gate: .insightStatus,
            success: OpenAPIResponse(200, "The status; insufficient_data when there is too little data", schema: InsightStatus.schema)
        ) { context in
            { call in
                try context.responses.ok(try await InsightsEndpoints.read(call, context: context) { scope, connection in
                    try InsightSnapshot.read([kind], anchor: scope.today, scope: scope, on: connection).status(kind, at: scope.today)
                })
            }
        }
    }
}

import APIToolkit

/// The reusable check for assistant endpoints (contract §14): when the resolved flag for a
/// surface is off, the endpoint answers 403 `assistant.disabled.<surface>` and its handler never
/// runs. Wrap a handler with `gate.require(.coach, handler)`, or call `check(.coach)` first.
public struct AssistantGate: Sendable {
    let flags: FeatureFlagStore

    public func check(_ surface: AssistantSurface) async throws {
        guard try await flags.current().isOn(surface) else {
            throw APIError.forbidden("This assistant feature is turned off on this server",
                                     code: "assistant.disabled.\(surface.rawValue)")
        }
    }

    public func require(_ surface: AssistantSurface, _ handler: @escaping Endpoint.Handler) -> Endpoint.Handler {
        let gate = self
        return { call in
            try await gate.check(surface)
            return try await handler(call)
        }
    }
}

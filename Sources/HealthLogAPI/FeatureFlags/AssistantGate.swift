import APIToolkit

/// The reusable check for assistant endpoints (contract §14): when the resolved flag for a
/// surface is off, the endpoint answers 403 `assistant.disabled.<surface>` and its handler never
/// runs. Declare `Endpoint(…, gate: .coach, …)`: `EndpointTable` calls `check` before decoding
/// the body, and the document lists the 403 for that endpoint.
public struct AssistantGate: Sendable {
    let flags: FeatureFlagStore

    public func check(_ surface: AssistantSurface) async throws {
        guard try await flags.current().isOn(surface) else {
            throw APIError.forbidden("This assistant feature is turned off on this server",
                                     code: "assistant.disabled.\(surface.rawValue)")
        }
    }
}

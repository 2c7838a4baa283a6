import APIToolkit

/// The device a sample came from, for contract §4's second priority axis. The values are the
/// ones the contract's `deviceTypePriority` ladders use; `null` (or an absent key) is "unknown"
/// and falls through to the source-only axis. A new kind of device needs a server release here
/// first: unknown values are 422, like every other unknown input.
enum DeviceType {
    static let values = ["watch", "phone", "scale"]
    static let schema: Schema = .string(oneOf: values).orNull
}

/// Where a stored row came from (`measurements.source`, `workouts.source`).
enum IngestSource {
    static let appleHealth = "APPLE_HEALTH"
    static let withings = "WITHINGS"
}

/// When a sample or workout can have started (healthlog-facts §2.3): not before 2000-01-01
/// (no wearable or app sync predates it; an epoch-zero date is a client bug) and not in the
/// future beyond a small allowance for a phone clock running ahead. Entries outside are
/// `skipped` as `value_out_of_range`, so they never reach reads or personal records.
enum PlausibleTime {
    /// The first year a sample may start in, and its first second, 2000-01-01T00:00:00Z.
    static let earliestYear = 2000
    static let earliest: Int64 = 946_684_800
    static let clockSkewSeconds: Int64 = 600

    static func allows(start: Int64, now: Int64) -> Bool {
        start >= earliest && start <= now + clockSkewSeconds
    }
}

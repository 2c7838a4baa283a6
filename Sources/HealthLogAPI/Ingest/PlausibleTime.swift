/// When a sample or workout can have happened (healthlog-facts §2.3): it starts not before
/// 2000-01-01 (no wearable or app sync predates it; an epoch-zero date is a client bug) and not
/// in the future beyond a small allowance for a phone clock running ahead, and it ends no earlier
/// than it starts and not beyond today's day rows. Entries outside are `skipped` as
/// `value_out_of_range`, so they never reach reads or personal records — nor a response, whose
/// dates must print as `YYYY-MM-DDTHH:MM:SSZ` (a year past 9999 cannot).
enum PlausibleTime {
    /// The first year a sample may start in, and its first second, 2000-01-01T00:00:00Z.
    static let earliestYear = 2000
    static let earliest: Int64 = 946_684_800
    static let clockSkewSeconds: Int64 = 600
    /// How far past now an entry may end: the app's `stats:` row of today runs to the next local
    /// midnight, at most 25 hours ahead (a day that falls back), in any zone.
    static let latestEndAheadSeconds: Int64 = 25 * 3600 + clockSkewSeconds
    /// How far a duration may exceed, or for a category sample differ from, its interval: a
    /// minute of clock rounding (workouts' active time, sleep and mindful corrections).
    static let durationSlackSeconds: Double = 60

    static func allows(start: Int64, end: Int64, now: Int64) -> Bool {
        start >= earliest && start <= now + clockSkewSeconds && end >= start && end <= now + latestEndAheadSeconds
    }
}

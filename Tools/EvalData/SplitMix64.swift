/// SplitMix64 (Steele, Lea and Flood 2014): a tiny random generator with a fixed seed, for the
/// tools whose output must come out the same, byte for byte, on every run — the cluster table,
/// the synthetic news of the scale benchmark (the system generator is seeded per process).
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// Uniform in [-1, 1), from the top 53 bits.
    public mutating func nextSigned() -> Double {
        Double(next() >> 11) * 0x1p-52 - 1
    }

    /// An index in 0..<bound (modulo bias is below 2^-40 for bounds under 2^24).
    public mutating func nextIndex(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

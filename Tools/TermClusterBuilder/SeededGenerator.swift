/// SplitMix64: a tiny random generator with a fixed seed, so the cluster table comes out the
/// same, byte for byte, on every run (the system generator is seeded per process).
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// Uniform in [-1, 1), from the top 53 bits.
    mutating func nextSigned() -> Double {
        Double(next() >> 11) * 0x1p-52 - 1
    }

    /// An index in 0..<bound (modulo bias is below 2^-40 for the bounds used here).
    mutating func nextIndex(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

/// SplitMix64 (Steele, Lea and Flood 2014): a tiny random generator whose whole state is one word.
/// Seeded with a constant it draws the same values on every run, for what must come out the same
/// byte for byte (the tools' cluster table and synthetic news, the Coach's generated paraphrases);
/// seeded from the system's generator it gives cheap values that need to be unique, not secret
/// (the HTTP server's request ids).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    @usableFromInline var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    @inlinable
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

    /// One of `items` (not empty), drawn with `nextIndex(below:)`.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[nextIndex(below: items.count)]
    }
}

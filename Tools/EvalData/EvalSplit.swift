/// The fixed split every evaluation reports on: a story (or any labelled item) belongs to `dev` or
/// `test` by a 64-bit FNV-1a hash of its id's decimal text, even → dev, odd → test (about 50/50).
/// A stable hash rather than Swift's `Hasher` (seeded per process) or file order, so the split is
/// the same on every run and machine and does not move when the data file is re-sorted.
/// Tune on `dev` only; print figures for `test`.
public enum EvalSplit: String, Sendable, CaseIterable {
    case dev
    case test

    public static func part(ofStoryID id: Int) -> EvalSplit {
        part(ofKey: String(id))
    }

    public static func part(ofKey key: String) -> EvalSplit {
        fnv1a64(key) % 2 == 0 ? .dev : .test
    }

    /// FNV-1a over UTF-8 bytes; also useful for deterministic per-item offsets.
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

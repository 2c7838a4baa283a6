import CSodium

/// Comparison of secrets (tokens, webhook secrets) whose time does not depend on where the
/// inputs differ. Both sides are first hashed to fixed-length digests, so even inputs of
/// different lengths are compared in the same time.
public enum ConstantTime {
    public static func equals(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        equals(Array(a.utf8), Array(b.utf8))
    }

    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        Sodium.ready()
        let da = Digest.blake2b(a), db = Digest.blake2b(b)
        let same = da.withUnsafeBytes { pa in db.withUnsafeBytes { pb in sodium_memcmp(pa.baseAddress, pb.baseAddress, da.count) } }
        return same == 0 && a.count == b.count
    }
}

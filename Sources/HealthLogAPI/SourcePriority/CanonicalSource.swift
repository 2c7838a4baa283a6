/// One (source, device type) whose values compete for a metric on one day.
struct SourceCandidate: Sendable, Hashable {
    let source: String
    /// nil is "unknown": the device-type axis has no opinion about it.
    let deviceType: String?
}

extension SourcePriority {
    /// Contract §4's `pickCanonicalSource()`: the candidate whose values represent `metric`.
    ///
    /// The source axis decides first: the best-ranked source present wins. The device-type axis
    /// then orders that source's candidates by the metric's device ladder (`deviceLadder`). A
    /// null device type is unknown, so that axis cannot rank it: it comes after every listed
    /// device, level with devices the ladder does not name, and the choice falls through to the
    /// source axis alone. Source first, because a ladder like `default: [watch, phone, scale]`
    /// must not let a phone entry outrank the WITHINGS scale a user put first for weight.
    /// Remaining ties go to the earlier candidate, so callers pass candidates in a stable order.
    func pickCanonicalSource(_ candidates: [SourceCandidate], metric: String) -> SourceCandidate? {
        let sources = sourceLadder(for: metric), devices = deviceLadder(for: metric)
        func rank(_ candidate: SourceCandidate) -> (Int, Int) {
            let source = sources.firstIndex(of: candidate.source) ?? sources.count
            let device = candidate.deviceType.flatMap { devices.firstIndex(of: $0) } ?? devices.count
            return (source, device)
        }
        var best: (candidate: SourceCandidate, rank: (Int, Int))?
        for candidate in candidates {
            let candidateRank = rank(candidate)
            if let current = best, current.rank <= candidateRank { continue }
            best = (candidate, candidateRank)
        }
        return best?.candidate
    }
}

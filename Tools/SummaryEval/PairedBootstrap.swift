/// How sure a difference between two systems on the same stories is: resample the stories with
/// replacement many times and count how often the first system's mean is at least the second's.
/// The generator is a fixed-seed linear congruential one, so the figure is identical every run.
enum PairedBootstrap {
    static let resamples = 1000

    static func shareWhereFirstIsAtLeastSecond(_ first: [Double], _ second: [Double]) -> Double {
        precondition(first.count == second.count)
        guard !first.isEmpty else { return 0 }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var wins = 0
        for _ in 0 ..< resamples {
            var difference = 0.0
            for _ in 0 ..< first.count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let index = Int((state >> 33) % UInt64(first.count))
                difference += first[index] - second[index]
            }
            if difference >= 0 { wins += 1 }
        }
        return Double(wins) / Double(resamples)
    }
}

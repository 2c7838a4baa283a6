/// Pearson's and Spearman's coefficients of paired samples.
enum Correlation {
    /// Fewer pairs than this give no coefficient.
    static let minimumPairs = 3

    /// Pearson's r, in -1...1; nil with fewer than `minimumPairs` pairs or when a side never varies.
    static func pearson(_ x: [Double], _ y: [Double]) -> Double? {
        guard x.count == y.count, x.count >= minimumPairs, varies(x), varies(y) else { return nil }
        let meanX = x.reduce(0, +) / Double(x.count), meanY = y.reduce(0, +) / Double(y.count)
        var products = 0.0, squaresX = 0.0, squaresY = 0.0
        for (a, b) in zip(x, y) {
            products += (a - meanX) * (b - meanY)
            squaresX += (a - meanX) * (a - meanX)
            squaresY += (b - meanY) * (b - meanY)
        }
        return max(-1, min(1, products / (squaresX * squaresY).squareRoot()))
    }

    /// Spearman's rho: Pearson's r of the ranks, tied values sharing their mean rank.
    static func spearman(_ x: [Double], _ y: [Double]) -> Double? {
        pearson(ranks(x), ranks(y))
    }

    /// 1-based ranks; a run of equal values gets the mean of the ranks it spans.
    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
            for position in start...end { ranks[order[position]] = Double(start + end) / 2 + 1 }
            start = end + 1
        }
        return ranks
    }

    /// Whether not every value is the same (a constant side has no correlation to speak of).
    private static func varies(_ values: [Double]) -> Bool {
        values.contains { $0 != values[0] }
    }
}

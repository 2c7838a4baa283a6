import SeededRandom

/// k-means on unit vectors with cosine similarity (Dhillon & Modha 2001): each point joins the
/// centroid it is most similar to, each centroid becomes the normalised sum of its points.
///
/// Deterministic: the first centroids are points drawn with a fixed seed, ties go to the lower
/// cluster number and sums run in point order. Floats in 8-wide SIMD blocks: the assignment
/// step is ~points × clusters × dimensions multiply-adds per iteration (25k × 1,000 × 150),
/// and single-precision similarity is ample for choosing a nearest centroid.
struct SphericalKMeans {
    let clusterCount: Int
    let iterations: Int
    var seed: UInt64 = 0x6B6D_6561_6E73_0006

    /// The cluster of each row of `points` (rows need not be unit length; they are normalised).
    func assignments(of points: DenseMatrix) -> [Int] {
        let blocks = (points.columns + 7) / 8
        let packed = Self.packUnitRows(points, blocks: blocks)
        var generator = SplitMix64(seed: seed)
        var order = Array(0..<points.rows)
        for index in 0..<clusterCount {
            order.swapAt(index, index + generator.nextIndex(below: points.rows - index))
        }
        var centroids = [SIMD8<Float>]()
        centroids.reserveCapacity(clusterCount * blocks)
        for index in 0..<clusterCount { centroids += packed[order[index] * blocks ..< (order[index] + 1) * blocks] }
        var assignment = nearest(packed, centroids, blocks: blocks)
        for _ in 0..<iterations {
            centroids = updated(centroids, packed, assignment, blocks: blocks)
            assignment = nearest(packed, centroids, blocks: blocks)
        }
        return assignment
    }

    private static func packUnitRows(_ points: DenseMatrix, blocks: Int) -> [SIMD8<Float>] {
        var packed = Array(repeating: SIMD8<Float>(), count: points.rows * blocks)
        for row in 0..<points.rows {
            var norm = 0.0
            for column in 0..<points.columns { norm += points[row, column] * points[row, column] }
            let scale = norm > 0 ? 1 / norm.squareRoot() : 0
            for column in 0..<points.columns {
                packed[row * blocks + column / 8][column % 8] = Float(points[row, column] * scale)
            }
        }
        return packed
    }

    private func nearest(_ points: [SIMD8<Float>], _ centroids: [SIMD8<Float>], blocks: Int) -> [Int] {
        let pointCount = points.count / blocks
        var result = Array(repeating: 0, count: pointCount)
        points.withUnsafeBufferPointer { point in
            centroids.withUnsafeBufferPointer { centroid in
                for index in 0..<pointCount {
                    let base = index * blocks
                    var best = -Float.infinity, bestCluster = 0
                    for cluster in 0..<clusterCount {
                        let offset = cluster * blocks
                        var sum = SIMD8<Float>()
                        for block in 0..<blocks { sum += point[base + block] * centroid[offset + block] }
                        let similarity = sum.sum()
                        if similarity > best { best = similarity; bestCluster = cluster }
                    }
                    result[index] = bestCluster
                }
            }
        }
        return result
    }

    /// New centroids; a cluster that lost all its points keeps its old centroid.
    private func updated(_ centroids: [SIMD8<Float>], _ points: [SIMD8<Float>], _ assignment: [Int],
                         blocks: Int) -> [SIMD8<Float>] {
        var sums = Array(repeating: SIMD8<Float>(), count: centroids.count)
        var members = Array(repeating: 0, count: clusterCount)
        for (index, cluster) in assignment.enumerated() {
            members[cluster] += 1
            for block in 0..<blocks { sums[cluster * blocks + block] += points[index * blocks + block] }
        }
        var result = centroids
        for cluster in 0..<clusterCount where members[cluster] > 0 {
            let range = cluster * blocks ..< (cluster + 1) * blocks
            let norm = sums[range].reduce(Float(0)) { $0 + ($1 * $1).sum() }.squareRoot()
            guard norm > 0 else { continue }
            for index in range { result[index] = sums[index] / norm }
        }
        return result
    }
}

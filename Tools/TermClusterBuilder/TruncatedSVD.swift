import SeededRandom

/// The leading singular directions of a large sparse matrix by a randomized range finder
/// (Halko, Martinsson & Tropp 2011): multiply by a random block, sharpen it with a few power
/// iterations, then solve the small problem exactly with `SymmetricEigen`.
///
/// Why randomized: only the top ~150 of ~25,000 directions are wanted and the matrix is sparse,
/// so a handful of sparse products replaces a full decomposition. The seed is fixed, so the
/// result is the same on every run.
struct TruncatedSVD {
    let rank: Int
    var oversampling = 10
    var powerIterations = 4
    var seed: UInt64 = 0x746F_7069_6373_0006

    /// One row per row of `matrix`: its left singular vectors scaled by the singular values
    /// (U·S), the row's coordinates in the `rank` strongest directions.
    func scaledLeftVectors(of matrix: WordDocumentMatrix) -> DenseMatrix {
        let width = rank + oversampling
        var generator = SplitMix64(seed: seed)
        var probe = DenseMatrix(rows: matrix.columnCount, columns: width)
        for index in probe.values.indices { probe.values[index] = generator.nextSigned() }
        var basis = matrix.times(probe).orthonormalizedColumns()
        for _ in 0..<powerIterations {
            let back = matrix.transposeTimes(basis).orthonormalizedColumns()
            basis = matrix.times(back).orthonormalizedColumns()
        }
        // B = Qᵀ·M is small (width × documents); B·Bᵀ = (Mᵀ·Q)ᵀ(Mᵀ·Q) has B's left singular
        // vectors as eigenvectors and the squared singular values as eigenvalues.
        let eigen = SymmetricEigen.decompose(matrix.transposeTimes(basis).gram())
        var scaled = DenseMatrix(rows: width, columns: rank)
        for column in 0..<rank {
            let singularValue = max(eigen.values[column], 0).squareRoot()
            for row in 0..<width { scaled[row, column] = eigen.vectors[row, column] * singularValue }
        }
        return basis.times(scaled)
    }
}

/// Eigenvalues and eigenvectors of a small symmetric matrix by cyclic Jacobi rotations.
///
/// Why Jacobi: the matrix is only (rank + oversampling)² and Jacobi is short, exact to
/// rounding and deterministic, with no library (there is no LAPACK on the target platform).
enum SymmetricEigen {
    /// Eigenvalues in descending order, and the matching unit eigenvectors as columns.
    static func decompose(_ matrix: DenseMatrix, maximumSweeps: Int = 50) -> (values: [Double], vectors: DenseMatrix) {
        precondition(matrix.rows == matrix.columns, "a square matrix")
        let size = matrix.rows
        var a = matrix
        var vectors = DenseMatrix(rows: size, columns: size)
        for index in 0..<size { vectors[index, index] = 1 }
        let total = a.values.reduce(0) { $0 + $1 * $1 }
        for _ in 0..<maximumSweeps {
            var offDiagonal = 0.0
            for p in 0..<size { for q in (p + 1)..<size { offDiagonal += a[p, q] * a[p, q] } }
            if offDiagonal <= 1e-26 * total { break }
            for p in 0..<size {
                for q in (p + 1)..<size where a[p, q] != 0 {
                    let theta = (a[q, q] - a[p, p]) / (2 * a[p, q])
                    let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot(), s = t * c
                    for k in 0..<size {
                        let kp = a[k, p], kq = a[k, q]
                        a[k, p] = c * kp - s * kq
                        a[k, q] = s * kp + c * kq
                    }
                    for k in 0..<size {
                        let pk = a[p, k], qk = a[q, k]
                        a[p, k] = c * pk - s * qk
                        a[q, k] = s * pk + c * qk
                    }
                    for k in 0..<size {
                        let kp = vectors[k, p], kq = vectors[k, q]
                        vectors[k, p] = c * kp - s * kq
                        vectors[k, q] = s * kp + c * kq
                    }
                }
            }
        }
        let order = (0..<size).sorted { a[$0, $0] != a[$1, $1] ? a[$0, $0] > a[$1, $1] : $0 < $1 }
        var sorted = DenseMatrix(rows: size, columns: size)
        for (column, source) in order.enumerated() {
            for row in 0..<size { sorted[row, column] = vectors[row, source] }
        }
        return (order.map { a[$0, $0] }, sorted)
    }
}

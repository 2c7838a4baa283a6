/// A dense row-major matrix of doubles with the few operations the truncated SVD needs.
struct DenseMatrix {
    let rows: Int
    let columns: Int
    var values: [Double]

    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        values = Array(repeating: 0, count: rows * columns)
    }

    subscript(row: Int, column: Int) -> Double {
        get { values[row * columns + column] }
        set { values[row * columns + column] = newValue }
    }

    func transposed() -> DenseMatrix {
        var result = DenseMatrix(rows: columns, columns: rows)
        for row in 0..<rows {
            for column in 0..<columns { result.values[column * rows + row] = values[row * columns + column] }
        }
        return result
    }

    /// self × other, in i-k-j order so the innermost loop runs along contiguous rows.
    func times(_ other: DenseMatrix) -> DenseMatrix {
        precondition(columns == other.rows, "inner dimensions must match")
        var result = DenseMatrix(rows: rows, columns: other.columns)
        let width = other.columns
        result.values.withUnsafeMutableBufferPointer { out in
            other.values.withUnsafeBufferPointer { right in
                for row in 0..<rows {
                    for inner in 0..<columns {
                        let factor = values[row * columns + inner]
                        if factor == 0 { continue }
                        for column in 0..<width { out[row * width + column] += factor * right[inner * width + column] }
                    }
                }
            }
        }
        return result
    }

    /// selfᵀ × self (columns × columns).
    func gram() -> DenseMatrix {
        let byColumn = transposed()
        var result = DenseMatrix(rows: columns, columns: columns)
        for first in 0..<columns {
            for second in first..<columns {
                let value = byColumn.rowDot(first, second)
                result[first, second] = value
                result[second, first] = value
            }
        }
        return result
    }

    /// The same column space with orthonormal columns: modified Gram–Schmidt, run twice per
    /// column ("twice is enough") because power iterations make the columns nearly parallel.
    func orthonormalizedColumns() -> DenseMatrix {
        var byColumn = transposed()
        for column in 0..<columns {
            for _ in 0..<2 {
                for earlier in 0..<column {
                    let projection = byColumn.rowDot(column, earlier)
                    byColumn.subtractRow(earlier, times: projection, from: column)
                }
            }
            let norm = byColumn.rowDot(column, column).squareRoot()
            byColumn.scaleRow(column, by: norm > 1e-300 ? 1 / norm : 0)
        }
        return byColumn.transposed()
    }

    private func rowDot(_ first: Int, _ second: Int) -> Double {
        values.withUnsafeBufferPointer { buffer in
            let a = buffer.baseAddress! + first * columns, b = buffer.baseAddress! + second * columns
            var sums = SIMD4<Double>()
            var index = 0
            while index + 4 <= columns {
                sums += SIMD4(a[index], a[index + 1], a[index + 2], a[index + 3])
                    * SIMD4(b[index], b[index + 1], b[index + 2], b[index + 3])
                index += 4
            }
            var total = sums.sum()
            while index < columns { total += a[index] * b[index]; index += 1 }
            return total
        }
    }

    private mutating func subtractRow(_ source: Int, times factor: Double, from target: Int) {
        let width = columns
        values.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<width { buffer[target * width + index] -= factor * buffer[source * width + index] }
        }
    }

    private mutating func scaleRow(_ row: Int, by factor: Double) {
        for index in row * columns ..< (row + 1) * columns { values[index] *= factor }
    }
}

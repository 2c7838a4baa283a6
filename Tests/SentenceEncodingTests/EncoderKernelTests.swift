import CEncoderKernels
import Foundation
import XCTest

/// The encoder's element-wise kernels (`CEncoderKernels`): the scalar `erf` and `e^x` against the C library, softmax
/// against double precision, and every instruction set's copy of each kernel against the baseline's, bit for bit.
final class EncoderKernelTests: XCTestCase {
    func testTheRationalErfMatchesTheCLibrary() {
        var worst: Float = 0
        for step in -6_000...6_000 {
            let x = Float(step) / 1_000
            worst = max(worst, abs(encoder_erf(x) - erff(x)))
        }
        XCTAssertLessThan(worst, 1e-6)
    }

    func testTheVectorisedExpMatchesTheCLibrary() {
        var worst: Float = 0
        for step in 0...87_000 {
            let x = -Float(step) / 1_000
            worst = max(worst, abs(encoder_exp(x) - expf(x)) / expf(x))
        }
        XCTAssertLessThan(worst, 5e-7)
        XCTAssertEqual(encoder_exp(-1_000), 0, accuracy: 1e-37)
    }

    func testSoftmaxSumsToOneAndKeepsTheOrder() {
        var values: [Float] = (0..<37).map { Float($0 % 7) - 3 }
        values.withUnsafeMutableBufferPointer { encoder_softmax($0.baseAddress, $0.count) }
        XCTAssertEqual(values.reduce(0, +), 1, accuracy: 1e-5)
        XCTAssertEqual(values[6] / values[0], expf(6), accuracy: 1e-2)
    }

    /// Softmax subtracts the largest value (taken in 16 lanes, then the tail) before `e^x`, which is exact for
    /// x ≤ 0 only: one value 90 to 200 above the rest overflows `e^x` unless it is the one subtracted. So softmax
    /// matches double precision for every length (whole lanes, a tail, none) only if the largest is found wherever
    /// it stands, −∞ among the others included.
    func testSoftmaxMatchesDoublePrecisionWhereverTheLargestStands() {
        var generator = SystemRandomNumberGenerator()
        for count in [1, 7, 15, 16, 17, 31, 32, 33, 95, 96, 130] {
            for trial in 0..<20 {
                var values = (0..<count).map { _ in Float.random(in: -40 ... -1, using: &generator) }
                let largest = trial * (count - 1) / 19
                values[largest] = Float.random(in: 90...200, using: &generator)
                if count > 1, trial % 2 == 1 { values[(largest + 1) % count] = -.infinity }
                let top = Double(values.max()!)
                let exponentials = values.map { Foundation.exp(Double($0) - top) }
                let total = exponentials.reduce(0, +)
                values.withUnsafeMutableBufferPointer { encoder_softmax($0.baseAddress, $0.count) }
                for (index, (got, exponential)) in zip(values, exponentials).enumerated() {
                    XCTAssertEqual(Double(got), exponential / total, accuracy: 1e-6, "count \(count), trial \(trial), value \(index)")
                }
            }
        }
    }

    /// Every instruction set this CPU runs gives the baseline's bits, and so does each entry point (bound to the
    /// widest): on random values and on edge values (±0, subnormals, the smallest normals, ±10¹⁷ and beyond,
    /// erf's and e^x's clamps), for lengths with and without a tail of the 16 lanes.
    func testEveryInstructionSetGivesTheBaselinesBits() throws {
        var first: UnsafePointer<EncoderKernelSet>?
        let setCount = encoder_kernel_sets(&first)
        let sets = Array(UnsafeBufferPointer(start: first, count: setCount))
        guard sets.count > 1 else { throw XCTSkip("this CPU runs the baseline kernels only") }
        let baseline = sets[sets.count - 1]
        let entryPoints = EncoderKernelSet(instruction_set: nil, gelu: encoder_gelu, softmax: encoder_softmax,
                                           layer_norm: encoder_layer_norm, bfloat16: encoder_bfloat16)
        var generator = SystemRandomNumberGenerator()
        for count in [1, 15, 16, 17, 33, 384, 1_543] {
            for trial in 0..<8 {
                let values = (0..<count).map { _ in edgeOrRandom(largest: trial % 2 == 0 ? 1e17 : .greatestFiniteMagnitude, using: &generator) }
                let moderate = (0..<count).map { _ in edgeOrRandom(largest: 1e17, using: &generator) }
                let gain = (0..<count).map { _ in Float.random(in: -2...2, using: &generator) }
                let shift = (0..<count).map { _ in Float.random(in: -1...1, using: &generator) }
                let expected = outputs(of: baseline, values: values, moderate: moderate, gain: gain, shift: shift)
                XCTAssertFalse(expected.contains { Float(bitPattern: $0).isNaN }, "count \(count), trial \(trial)")
                for set in sets.dropLast() + [entryPoints] {
                    let name = set.instruction_set.map { String(cString: $0) } ?? "entry points"
                    let got = outputs(of: set, values: values, moderate: moderate, gain: gain, shift: shift)
                    XCTAssertEqual(got.count, expected.count)
                    XCTAssertNil(expected.indices.first { got[$0] != expected[$0] }, "\(name) differs at this output, count \(count), trial \(trial)")
                }
            }
        }
        // Rounding to bfloat16 is the scalar function's.
        let values = (0..<1_000).map { _ in edgeOrRandom(largest: .greatestFiniteMagnitude, using: &generator) }
        var rounded = [UInt16](repeating: 0, count: values.count)
        encoder_bfloat16(values, &rounded, values.count)
        XCTAssertEqual(rounded, values.map(encoder_bfloat16_bits))
    }

    /// The bits each kernel of `set` gives: GELU, softmax and rounding of `values`; layer normalisation of `moderate`
    /// (whose sums of squares stay finite) as one row and as rows of 16 (the last one partial dropped).
    private func outputs(of set: EncoderKernelSet, values: [Float], moderate: [Float], gain: [Float], shift: [Float]) -> [UInt32] {
        var gelu = values, softmax = values, row = moderate, rows = moderate
        var rounded = [UInt16](repeating: 0, count: values.count)
        set.gelu!(&gelu, gelu.count)
        set.softmax!(&softmax, softmax.count)
        set.bfloat16!(values, &rounded, values.count)
        set.layer_norm!(&row, 1, row.count, gain, shift, 1e-12)
        set.layer_norm!(&rows, rows.count / 16, 16, gain, shift, 1e-12)
        return (gelu + softmax + row + rows).map(\.bitPattern) + rounded.map(UInt32.init)
    }

    /// A value from [−6, 6] half of the time, else an edge value up to ±`largest`.
    private func edgeOrRandom(largest: Float, using generator: inout SystemRandomNumberGenerator) -> Float {
        let sign: Float = Bool.random(using: &generator) ? 1 : -1
        switch Int.random(in: 0..<12, using: &generator) {
        case 0: return sign * 0
        case 1: return sign * Float.leastNonzeroMagnitude * Float(Int.random(in: 1...(1 << 23), using: &generator))
        case 2: return sign * Float.leastNormalMagnitude * Float.random(in: 1...2, using: &generator)
        case 3: return sign * Float.random(in: 1e10...largest, using: &generator)
        case 4: return sign * largest
        case 5: return sign * Float.random(in: 3.9...4.1, using: &generator) * Float(2).squareRoot()
        case 6: return -Float.random(in: 87...88, using: &generator)
        default: return Float.random(in: -6...6, using: &generator)
        }
    }
}

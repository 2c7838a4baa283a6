import Foundation

/// Adam steps (Kingma and Ba: β₁ 0.9, β₂ 0.999, ε 1e-8, moments corrected for their start at 0) over one array of
/// parameters, in single or double precision; both trainers take theirs here.
struct Adam<Value: AdamValue> {
    let learningRate: Value
    private var first: [Value], second: [Value]
    private var steps = 0

    init(count: Int, learningRate: Value) {
        self.learningRate = learningRate
        first = [Value](repeating: 0, count: count)
        second = first
    }

    /// Moves `parameters` one step against `gradient`.
    mutating func step(_ parameters: inout [Value], _ gradient: [Value]) {
        steps += 1
        let beta1: Value = 0.9, beta2: Value = 0.999, epsilon: Value = 1e-8
        let correction1 = 1 - Value.power(beta1, Value(steps)), correction2 = 1 - Value.power(beta2, Value(steps))
        for index in parameters.indices {
            first[index] = beta1 * first[index] + (1 - beta1) * gradient[index]
            second[index] = beta2 * second[index] + (1 - beta2) * gradient[index] * gradient[index]
            parameters[index] -= learningRate * (first[index] / correction1) / ((second[index] / correction2).squareRoot() + epsilon)
        }
    }
}

/// A precision Adam runs in: the C library's `pow` for it.
protocol AdamValue: BinaryFloatingPoint {
    static func power(_ base: Self, _ exponent: Self) -> Self
}

extension Float: AdamValue {
    static func power(_ base: Float, _ exponent: Float) -> Float { pow(base, exponent) }
}

extension Double: AdamValue {
    static func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }
}

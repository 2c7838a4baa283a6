import Foundation
import SeededRandom
import SentenceEncoding
import TopicClassification

/// Fits a one-hidden-layer network (rectified linear units, then a softmax over the classes) on encoder
/// vectors by mini-batch Adam steps. The loss is class-balanced as in `LogisticRegressionTrainer` (each
/// class weighs as much as any other in total, times `emphasis`) plus an L2 penalty on the weights.
/// The initial weights and the order of the examples in each epoch come from `SplitMix64` seeded with
/// `seed`, so the same data, settings and seed always give the same network.
struct HiddenLayerTrainer {
    let classes: [Subject]
    let units: Int
    let l2: Float
    let epochs: Int
    let batchSize: Int
    let learningRate: Float
    /// 26 is the first member's; a seed ensemble's members take the next ones.
    var seed: UInt64 = 26
    var emphasis: (Subject) -> Double = { _ in 1 }

    /// `vectors[i]` has label `labels[i]`.
    func fit(_ vectors: [[Float]], labels: [Int]) -> (hidden: EncoderHiddenLayer, weights: [Float], bias: [Float]) {
        let inputs = SentenceEncoder.dimension, width = classes.count
        var counts = Array(repeating: 0.0, count: width)
        for label in labels { counts[label] += 1 }
        let classWeight = zip(counts, classes).map { count, subject in
            Float(count > 0 ? emphasis(subject) * Double(labels.count) / (Double(width) * count) : 0)
        }
        var random = SplitMix64(seed: seed)
        var network = Network(inputs: inputs, units: units, classes: width, random: &random)
        var optimizer = Adam(count: network.parameters.count, learningRate: learningRate)
        var order = Array(labels.indices)
        for _ in 0..<epochs {
            order.shuffle(using: &random)
            for start in stride(from: 0, to: order.count, by: batchSize) {
                let batch = order[start..<min(start + batchSize, order.count)]
                var gradient = [Float](repeating: 0, count: network.parameters.count)
                for index in batch {
                    network.accumulate(vectors[index], label: labels[index], weight: classWeight[labels[index]] / Float(batch.count),
                                       into: &gradient)
                }
                for index in 0..<network.biasStart { gradient[index] += l2 * network.parameters[index] }
                optimizer.step(&network.parameters, gradient)
            }
        }
        return network.parts
    }

    /// The parameters in one array: hidden weights (dimension-major), output weights (unit-major), then
    /// the hidden and the output biases.
    private struct Network {
        let inputs: Int, units: Int, classes: Int
        var parameters: [Float]

        var outputStart: Int { inputs * units }
        var biasStart: Int { outputStart + units * classes }
        var outputBiasStart: Int { biasStart + units }

        init(inputs: Int, units: Int, classes: Int, random: inout SplitMix64) {
            (self.inputs, self.units, self.classes) = (inputs, units, classes)
            // He initialisation for the rectified units, Glorot-sized for the output layer; biases start at 0.
            let hiddenScale = (6 / Double(inputs)).squareRoot(), outputScale = (6 / Double(units + classes)).squareRoot()
            parameters = (0..<inputs * units).map { _ in Float(random.nextSigned() * hiddenScale) }
                + (0..<units * classes).map { _ in Float(random.nextSigned() * outputScale) }
                + [Float](repeating: 0, count: units + classes)
        }

        var parts: (hidden: EncoderHiddenLayer, weights: [Float], bias: [Float]) {
            (EncoderHiddenLayer(weights: Array(parameters[..<outputStart]), bias: Array(parameters[biasStart..<outputBiasStart])),
             Array(parameters[outputStart..<biasStart]), Array(parameters[outputBiasStart...]))
        }

        /// Adds `weight` times the gradient of the cross-entropy of one example to `gradient`.
        func accumulate(_ vector: [Float], label: Int, weight: Float, into gradient: inout [Float]) {
            let (inputs, units, classes) = (self.inputs, self.units, self.classes)
            let (outputStart, biasStart, outputBiasStart) = (self.outputStart, self.biasStart, self.outputBiasStart)
            parameters.withUnsafeBufferPointer { p in
                gradient.withUnsafeMutableBufferPointer { g in
                    var hidden = Array(p[biasStart..<outputBiasStart])
                    for dimension in 0..<inputs where vector[dimension] != 0 {
                        let value = vector[dimension], row = dimension * units
                        for unit in 0..<units { hidden[unit] += value * p[row + unit] }
                    }
                    for unit in 0..<units { hidden[unit] = max(hidden[unit], 0) }
                    var scores = Array(p[outputBiasStart...])
                    for unit in 0..<units where hidden[unit] > 0 {
                        let row = outputStart + unit * classes
                        for column in 0..<classes { scores[column] += hidden[unit] * p[row + column] }
                    }
                    let top = scores.max() ?? 0
                    let exponentials = scores.map { exp($0 - top) }
                    let total = exponentials.reduce(0, +)
                    let errors = (0..<classes).map { (exponentials[$0] / total - ($0 == label ? 1 : 0)) * weight }
                    var hiddenErrors = [Float](repeating: 0, count: units)
                    for unit in 0..<units where hidden[unit] > 0 {
                        let row = outputStart + unit * classes
                        var sum: Float = 0
                        for column in 0..<classes {
                            g[row + column] += hidden[unit] * errors[column]
                            sum += p[row + column] * errors[column]
                        }
                        hiddenErrors[unit] = sum
                    }
                    for column in 0..<classes { g[outputBiasStart + column] += errors[column] }
                    for unit in 0..<units { g[biasStart + unit] += hiddenErrors[unit] }
                    for dimension in 0..<inputs where vector[dimension] != 0 {
                        let value = vector[dimension], row = dimension * units
                        for unit in 0..<units { g[row + unit] += value * hiddenErrors[unit] }
                    }
                }
            }
        }
    }
}

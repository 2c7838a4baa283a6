import Foundation
import TopicClassification

/// Fits a multinomial logistic regression by full-batch gradient descent with Adam steps.
///
/// Full batch over a fixed data order means no sampling at all: the same data and settings
/// always give the same weights. The loss is class-balanced (each class weighs as much as any
/// other in total, so the small politics sets are not drowned by AG's 1,900-per-class sets)
/// plus an L2 penalty `l2 / 2 * |W|^2` that keeps weights small and the model general. `emphasis`
/// multiplies a class's balanced weight (1 for every class: balanced alone).
struct LogisticRegressionTrainer {
    let classes: [Subject]
    let l2: Double
    let iterations: Int
    let learningRate: Double
    var emphasis: (Subject) -> Double = { _ in 1 }

    struct Example {
        let features: [(index: Int, value: Double)]
        let label: Int
    }

    func fit(_ examples: [Example], featureCount: Int) -> (weights: [Double], bias: [Double]) {
        let width = classes.count
        var counts = Array(repeating: 0.0, count: width)
        for example in examples { counts[example.label] += 1 }
        let classWeight = zip(counts, classes).map { count, subject in
            count > 0 ? emphasis(subject) * Double(examples.count) / (Double(width) * count) : 0
        }
        let normalizer = examples.reduce(0) { $0 + classWeight[$1.label] }

        var parameters = Array(repeating: 0.0, count: featureCount * width + width)
        var optimizer = Adam(count: parameters.count, learningRate: learningRate)
        let biasOffset = featureCount * width
        for _ in 0..<iterations {
            var gradient = Array(repeating: 0.0, count: parameters.count)
            for example in examples {
                var scores = Array(parameters[biasOffset...])
                for (index, value) in example.features {
                    for column in 0..<width { scores[column] += value * parameters[index * width + column] }
                }
                let top = scores.max() ?? 0
                let exponentials = scores.map { exp($0 - top) }
                let total = exponentials.reduce(0, +)
                let scale = classWeight[example.label] / normalizer
                for column in 0..<width {
                    let error = (exponentials[column] / total - (column == example.label ? 1 : 0)) * scale
                    gradient[biasOffset + column] += error
                    for (index, value) in example.features { gradient[index * width + column] += error * value }
                }
            }
            for index in 0..<biasOffset { gradient[index] += l2 * parameters[index] }
            optimizer.step(&parameters, gradient)
        }
        return (Array(parameters[..<biasOffset]), Array(parameters[biasOffset...]))
    }
}

import SentenceEncoding

/// A layer of rectified linear units between the sentence encoder's vector and the encoder scorer's
/// classes: the scorer then reads combinations of the encoder's dimensions (a one-hidden-layer network)
/// instead of each dimension alone.
public struct EncoderHiddenLayer: Sendable, Equatable {
    /// Row-major: the weights of encoder dimension `d` are `weights[d * width ..< (d + 1) * width]`.
    public let weights: [Float]
    public let bias: [Float]

    public var width: Int { bias.count }

    public init(weights: [Float], bias: [Float]) {
        precondition(!bias.isEmpty && weights.count == SentenceEncoder.dimension * bias.count,
                     "one weight per encoder dimension and unit, one bias per unit")
        self.weights = weights
        self.bias = bias
    }

    /// The units' outputs for an encoder vector: max(0, bias + vector · weights).
    public func activations(_ vector: [Float]) -> [Float] {
        var sums = bias
        let width = self.width
        weights.withUnsafeBufferPointer { weights in
            sums.withUnsafeMutableBufferPointer { sums in
                for (dimension, value) in vector.enumerated() {
                    let row = dimension * width
                    for unit in 0..<width { sums[unit] += value * weights[row + unit] }
                }
            }
        }
        return sums.map { max($0, 0) }
    }
}

import Foundation

/// Anything that turns a text into the encoder's vector: the encoder itself, or vectors it computed earlier.
public protocol TextEncoder: Sendable {
    func encode(_ text: String) -> [Float]
    /// The vectors of several texts, in order: what `encode(_:)` gives for each.
    func encode(_ texts: [String]) -> [[Float]]
}

extension TextEncoder {
    public func encode(_ texts: [String]) -> [[Float]] {
        texts.map { encode($0) }
    }
}

/// A sentence encoder: text in, a unit-length vector of 384 numbers out, close for texts that
/// mean alike ("Fed raises rates" and "central bank lifts borrowing costs"). It is the published
/// all-MiniLM-L6-v2 model (a 6-layer BERT, Apache-2.0, `Resources/NOTICE`), run here in Swift
/// with OpenBLAS for the matrix products (`MatrixProduct`); the vector is the mean of the last layer
/// over the tokens.
///
/// Why a pretrained encoder: it brings knowledge of the language that the labeled sets are too
/// small to teach (the topic model reads it beside its word counts; docs/jarvis/story-engine.md).
public struct SentenceEncoder: TextEncoder {
    public static let dimension = 384
    /// Texts are cut to this many tokens (a headline and the first 60 words fit).
    public static let maxTokens = 128
    static let layerCount = 6
    static let headCount = 12
    static let feedForwardWidth = 1_536
    static let positionCount = 512
    static let layerNormEpsilon: Float = 1e-12

    public let tokenizer: WordPieceTokenizer
    private let wordEmbeddings: [Float]
    private let positionEmbeddings: [Float]
    private let typeEmbedding: [Float]
    private let embeddingNorm: LayerNorm
    private let layers: [EncoderLayer]

    public init(weights: EncoderWeights, tokenizer: WordPieceTokenizer) throws {
        let width = Self.dimension
        _ = try MatrixProduct.library.get()
        self.tokenizer = tokenizer
        // One row per token id the tokenizer can give.
        wordEmbeddings = try weights.tensor("embeddings.word_embeddings.weight", rows: tokenizer.vocabularySize, columns: width)
        positionEmbeddings = try weights.tensor("embeddings.position_embeddings.weight", rows: Self.positionCount, columns: width)
        typeEmbedding = Array(try weights.tensor("embeddings.token_type_embeddings.weight", rows: 2, columns: width).prefix(width))
        embeddingNorm = try LayerNorm(weights, "embeddings.LayerNorm", width: width)
        layers = try (0..<Self.layerCount).map { try EncoderLayer(weights, prefix: "encoder.layer.\($0).") }
    }

    /// The shipped encoder (`Resources/minilm-l6-v2.senc`, `Resources/vocab.txt`), read once per process.
    public static func bundled() throws -> SentenceEncoder {
        try bundledEncoder.get()
    }

    private static let bundledEncoder: Result<SentenceEncoder, any Error> = Result {
        guard let weightsURL = Bundle.module.url(forResource: "minilm-l6-v2", withExtension: "senc"),
              let vocabularyURL = Bundle.module.url(forResource: "vocab", withExtension: "txt") else {
            throw EncoderWeights.FormatError(reason: "the encoder's files are missing from the bundle")
        }
        return try SentenceEncoder(weights: EncoderWeights.decode(Data(contentsOf: weightsURL)),
                                   tokenizer: WordPieceTokenizer(vocabulary: String(contentsOf: vocabularyURL, encoding: .utf8)))
    }

    /// The unit-length vector of a text (of its first `maxTokens` tokens).
    public func encode(_ text: String) -> [Float] {
        encode([text])[0]
    }

    /// The vectors of several texts, computed together: each matrix product of a layer takes the tokens
    /// of all of them at once (attention stays within each text), which OpenBLAS runs faster than one
    /// small product per text. Each vector is what `encode(_:)` gives for its text alone.
    public func encode(_ texts: [String]) -> [[Float]] {
        let sequences = texts.map { tokenizer.ids($0, maxTokens: Self.maxTokens) }
        let lengths = sequences.map(\.count)
        let rows = lengths.reduce(0, +), width = Self.dimension
        var hidden = [Float](repeating: 0, count: rows * width)
        hidden.withUnsafeMutableBufferPointer { hidden in
            var place = 0
            for ids in sequences {
                for (position, id) in ids.enumerated() {
                    let word = Int(id) * width, positionBase = position * width
                    for index in 0..<width {
                        hidden[place + index] = wordEmbeddings[word + index] + positionEmbeddings[positionBase + index]
                            + typeEmbedding[index]
                    }
                    place += width
                }
            }
        }
        embeddingNorm.apply(&hidden, rows: rows)
        for layer in layers { layer.apply(&hidden, lengths: lengths) }
        var vectors: [[Float]] = []
        var first = 0
        for length in lengths {
            var mean = [Float](repeating: 0, count: width)
            for position in first ..< first + length {
                for index in 0..<width { mean[index] += hidden[position * width + index] }
            }
            first += length
            let norm = mean.reduce(0) { $0 + $1 * $1 }.squareRoot()
            vectors.append(norm > 0 ? mean.map { $0 / norm } : mean)
        }
        return vectors
    }
}

/// One transformer layer: self-attention (12 heads), then a feed-forward block, each followed by
/// a residual sum and layer normalisation (post-norm, as in BERT).
struct EncoderLayer: Sendable {
    /// The query, key and value projections as one product: their weights stacked, 3 × 384 outputs.
    let projections: Linear
    let attentionOutput: Linear
    let attentionNorm: LayerNorm
    let intermediate: Linear, output: Linear
    let outputNorm: LayerNorm

    init(_ weights: EncoderWeights, prefix: String) throws {
        let width = SentenceEncoder.dimension, inner = SentenceEncoder.feedForwardWidth
        projections = try Linear(stacking: ["query", "key", "value"].map { try Linear(weights, prefix + "attention.self." + $0,
                                                                                    inputs: width, outputs: width) })
        attentionOutput = try Linear(weights, prefix + "attention.output.dense", inputs: width, outputs: width)
        attentionNorm = try LayerNorm(weights, prefix + "attention.output.LayerNorm", width: width)
        intermediate = try Linear(weights, prefix + "intermediate.dense", inputs: width, outputs: inner)
        output = try Linear(weights, prefix + "output.dense", inputs: inner, outputs: width)
        outputNorm = try LayerNorm(weights, prefix + "output.LayerNorm", width: width)
    }

    /// `hidden` holds the rows of consecutive texts, `lengths` their token counts.
    func apply(_ hidden: inout [Float], lengths: [Int]) {
        let rows = hidden.count / SentenceEncoder.dimension
        var attended = attentionOutput.apply(attention(hidden, lengths: lengths), rows: rows)
        Vector.add(hidden, to: &attended)
        attentionNorm.apply(&attended, rows: rows)
        var inner = intermediate.apply(attended, rows: rows)
        Vector.gelu(&inner)
        hidden = output.apply(inner, rows: rows)
        Vector.add(attended, to: &hidden)
        outputNorm.apply(&hidden, rows: rows)
    }

    /// Scaled dot-product attention per text and head; each head reads its 32 columns of Q, K and V in place.
    private func attention(_ hidden: [Float], lengths: [Int]) -> [Float] {
        let width = SentenceEncoder.dimension, heads = SentenceEncoder.headCount, headWidth = width / heads
        let rows = hidden.count / width, stride = 3 * width
        let projected = projections.apply(hidden, rows: rows)
        var context = [Float](repeating: 0, count: rows * width)
        var scores = [Float](repeating: 0, count: (lengths.max() ?? 0) * (lengths.max() ?? 0))
        let scale = 1 / Float(headWidth).squareRoot()
        projected.withUnsafeBufferPointer { projected in
            context.withUnsafeMutableBufferPointer { context in
                scores.withUnsafeMutableBufferPointer { scores in
                    var first = 0
                    for length in lengths {
                        let queries = projected.baseAddress! + first * stride
                        for head in 0..<heads {
                            let offset = head * headWidth
                            MatrixProduct.multiply(rows: length, columns: length, inner: headWidth, alpha: scale,
                                                   queries + offset, lda: stride, queries + width + offset, ldb: stride,
                                                   transposeB: true, beta: 0, scores.baseAddress!, ldc: length)
                            for row in 0..<length { Vector.softmax(scores.baseAddress! + row * length, count: length) }
                            MatrixProduct.multiply(rows: length, columns: headWidth, inner: length,
                                                   scores.baseAddress!, lda: length, queries + 2 * width + offset, ldb: stride,
                                                   transposeB: false, beta: 0,
                                                   context.baseAddress! + first * width + offset, ldc: width)
                        }
                        first += length
                    }
                }
            }
        }
        return context
    }
}

/// y = x·Wᵀ + b over a batch of rows (W stored as outputs × inputs, as trained).
struct Linear: Sendable {
    let weight: [Float]
    let bias: [Float]
    let inputs: Int
    let outputs: Int

    init(_ weights: EncoderWeights, _ name: String, inputs: Int, outputs: Int) throws {
        weight = try weights.tensor(name + ".weight", rows: outputs, columns: inputs)
        bias = try weights.tensor(name + ".bias", rows: 1, columns: outputs)
        self.inputs = inputs
        self.outputs = outputs
    }

    /// Several layers of the same input as one: their outputs side by side.
    init(stacking parts: [Linear]) throws {
        guard let inputs = parts.first?.inputs, parts.allSatisfy({ $0.inputs == inputs }) else {
            throw EncoderWeights.FormatError(reason: "stacked layers read inputs of different widths")
        }
        weight = parts.flatMap(\.weight)
        bias = parts.flatMap(\.bias)
        self.inputs = inputs
        outputs = parts.reduce(0) { $0 + $1.outputs }
    }

    func apply(_ x: [Float], rows: Int) -> [Float] {
        var y = [Float](repeating: 0, count: rows * outputs)
        y.withUnsafeMutableBufferPointer { y in
            for row in 0..<rows {
                for column in 0..<outputs { y[row * outputs + column] = bias[column] }
            }
            x.withUnsafeBufferPointer { x in
                weight.withUnsafeBufferPointer { weight in
                    MatrixProduct.multiply(rows: rows, columns: outputs, inner: inputs, x.baseAddress!, lda: inputs,
                                           weight.baseAddress!, ldb: inputs, transposeB: true, beta: 1, y.baseAddress!, ldc: outputs)
                }
            }
        }
        return y
    }
}

/// Normalises each row to mean 0 and variance 1, then scales and shifts it per column.
struct LayerNorm: Sendable {
    let gain: [Float]
    let shift: [Float]

    init(_ weights: EncoderWeights, _ name: String, width: Int) throws {
        gain = try weights.tensor(name + ".weight", rows: 1, columns: width)
        shift = try weights.tensor(name + ".bias", rows: 1, columns: width)
    }

    func apply(_ x: inout [Float], rows: Int) {
        let width = gain.count
        x.withUnsafeMutableBufferPointer { x in
            gain.withUnsafeBufferPointer { gain in
                shift.withUnsafeBufferPointer { shift in
                    for row in 0..<rows {
                        let base = row * width
                        var mean: Float = 0
                        for index in 0..<width { mean += x[base + index] }
                        mean /= Float(width)
                        var variance: Float = 0
                        for index in 0..<width { variance += (x[base + index] - mean) * (x[base + index] - mean) }
                        variance /= Float(width)
                        let scale = 1 / (variance + SentenceEncoder.layerNormEpsilon).squareRoot()
                        for index in 0..<width { x[base + index] = (x[base + index] - mean) * scale * gain[index] + shift[index] }
                    }
                }
            }
        }
    }
}

/// The element-wise steps of a layer, as loops over unsafe buffers (no bounds checks, so they vectorise).
enum Vector {
    /// y += x.
    static func add(_ x: [Float], to y: inout [Float]) {
        x.withUnsafeBufferPointer { x in
            y.withUnsafeMutableBufferPointer { y in
                for index in 0..<y.count { y[index] += x[index] }
            }
        }
    }

    /// GELU in the exact form BERT uses, x · (1 + erf(x / √2)) / 2, with `erf` as a rational function
    /// (a loop the compiler vectorises, where the C library's `erff` is one call per value).
    static func gelu(_ values: inout [Float]) {
        values.withUnsafeMutableBufferPointer { values in
            for index in 0..<values.count {
                let x = values[index]
                values[index] = 0.5 * x * (1 + erf(x * 0.70710678))
            }
        }
    }

    /// erf to within 5e-7 everywhere: Eigen's rational approximation (odd degree-13 numerator, even degree-8
    /// denominator) on [−4, 4], where single precision's erf reaches ±1.
    @inline(__always)
    static func erf(_ value: Float) -> Float {
        let x = min(max(value, -4), 4)
        let x2 = x * x
        var p: Float = x2 * -2.72614225801306e-10 + 2.77068142495902e-08
        p = x2 * p - 2.10102402082508e-06
        p = x2 * p - 5.69250639462346e-05
        p = x2 * p - 7.34990630326855e-04
        p = x2 * p - 2.95459980854025e-03
        p = x2 * p - 1.60960333262415e-02
        var q: Float = x2 * -1.45660718464996e-05 - 2.13374055278905e-04
        q = x2 * q - 1.68282697438203e-03
        q = x2 * q - 7.37332916720468e-03
        q = x2 * q - 1.42647390514189e-02
        return x * p / q
    }

    /// The softmax of `count` values in place.
    static func softmax(_ values: UnsafeMutablePointer<Float>, count: Int) {
        var top = -Float.infinity
        for index in 0..<count { top = max(top, values[index]) }
        var total: Float = 0
        for index in 0..<count {
            let e = expf(values[index] - top)
            values[index] = e
            total += e
        }
        let scale = 1 / total
        for index in 0..<count { values[index] *= scale }
    }
}

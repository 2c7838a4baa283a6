import COpenBLAS
import Foundation

/// Anything that turns a text into the encoder's vector: the encoder itself, or vectors it computed earlier.
public protocol TextEncoder: Sendable {
    func encode(_ text: String) -> [Float]
}

/// A sentence encoder: text in, a unit-length vector of 384 numbers out, close for texts that
/// mean alike ("Fed raises rates" and "central bank lifts borrowing costs"). It is the published
/// all-MiniLM-L6-v2 model (a 6-layer BERT, Apache-2.0, `Resources/NOTICE`), run here in Swift
/// with OpenBLAS for the matrix products; the vector is the mean of the last layer over the tokens.
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
        self.tokenizer = tokenizer
        // One row per token id the tokenizer can give.
        wordEmbeddings = try weights.tensor("embeddings.word_embeddings.weight", rows: tokenizer.vocabularySize, columns: width)
        positionEmbeddings = try weights.tensor("embeddings.position_embeddings.weight", rows: Self.positionCount, columns: width)
        typeEmbedding = Array(try weights.tensor("embeddings.token_type_embeddings.weight", rows: 2, columns: width).prefix(width))
        embeddingNorm = try LayerNorm(weights, "embeddings.LayerNorm", width: width)
        layers = try (0..<Self.layerCount).map { try EncoderLayer(weights, prefix: "encoder.layer.\($0).") }
        // Each product runs on the calling thread: the server encodes on its own worker threads, and a pool
        // of BLAS threads would compete with them for the same cores.
        openblas_set_num_threads(1)
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
        let ids = tokenizer.ids(text, maxTokens: Self.maxTokens)
        let width = Self.dimension
        var hidden = [Float](repeating: 0, count: ids.count * width)
        for (position, id) in ids.enumerated() {
            let word = Int(id) * width, place = position * width
            for index in 0..<width {
                hidden[place + index] = wordEmbeddings[word + index] + positionEmbeddings[place + index] + typeEmbedding[index]
            }
        }
        embeddingNorm.apply(&hidden, rows: ids.count)
        for layer in layers { layer.apply(&hidden, rows: ids.count) }
        var mean = [Float](repeating: 0, count: width)
        for position in 0..<ids.count {
            for index in 0..<width { mean[index] += hidden[position * width + index] }
        }
        let length = mean.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return length > 0 ? mean.map { $0 / length } : mean
    }
}

/// One transformer layer: self-attention (12 heads), then a feed-forward block, each followed by
/// a residual sum and layer normalisation (post-norm, as in BERT).
struct EncoderLayer: Sendable {
    let query: Linear, key: Linear, value: Linear, attentionOutput: Linear
    let attentionNorm: LayerNorm
    let intermediate: Linear, output: Linear
    let outputNorm: LayerNorm

    init(_ weights: EncoderWeights, prefix: String) throws {
        let width = SentenceEncoder.dimension, inner = SentenceEncoder.feedForwardWidth
        query = try Linear(weights, prefix + "attention.self.query", inputs: width, outputs: width)
        key = try Linear(weights, prefix + "attention.self.key", inputs: width, outputs: width)
        value = try Linear(weights, prefix + "attention.self.value", inputs: width, outputs: width)
        attentionOutput = try Linear(weights, prefix + "attention.output.dense", inputs: width, outputs: width)
        attentionNorm = try LayerNorm(weights, prefix + "attention.output.LayerNorm", width: width)
        intermediate = try Linear(weights, prefix + "intermediate.dense", inputs: width, outputs: inner)
        output = try Linear(weights, prefix + "output.dense", inputs: inner, outputs: width)
        outputNorm = try LayerNorm(weights, prefix + "output.LayerNorm", width: width)
    }

    func apply(_ hidden: inout [Float], rows: Int) {
        var attended = attentionOutput.apply(attention(hidden, rows: rows), rows: rows)
        for index in attended.indices { attended[index] += hidden[index] }
        attentionNorm.apply(&attended, rows: rows)
        var inner = intermediate.apply(attended, rows: rows)
        for index in inner.indices {
            let x = inner[index]
            inner[index] = 0.5 * x * (1 + erff(x * 0.70710678))   // GELU, the exact (erf) form BERT uses
        }
        hidden = output.apply(inner, rows: rows)
        for index in hidden.indices { hidden[index] += attended[index] }
        outputNorm.apply(&hidden, rows: rows)
    }

    /// Scaled dot-product attention per head; each head reads its 32 columns of Q, K and V in place.
    private func attention(_ hidden: [Float], rows: Int) -> [Float] {
        let width = SentenceEncoder.dimension, heads = SentenceEncoder.headCount, headWidth = width / heads
        let q = query.apply(hidden, rows: rows), k = key.apply(hidden, rows: rows), v = value.apply(hidden, rows: rows)
        var context = [Float](repeating: 0, count: rows * width)
        var scores = [Float](repeating: 0, count: rows * rows)
        let scale = 1 / Float(headWidth).squareRoot()
        for head in 0..<heads {
            let offset = head * headWidth
            q.withUnsafeBufferPointer { q in
                k.withUnsafeBufferPointer { k in
                    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(rows), Int32(rows), Int32(headWidth), scale,
                                q.baseAddress! + offset, Int32(width), k.baseAddress! + offset, Int32(width),
                                0, &scores, Int32(rows))
                }
            }
            for row in 0..<rows {
                let base = row * rows
                var top = -Float.infinity
                for column in 0..<rows { top = max(top, scores[base + column]) }
                var total: Float = 0
                for column in 0..<rows {
                    let e = expf(scores[base + column] - top)
                    scores[base + column] = e
                    total += e
                }
                for column in 0..<rows { scores[base + column] /= total }
            }
            v.withUnsafeBufferPointer { v in
                context.withUnsafeMutableBufferPointer { context in
                    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(rows), Int32(headWidth), Int32(rows), 1,
                                scores, Int32(rows), v.baseAddress! + offset, Int32(width),
                                0, context.baseAddress! + offset, Int32(width))
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

    func apply(_ x: [Float], rows: Int) -> [Float] {
        var y = [Float](repeating: 0, count: rows * outputs)
        for row in 0..<rows {
            for column in 0..<outputs { y[row * outputs + column] = bias[column] }
        }
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(rows), Int32(outputs), Int32(inputs), 1,
                    x, Int32(inputs), weight, Int32(inputs), 1, &y, Int32(outputs))
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

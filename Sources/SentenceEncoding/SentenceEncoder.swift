import CEncoderKernels
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
/// all-MiniLM-L6-v2 model (a 6-layer BERT, Apache-2.0, `Resources/NOTICE`), run here in Swift,
/// the layers' products in bfloat16 with oneDNN or OpenBLAS (`Linear`, `BFloat16Product`, `MatrixProduct`); the
/// vector is the mean of the last layer over the tokens.
///
/// Why a pretrained encoder: it brings knowledge of the language that the labeled sets are too
/// small to teach (the topic model reads it beside its word counts; docs/jarvis/story-engine.md).
public struct SentenceEncoder: TextEncoder {
    public static let dimension = 384
    /// Texts are cut to this many tokens (a headline and 60 words take about 75, so most fit; the longest lose their
    /// tail). The topic model's encoder scorer is trained on vectors of texts cut here and refuses weights of another
    /// cut (`EncoderScorer`, `@max-tokens`); at 64 one newsroom report loses its desk (docs/jarvis/story-engine.md).
    public static let maxTokens = 96
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
        projections = try Linear(weights, ["query", "key", "value"].map { prefix + "attention.self." + $0 }, inputs: width, outputs: width)
        attentionOutput = try Linear(weights, [prefix + "attention.output.dense"], inputs: width, outputs: width)
        attentionNorm = try LayerNorm(weights, prefix + "attention.output.LayerNorm", width: width)
        intermediate = try Linear(weights, [prefix + "intermediate.dense"], inputs: width, outputs: inner)
        output = try Linear(weights, [prefix + "output.dense"], inputs: inner, outputs: width)
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

/// y = x·Wᵀ + b over a batch of rows (W stored as outputs × inputs, as trained), with x and W rounded to
/// bfloat16 and the products summed in single precision: with oneDNN where the CPU computes bfloat16 natively
/// (`BFloat16Product`: AMX tiles or AVX512-BF16), otherwise with OpenBLAS's `sgemm` on the same rounded values.
struct Linear: Sendable {
    enum Weight: Sendable {
        /// W converted by oneDNN, at load, into its product's layout.
        case oneDNN(BFloat16Product)
        /// W rounded to bfloat16, kept as floats for `sgemm`.
        case rounded([Float])
    }

    let weight: Weight
    let bias: [Float]
    let inputs: Int
    let outputs: Int

    /// The layers `names` of the same input as one: their outputs side by side (`outputs` each).
    init(_ weights: EncoderWeights, _ names: [String], inputs: Int, outputs: Int,
         oneDNN: Bool = BFloat16Product.available) throws {
        var matrix: [Float] = [], bias: [Float] = []
        for name in names {
            matrix += try weights.tensor(name + ".weight", rows: outputs, columns: inputs)
            bias += try weights.tensor(name + ".bias", rows: 1, columns: outputs)
        }
        try self.init(weight: matrix, bias: bias, inputs: inputs, oneDNN: oneDNN)
    }

    init(weight matrix: [Float], bias: [Float], inputs: Int, oneDNN: Bool = BFloat16Product.available) throws {
        let outputs = bias.count
        guard matrix.count == outputs * inputs else { throw EncoderWeights.FormatError(reason: "a layer's weights do not fit its bias") }
        weight = oneDNN ? .oneDNN(try BFloat16Product(weight: matrix, bias: bias, inputs: inputs)) : .rounded(matrix.map(BFloat16.round))
        self.bias = bias
        self.inputs = inputs
        self.outputs = outputs
    }

    func apply(_ x: [Float], rows: Int) -> [Float] {
        guard rows > 0 else { return [] }
        // oneDNN writes whole chunks of 32 rows: the array's spare capacity takes the last chunk's padding rows.
        return [Float](unsafeUninitializedCapacity: BFloat16Product.paddedRows(rows) * outputs) { y, count in
            switch weight {
            case .oneDNN(let product):
                x.withUnsafeBufferPointer { product.apply($0.baseAddress!, rows: rows, into: y.baseAddress!) }
            case .rounded(let weight):
                for row in 0..<rows {
                    for column in 0..<outputs { (y.baseAddress! + row * outputs + column).initialize(to: bias[column]) }
                }
                let rounded = x.map(BFloat16.round)
                rounded.withUnsafeBufferPointer { x in
                    weight.withUnsafeBufferPointer { weight in
                        MatrixProduct.multiply(rows: rows, columns: outputs, inner: inputs, x.baseAddress!, lda: inputs,
                                               weight.baseAddress!, ldb: inputs, transposeB: true, beta: 1, y.baseAddress!,
                                               ldc: outputs)
                    }
                }
            }
            count = rows * outputs
        }
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
        x.withUnsafeMutableBufferPointer { x in
            encoder_layer_norm(x.baseAddress, rows, gain.count, gain, shift, SentenceEncoder.layerNormEpsilon)
        }
    }
}

/// The element-wise steps of a layer. GELU, softmax and layer normalisation run in `CEncoderKernels`, compiled for
/// the widest instruction set the CPU has (Swift's loops stay four lanes wide on x86-64) and giving the same bits on
/// every one.
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
    /// (a loop that vectorises, where the C library's `erff` is one call per value).
    static func gelu(_ values: inout [Float]) {
        values.withUnsafeMutableBufferPointer { encoder_gelu($0.baseAddress, $0.count) }
    }

    /// The softmax of `count` values in place.
    static func softmax(_ values: UnsafeMutablePointer<Float>, count: Int) { encoder_softmax(values, count) }
}

import Foundation
import SentenceEncoding

/// The subject model's second reader: a scorer over the sentence encoder's vector of an article's
/// headline and lead, linear or through one hidden layer of rectified linear units (`hidden`). Its
/// scores, times `mix`, are added to the word model's before the softmax. The words say what the labels
/// taught; the encoder knows the language beyond them (4-fold cross-validation 0.9129 → 0.9178,
/// docs/jarvis/story-engine.md, Topics).
public struct EncoderScorer: Sendable {
    /// The encoder reads the headline and this many words of the body (about 75 tokens).
    public static let leadWords = 60

    public let classes: [Subject]
    /// How much its scores add to the word model's.
    public let mix: Double
    /// The hidden layer the output weights read, or `nil` when they read the encoder's vector itself.
    public let hidden: EncoderHiddenLayer?
    /// Row-major over the output layer's inputs (the encoder's dimensions, or the hidden units): the weights of
    /// input `i` are `weights[i * classes.count ..< (i + 1) * classes.count]`.
    private let weights: [Float]
    private let bias: [Float]

    private var inputWidth: Int { hidden?.width ?? SentenceEncoder.dimension }

    public init(classes: [Subject], weights: [Float], bias: [Float], mix: Double, hidden: EncoderHiddenLayer? = nil) {
        precondition(weights.count == (hidden?.width ?? SentenceEncoder.dimension) * classes.count && bias.count == classes.count,
                     "one weight per input and class, one bias per class")
        self.classes = classes
        self.weights = weights
        self.bias = bias
        self.mix = mix
        self.hidden = hidden
    }

    /// The same scorer with another `mix`: the weights do not depend on it, so settings that differ only in
    /// the mix share one fitted scorer (`TopicTrainer --validate`).
    public func mixed(_ mix: Double) -> EncoderScorer {
        EncoderScorer(classes: classes, weights: weights, bias: bias, mix: mix, hidden: hidden)
    }

    /// One scorer whose scores are the mean of `members`' (a seed ensemble): their hidden units side by side,
    /// each member's output weights and biases divided by the count. The members share classes and mix and each
    /// has a hidden layer, so the sum of their outputs is one network's and the file format stays one.
    public static func averaging(_ members: [EncoderScorer]) -> EncoderScorer {
        precondition(!members.isEmpty, "an ensemble of at least one encoder scorer")
        guard let first = members.first, members.count > 1 else { return members[0] }
        precondition(members.allSatisfy { $0.hidden != nil && $0.classes == first.classes && $0.mix == first.mix },
                     "members with hidden layers, the same classes and mix")
        let share = 1 / Float(members.count)
        let layers = members.map { $0.hidden! }
        let hiddenWeights = (0..<SentenceEncoder.dimension).flatMap { dimension in
            layers.flatMap { $0.weights[dimension * $0.width ..< (dimension + 1) * $0.width] }
        }
        let bias = (0..<first.classes.count).map { column in members.reduce(0) { $0 + $1.bias[column] } * share }
        return EncoderScorer(classes: first.classes, weights: members.flatMap { $0.weights.map { $0 * share } }, bias: bias,
                             mix: first.mix, hidden: EncoderHiddenLayer(weights: hiddenWeights, bias: layers.flatMap(\.bias)))
    }

    /// What the encoder reads of an article.
    public static func text(headline: String, body: String) -> String {
        headline + ". " + body.split(whereSeparator: \.isWhitespace).prefix(leadWords).joined(separator: " ")
    }

    /// Scores of an encoder vector, in the order of `classes`, already times `mix`.
    public func scores(_ vector: [Float]) -> [Double] {
        let inputs = hidden?.activations(vector) ?? vector
        let width = classes.count
        var scores = bias.map(Double.init)
        for (input, value) in inputs.enumerated() {
            for column in 0..<width { scores[column] += Double(value * weights[input * width + column]) }
        }
        return scores.map { $0 * mix }
    }

    /// `#` comments, `@classes`, `@mix`, `@max-tokens` (the encoder's cut of the texts its vectors were
    /// trained on, `SentenceEncoder.maxTokens`), `@bias`; with a hidden layer `@hidden-bias` (one per unit) and
    /// one line `h` + dimension per encoder dimension (one weight per unit); then one line per input of the
    /// output layer (its index, one weight per class), tab-separated.
    public func encoded(comment: [String]) -> String {
        var lines = comment.map { "# " + $0 }
        lines.append((["@classes"] + classes.map(\.rawValue)).joined(separator: "\t"))
        lines.append("@mix\t" + String(format: "%.6g", mix))
        lines.append("@max-tokens\t\(SentenceEncoder.maxTokens)")
        lines.append((["@bias"] + bias.map(Self.format)).joined(separator: "\t"))
        if let hidden {
            lines.append((["@hidden-bias"] + hidden.bias.map(Self.format)).joined(separator: "\t"))
            lines += Self.rows(hidden.weights, width: hidden.width, count: SentenceEncoder.dimension, prefix: "h")
        }
        lines += Self.rows(weights, width: classes.count, count: inputWidth, prefix: "")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func rows(_ values: [Float], width: Int, count: Int, prefix: String) -> [String] {
        (0..<count).map { row in
            ([prefix + String(row)] + values[row * width ..< (row + 1) * width].map(format)).joined(separator: "\t")
        }
    }

    /// Refuses weights trained on vectors of texts cut at another length than the encoder's: they were
    /// fitted to vectors the encoder no longer gives.
    public static func decode(_ text: String) throws -> EncoderScorer {
        var classes: [Subject] = []
        var mix: Double?
        var maxTokens: Int?
        var bias: [Float] = []
        var hiddenBias: [Float] = []
        var hiddenRows: [Int: [Float]] = [:]
        var rows: [Int: [Float]] = [:]
        for (number, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func fail(_ reason: String) -> SubjectModel.FormatError {
                SubjectModel.FormatError(line: number + 1, reason: "encoder scorer: " + reason)
            }
            if fields[0] == "@classes" {
                classes = try fields.dropFirst().map { name in
                    guard let subject = Subject(rawValue: name) else { throw fail("unknown class \(name)") }
                    return subject
                }
                continue
            }
            let values = fields.dropFirst().compactMap(Float.init)
            guard values.count == fields.count - 1 else { throw fail("expected numbers after \(fields[0])") }
            switch fields[0] {
            case "@mix" where values.count == 1: mix = Double(values[0])
            case "@max-tokens" where values.count == 1:
                guard let tokens = Int(fields[1]), tokens == SentenceEncoder.maxTokens else {
                    throw fail("trained on texts cut to \(fields[1]) tokens, the encoder cuts at \(SentenceEncoder.maxTokens): retrain (TopicTrainer)")
                }
                maxTokens = tokens
            case "@bias" where values.count == classes.count && !classes.isEmpty: bias = values
            case "@hidden-bias" where !values.isEmpty: hiddenBias = values
            case let name where name.hasPrefix("h"):
                guard let dimension = Int(name.dropFirst()), (0..<SentenceEncoder.dimension).contains(dimension),
                      !hiddenBias.isEmpty, values.count == hiddenBias.count else {
                    throw fail("expected h, a dimension and \(hiddenBias.count) hidden weights after @hidden-bias")
                }
                hiddenRows[dimension] = values
            default:
                let inputs = hiddenBias.isEmpty ? SentenceEncoder.dimension : hiddenBias.count
                guard let input = Int(fields[0]), (0..<inputs).contains(input), values.count == classes.count, !classes.isEmpty else {
                    throw fail("expected an input below \(inputs) and \(classes.count) weights")
                }
                rows[input] = values
            }
        }
        let inputs = hiddenBias.isEmpty ? SentenceEncoder.dimension : hiddenBias.count
        guard let mix, maxTokens != nil, !classes.isEmpty, bias.count == classes.count, rows.count == inputs,
              hiddenBias.isEmpty || hiddenRows.count == SentenceEncoder.dimension else {
            throw SubjectModel.FormatError(line: 0, reason: "encoder scorer: missing classes, mix, max-tokens, bias, hidden units or inputs")
        }
        let hidden = hiddenBias.isEmpty ? nil
            : EncoderHiddenLayer(weights: (0..<SentenceEncoder.dimension).flatMap { hiddenRows[$0]! }, bias: hiddenBias)
        return EncoderScorer(classes: classes, weights: (0..<inputs).flatMap { rows[$0]! }, bias: bias, mix: mix, hidden: hidden)
    }

    private static func format(_ value: Float) -> String {
        String(format: "%.5g", Double(value))
    }
}

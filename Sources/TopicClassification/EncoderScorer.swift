import Foundation
import SentenceEncoding

/// The subject model's second reader: a linear scorer over the sentence encoder's vector of an
/// article's headline and lead. Its scores, times `mix`, are added to the word model's before the
/// softmax, so the two are one log-linear model. The words say what the labels taught; the encoder
/// knows the language beyond them (4-fold cross-validation 0.9129 → 0.9178, docs/jarvis/story-engine.md, Topics).
public struct EncoderScorer: Sendable {
    /// The encoder reads the headline and this many words of the body (about 75 tokens).
    public static let leadWords = 60

    public let classes: [Subject]
    /// How much its scores add to the word model's.
    public let mix: Double
    /// Row-major: the weights of dimension `d` are `weights[d * classes.count ..< (d + 1) * classes.count]`.
    private let weights: [Float]
    private let bias: [Float]

    public init(classes: [Subject], weights: [Float], bias: [Float], mix: Double) {
        precondition(weights.count == SentenceEncoder.dimension * classes.count && bias.count == classes.count,
                     "one weight per dimension and class, one bias per class")
        self.classes = classes
        self.weights = weights
        self.bias = bias
        self.mix = mix
    }

    /// The same scorer with another `mix`: the weights do not depend on it, so settings that differ only in
    /// the mix share one fitted regression (`TopicTrainer --validate`).
    public func mixed(_ mix: Double) -> EncoderScorer {
        EncoderScorer(classes: classes, weights: weights, bias: bias, mix: mix)
    }

    /// What the encoder reads of an article.
    public static func text(headline: String, body: String) -> String {
        headline + ". " + body.split(whereSeparator: \.isWhitespace).prefix(leadWords).joined(separator: " ")
    }

    /// Linear scores of an encoder vector, in the order of `classes`, already times `mix`.
    public func scores(_ vector: [Float]) -> [Double] {
        let width = classes.count
        var scores = bias.map(Double.init)
        for (dimension, value) in vector.enumerated() {
            for column in 0..<width { scores[column] += Double(value * weights[dimension * width + column]) }
        }
        return scores.map { $0 * mix }
    }

    /// `#` comments, `@classes`, `@mix`, `@max-tokens` (the encoder's cut of the texts its vectors were
    /// trained on, `SentenceEncoder.maxTokens`), `@bias`, then one line per encoder dimension (its index,
    /// one weight per class), tab-separated.
    public func encoded(comment: [String]) -> String {
        var lines = comment.map { "# " + $0 }
        lines.append((["@classes"] + classes.map(\.rawValue)).joined(separator: "\t"))
        lines.append("@mix\t" + String(format: "%.6g", mix))
        lines.append("@max-tokens\t\(SentenceEncoder.maxTokens)")
        lines.append((["@bias"] + bias.map(Self.format)).joined(separator: "\t"))
        let width = classes.count
        for dimension in 0..<SentenceEncoder.dimension {
            lines.append(([String(dimension)] + weights[dimension * width ..< (dimension + 1) * width].map(Self.format))
                .joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Refuses weights trained on vectors of texts cut at another length than the encoder's: they were
    /// fitted to vectors the encoder no longer gives.
    public static func decode(_ text: String) throws -> EncoderScorer {
        var classes: [Subject] = []
        var mix: Double?
        var maxTokens: Int?
        var bias: [Float] = []
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
            default:
                guard let dimension = Int(fields[0]), (0..<SentenceEncoder.dimension).contains(dimension),
                      values.count == classes.count, !classes.isEmpty else {
                    throw fail("expected a dimension and \(classes.count) weights")
                }
                rows[dimension] = values
            }
        }
        guard let mix, maxTokens != nil, !classes.isEmpty, bias.count == classes.count, rows.count == SentenceEncoder.dimension else {
            throw SubjectModel.FormatError(line: 0, reason: "encoder scorer: missing classes, mix, max-tokens, bias or dimensions")
        }
        return EncoderScorer(classes: classes, weights: (0..<SentenceEncoder.dimension).flatMap { rows[$0]! }, bias: bias, mix: mix)
    }

    private static func format(_ value: Float) -> String {
        String(format: "%.5g", Double(value))
    }
}

import Foundation

/// A multinomial logistic regression over `SubjectFeatures` vectors: one weight per term and
/// class plus a bias per class. Linear, so classifying costs one look-up per term of the text.
public struct SubjectModel: Sendable {
    public let classes: [Subject]
    private let termIndex: [String: Int]
    /// Row-major: the weights of term `i` are `weights[i * classes.count ..< (i + 1) * classes.count]`.
    private let weights: [Float]
    private let bias: [Float]

    /// `termWeights[term]` holds one weight per class, in the order of `classes`.
    public init(classes: [Subject], termWeights: [String: [Float]], bias: [Float]) {
        precondition(bias.count == classes.count, "one bias per class")
        self.classes = classes
        self.bias = bias
        var index: [String: Int] = [:]
        var flat: [Float] = []
        flat.reserveCapacity(termWeights.count * classes.count)
        for term in termWeights.keys.sorted() {
            let row = termWeights[term]!
            precondition(row.count == classes.count, "one weight per class for \(term)")
            index[term] = index.count
            flat += row
        }
        termIndex = index
        weights = flat
    }

    public var termCount: Int { termIndex.count }

    /// Class probabilities (softmax of the linear scores), in the order of `classes`.
    public func probabilities(_ features: [String: Double]) -> [Double] {
        var scores = bias.map(Double.init)
        let width = classes.count
        for (term, value) in features {
            guard let row = termIndex[term] else { continue }
            for column in 0..<width { scores[column] += value * Double(weights[row * width + column]) }
        }
        let top = scores.max() ?? 0
        let exponentials = scores.map { exp($0 - top) }
        let total = exponentials.reduce(0, +)
        return exponentials.map { $0 / total }
    }

    /// The weights file: `#` comment lines, then `@classes`, `@bias` and one line per term, all
    /// tab-separated. Plain text so a diff of a retrained model shows what changed. The header
    /// names start with "@", which no term can contain, so the word "classes" stays a term.
    public func encoded(comment: [String]) -> String {
        var lines = comment.map { "# " + $0 }
        lines.append((["@classes"] + classes.map(\.rawValue)).joined(separator: "\t"))
        lines.append((["@bias"] + bias.map(Self.format)).joined(separator: "\t"))
        let width = classes.count
        for (term, row) in termIndex.sorted(by: { $0.key < $1.key }) {
            let values = weights[row * width ..< (row + 1) * width].map(Self.format)
            lines.append(([term] + values).joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public struct FormatError: Error, CustomStringConvertible, Sendable {
        public let line: Int
        public let reason: String
        public var description: String { "topic model line \(line): \(reason)" }
    }

    public static func decode(_ text: String) throws -> SubjectModel {
        var classes: [Subject] = []
        var bias: [Float] = []
        var termWeights: [String: [Float]] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            if line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let name = String(fields[0])
            if name == "@classes" {
                classes = try fields.dropFirst().map { field in
                    guard let subject = Subject(rawValue: String(field)) else {
                        throw FormatError(line: number + 1, reason: "unknown class \(field)")
                    }
                    return subject
                }
                continue
            }
            let values = fields.dropFirst().compactMap { Float($0) }
            guard !classes.isEmpty, values.count == classes.count, values.count == fields.count - 1 else {
                throw FormatError(line: number + 1, reason: "expected \(classes.count) numbers after the name")
            }
            if name == "@bias" { bias = values } else { termWeights[name] = values }
        }
        guard !classes.isEmpty, bias.count == classes.count else {
            throw FormatError(line: 0, reason: "missing classes or bias line")
        }
        return SubjectModel(classes: classes, termWeights: termWeights, bias: bias)
    }

    private static func format(_ value: Float) -> String {
        String(format: "%.4g", Double(value))
    }
}

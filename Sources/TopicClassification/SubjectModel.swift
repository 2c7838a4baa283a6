import Foundation

/// A linear scorer over tf-idf vectors of `SubjectFeatures` counts: one weight per term and
/// class plus a bias per class. Linear, so classifying costs one look-up per term of the text.
///
/// Each term also carries its idf (how rare it was among the training texts), so a count is
/// weighed by how much a term says: "said" in every text says little, "filibuster" a lot.
/// Terms without weights take `unlistedIDF` (the idf of a term seen once), which matters only
/// for the vector's length.
public struct SubjectModel: Sendable {
    /// One subject per class; a subject may have several classes, one per kind of text learned
    /// apart (`other`: sport, entertainment, health, disasters…), and the most probable class decides.
    public let classes: [Subject]
    public let unlistedIDF: Double
    private let termIndex: [String: Int]
    /// Row-major: the weights of term `i` are `weights[i * classes.count ..< (i + 1) * classes.count]`.
    private let weights: [Float]
    private let idf: [Float]
    private let bias: [Float]

    /// `termWeights[term]` holds one weight per class, in the order of `classes`; a term missing
    /// from `idf` gets `unlistedIDF` (1 everywhere reproduces plain log counts).
    public init(classes: [Subject], termWeights: [String: [Float]], bias: [Float],
                idf: [String: Float] = [:], unlistedIDF: Double = 1) {
        precondition(bias.count == classes.count, "one bias per class")
        self.classes = classes
        self.bias = bias
        self.unlistedIDF = unlistedIDF
        var index: [String: Int] = [:]
        var flat: [Float] = []
        var idfs: [Float] = []
        flat.reserveCapacity(termWeights.count * classes.count)
        for term in termWeights.keys.sorted() {
            let row = termWeights[term]!
            precondition(row.count == classes.count, "one weight per class for \(term)")
            index[term] = index.count
            flat += row
            idfs.append(idf[term] ?? Float(unlistedIDF))
        }
        termIndex = index
        weights = flat
        self.idf = idfs
    }

    public var termCount: Int { termIndex.count }

    /// log(1 + count) × idf per term, scaled to unit length over all the text's terms (listed
    /// or not), so a long text and a short one are scored alike. The length is summed in the
    /// terms' order, not the dictionary's (hashing is seeded per process), so it is the same
    /// bits in every process.
    public func weightedVector(_ counts: [String: Double]) -> [String: Double] {
        var vector: [String: Double] = [:]
        var squaredLength = 0.0
        for (term, count) in counts.sorted(by: { $0.key < $1.key }) {
            let row = termIndex[term]
            let value = log(1 + count) * (row.map { Double(idf[$0]) } ?? unlistedIDF)
            squaredLength += value * value
            if row != nil { vector[term] = value }
        }
        guard squaredLength > 0 else { return vector }
        let length = squaredLength.squareRoot()
        return vector.mapValues { $0 / length }
    }

    /// Class probabilities (softmax of the linear scores) of a `weightedVector`, in the order of `classes`.
    public func probabilities(_ features: [String: Double]) -> [Double] {
        Self.softmax(scores(features))
    }

    /// The linear scores of a `weightedVector`, in the order of `classes`. Terms are summed in the
    /// order of their rows, not the dictionary's, so a score is the same bits in every process and
    /// a story at a threshold gets the same desk each time.
    public func scores(_ features: [String: Double]) -> [Double] {
        var scores = bias.map(Double.init)
        let width = classes.count
        let rows = features.compactMap { term, value in termIndex[term].map { (row: $0, value: value) } }
        for (row, value) in rows.sorted(by: { $0.row < $1.row }) {
            for column in 0..<width { scores[column] += value * Double(weights[row * width + column]) }
        }
        return scores
    }

    public static func softmax(_ scores: [Double]) -> [Double] {
        let top = scores.max() ?? 0
        let exponentials = scores.map { exp($0 - top) }
        let total = exponentials.reduce(0, +)
        return exponentials.map { $0 / total }
    }

    /// The weights file: `#` comment lines, then `@classes`, `@bias`, `@unlisted-idf` and one
    /// line per term (term, idf, one weight per class), all tab-separated. Plain text so a diff
    /// of a retrained model shows what changed. The header names start with "@", which no term
    /// can contain, so the word "classes" stays a term.
    public func encoded(comment: [String]) -> String {
        var lines = comment.map { "# " + $0 }
        lines.append((["@classes"] + classes.map(\.rawValue)).joined(separator: "\t"))
        lines.append((["@bias"] + bias.map(Self.format)).joined(separator: "\t"))
        lines.append("@unlisted-idf\t" + String(format: "%.6g", unlistedIDF))
        let width = classes.count
        for (term, row) in termIndex.sorted(by: { $0.key < $1.key }) {
            let values = weights[row * width ..< (row + 1) * width].map(Self.format)
            lines.append(([term, String(format: "%.5g", Double(idf[row]))] + values).joined(separator: "\t"))
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
        var unlistedIDF: Double?
        var termWeights: [String: [Float]] = [:]
        var idf: [String: Float] = [:]
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
            guard values.count == fields.count - 1 else {
                throw FormatError(line: number + 1, reason: "expected numbers after the name")
            }
            if name == "@unlisted-idf", values.count == 1 {
                unlistedIDF = Double(values[0])
            } else if name == "@bias", !classes.isEmpty, values.count == classes.count {
                bias = values
            } else if !classes.isEmpty, values.count == classes.count + 1 {
                idf[name] = values[0]
                termWeights[name] = Array(values.dropFirst())
            } else {
                throw FormatError(line: number + 1, reason: "expected an idf and \(classes.count) weights after the name")
            }
        }
        guard !classes.isEmpty, bias.count == classes.count, let unlistedIDF else {
            throw FormatError(line: 0, reason: "missing classes, bias or unlisted-idf line")
        }
        return SubjectModel(classes: classes, termWeights: termWeights, bias: bias, idf: idf, unlistedIDF: unlistedIDF)
    }

    private static func format(_ value: Float) -> String {
        String(format: "%.4g", Double(value))
    }
}

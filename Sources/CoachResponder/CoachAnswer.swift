/// A reply of the built-in responder: sentences to stream, and the evidence rows behind them
/// (rule 2: shown apart from the prose, under display labels — rule 8).
public struct CoachAnswer: Sendable, Equatable {
    public let sentences: [String]
    public let evidence: [EvidenceRow]

    public var text: String { sentences.joined(separator: " ") }
}

public struct EvidenceRow: Sendable, Equatable, Codable {
    public let label: String
    public let value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

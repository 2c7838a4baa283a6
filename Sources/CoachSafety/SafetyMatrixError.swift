/// Why the safety matrix did not load. The server refuses to start with it, so the description
/// says where to look: the file and, where there is one, the line.
public enum SafetyMatrixError: Error, Equatable, CustomStringConvertible {
    /// A file that is missing, is not YAML, or is not in the matrix's shape (contract §7).
    case invalidFile(file: String, line: Int?, reason: String)
    /// The files parse but disagree with English or break a rule about their content; one
    /// line per problem, each naming its file.
    case parity([String])

    public var description: String {
        switch self {
        case let .invalidFile(file, line, reason):
            return "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)"
        case let .parity(problems):
            return "the safety matrix files disagree:\n" + problems.joined(separator: "\n")
        }
    }
}

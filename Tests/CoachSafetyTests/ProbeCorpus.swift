import CoachSafety
import Foundation

/// One probe of `Probes/probes.<locale>.tsv`: a message, its category and the verdict expected.
struct Probe {
    let locale: String
    let category: String
    let expected: String
    let message: String

    var isUnsafe: Bool { expected != "allow" }

    /// The verdict named the way the probe files name it.
    static func name(of verdict: GateVerdict) -> String {
        switch verdict {
        case .allow: return "allow"
        case .injection: return "injection"
        case .refuse(.glp1DoseRefusal, _): return "rule9"
        case .refuse(.drugLevelRefusal, _): return "rule15"
        case .refuse(.outOfScopeRefusal, _): return "out_of_scope"
        case .refuse(let rule, _): return rule.rawValue
        }
    }
}

/// Reads probe files: a header line, then `category<TAB>expected<TAB>message`; `\n` in a
/// message stands for a line break (fake chat transcripts).
enum ProbeCorpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Probes")
    static let categories = ["rule9", "rule15", "injection", "out_of_scope", "benign"]

    /// The probes of `folder`'s six files; a missing file is an error unless `skippingMissingLocales`.
    static func probes(in folder: URL, skippingMissingLocales: Bool = false) throws -> [Probe] {
        try CoachLocale.allCases.flatMap { locale -> [Probe] in
            let file = folder.appendingPathComponent("probes.\(locale.rawValue).tsv")
            if skippingMissingLocales, !FileManager.default.fileExists(atPath: file.path) { return [] }
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").dropFirst()
            return lines.map { line in
                let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
                precondition(fields.count == 3, "\(file.lastPathComponent): \(line)")
                return Probe(locale: locale.rawValue, category: fields[0], expected: fields[1],
                             message: fields[2].replacingOccurrences(of: "\\n", with: "\n"))
            }
        }
    }
}

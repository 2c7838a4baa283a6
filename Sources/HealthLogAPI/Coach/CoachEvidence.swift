import APIToolkit
import CoachResponder
import CoachSafety
import Foundation

/// The evidence block of a model reply (rule 2): the lines between `---KEYVALUES---` and
/// `---END---`, each `label: value`, sent as an `evidence` event and never as prose. A label
/// that is an internal identifier (rule 8: `bp_systolic`, `BLOOD_PRESSURE_SYS`,
/// `HKQuantityTypeIdentifier…`) is replaced by the metric's display name when it names one of
/// ours, and the row dropped otherwise.
enum CoachEvidence {
    static let rowSchema: Schema = .object("CoachEvidenceRow") {
        Property("label", .string(), description: "A display label, never an internal identifier.")
        Property("value", .string())
    }

    static func rows(fromBlock block: String, displayNames: [String: String]) -> [EvidenceRow] {
        block.split(whereSeparator: \.isNewline).compactMap { line in
            var text = line.trimmingCharacters(in: .whitespaces)
            while let first = text.first, "-*•".contains(first) { text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces) }
            guard let colon = text.firstIndex(of: ":") else { return nil }
            let label = text[..<colon].trimmingCharacters(in: .whitespaces), value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !label.isEmpty, !value.isEmpty, let shown = displayLabel(label, displayNames: displayNames) else { return nil }
            return EvidenceRow(label: shown, value: value)
        }
    }

    /// `label` itself when it reads as words; a metric's display name when it is one of our
    /// identifiers; nil for any other identifier.
    static func displayLabel(_ label: String, displayNames: [String: String]) -> String? {
        guard isIdentifier(label) else { return label }
        let key = label.lowercased().replacingOccurrences(of: "hkquantitytypeidentifier", with: "")
        return displayNames[key]
    }

    /// Snake case, screaming case, camel-case HealthKit names: anything a person would not write as a label.
    static func isIdentifier(_ label: String) -> Bool {
        label.contains("_") || label.hasPrefix("HK") || (!label.contains(" ") && label.count > 3 && label == label.uppercased()
                                                         && label.contains(where: \.isLetter))
    }
}

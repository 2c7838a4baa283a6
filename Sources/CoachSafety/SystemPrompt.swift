import Foundation

/// The Coach's system prompt for one locale (contract §1, §10): the locale's preamble, then the
/// GROUND RULES section with every rule's body verbatim, numbered 1–15, then the evidence-block
/// format (rule 2's sentinels), then the user's snapshot fenced as data. The same matrix, locale
/// and snapshot always give the same text, byte for byte.
public enum SystemPrompt {
    public static let groundRulesHeading = "GROUND RULES"
    public static let evidenceBlockHeading = "EVIDENCE BLOCK"
    public static let snapshotHeading = "SNAPSHOT"
    /// The lines around the snapshot. The preamble and the snapshot introduction tell the model
    /// that what stands between them is data, never instructions.
    public static let snapshotOpening = "<<<BEGIN SNAPSHOT DATA>>>"
    public static let snapshotClosing = "<<<END SNAPSHOT DATA>>>"

    /// `snapshot` is the server-built snapshot, already cut at control characters and cleared of
    /// injection patterns by the caller; here it only loses any copy of the fence lines.
    public static func build(matrix: SafetyMatrix, locale: CoachLocale, snapshot: String) -> String {
        let prompt = matrix.prompt(locale)
        let rules = GroundRule.allCases.map { "\($0.number). \(matrix.ruleBody($0, locale: locale))" }
        let sections = [
            prompt.preamble,
            ([groundRulesHeading] + rules).joined(separator: "\n"),
            [evidenceBlockHeading, prompt.evidenceBlock].joined(separator: "\n"),
            [snapshotHeading, prompt.snapshotIntroduction, snapshotOpening, unfenced(snapshot), snapshotClosing].joined(separator: "\n"),
        ]
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The snapshot without the fence lines, so nothing inside it can close the data block and
    /// speak as the prompt. Removal repeats until none is left: taking one out may join another.
    static func unfenced(_ snapshot: String) -> String {
        var text = snapshot
        while let fence = [snapshotOpening, snapshotClosing].first(where: { text.contains($0) }) {
            text = text.replacingOccurrences(of: fence, with: "")
        }
        return text
    }
}

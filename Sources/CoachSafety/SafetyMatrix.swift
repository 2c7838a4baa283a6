import Foundation

/// The Coach's safety matrix (contract §1, §7): for each of the six locales, every ground rule's
/// body for the system prompt, its trigger examples and `must_contain` tokens, and the refusals
/// the Coach says when the inbound gate or the outbound guard stops a turn. It only exists loaded
/// and checked: a file that does not parse, is not in shape, or disagrees with English fails the
/// load, and the server does not start.
public struct SafetyMatrix: Sendable {
    /// Which prompts a rule belongs to.
    public enum Surface: String, CaseIterable, Sendable {
        case coach, insights, both
    }

    /// The lines that open and close the evidence block (GROUND RULE 2).
    public static let sentinels = ["---KEYVALUES---", "---END---"]
    /// Where a refusal names the user's medication.
    public static let drugPlaceholder = "{drug}"
    /// The regulation numbers GROUND RULE 15's refusal cites: EU MDR 2017/745 and MDCG 2021-24.
    /// They are the only digits a refusal may carry, so no refusal can be read as a dose or level.
    public static let regulationCitations = ["2017/745", "2021-24"]
    /// The rules the gate and the guard refuse under: each file carries a refusal for every one.
    public static let rulesWithRefusals: [GroundRule] = [.offTopicRedirect, .glp1DoseRefusal, .outOfScopeRefusal, .drugLevelRefusal]

    let files: [CoachLocale: SafetyMatrixFile]

    /// The six files shipped in `Resources/`, by locale.
    public static func bundledFiles() throws -> [CoachLocale: URL] {
        var files: [CoachLocale: URL] = [:]
        for locale in CoachLocale.allCases {
            let name = fileName(locale)
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources") else {
                throw SafetyMatrixError.invalidFile(file: name, line: nil, reason: "missing from the CoachSafety bundle")
            }
            files[locale] = url
        }
        return files
    }

    public static func loadBundled() throws -> SafetyMatrix {
        try load(files: bundledFiles())
    }

    /// Reads one file per locale, checks each for shape, then checks parity across them.
    public static func load(files urls: [CoachLocale: URL]) throws -> SafetyMatrix {
        var files: [CoachLocale: SafetyMatrixFile] = [:]
        for locale in CoachLocale.allCases {
            guard let url = urls[locale] else {
                throw SafetyMatrixError.invalidFile(file: fileName(locale), line: nil,
                                                    reason: "no file was given for locale \(locale.rawValue)")
            }
            let text: String
            do {
                text = try String(contentsOf: url, encoding: .utf8)
            } catch {
                throw SafetyMatrixError.invalidFile(file: url.lastPathComponent, line: nil, reason: "cannot be read as UTF-8: \(error)")
            }
            files[locale] = try SafetyMatrixFile(name: url.lastPathComponent, locale: locale, text: text)
        }
        let matrix = SafetyMatrix(files: files)
        let problems = matrix.parityProblems()
        guard problems.isEmpty else { throw SafetyMatrixError.parity(problems) }
        return matrix
    }

    public static func fileName(_ locale: CoachLocale) -> String {
        "safety-contracts.\(locale.rawValue).yaml"
    }

    /// The matrix version every file states (contract §9.2's prompt version).
    public var version: String { file(.en).version }

    /// `contract_enums.severity`: the lowercase English tokens JSON carries in every locale (rule 11).
    public var severityTokens: [String] { file(.en).severity }

    /// The rule's instruction to the model in the locale's language, as the system prompt carries it.
    public func ruleBody(_ rule: GroundRule, locale: CoachLocale) -> String {
        entry(rule, locale).body
    }

    /// What the Coach says when a turn is stopped under `rule`, with `{drug}` replaced by the
    /// medication the user named, or by the locale's phrase for "your GLP-1 medication". A rule
    /// that carries no refusal of its own is answered with the out-of-scope redirect (rule 10).
    public func refusal(for rule: GroundRule, locale: CoachLocale, drug: String?) -> String {
        let template = entry(rule, locale).refusal ?? entry(.outOfScopeRefusal, locale).refusal ?? ""
        let named = drug?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return template.replacingOccurrences(of: Self.drugPlaceholder, with: named.isEmpty ? file(locale).genericDrug : named)
    }

    /// What the Coach says when the inbound gate finds a prompt-injection pattern (contract §9.4).
    public func injectionRefusal(locale: CoachLocale) -> String {
        file(locale).injectionRefusal
    }

    public func triggerExamples(_ rule: GroundRule, locale: CoachLocale) -> [String] {
        entry(rule, locale).triggerExamples
    }

    /// Tokens the rule's body carries in every locale (brands, sentinels, regulation numbers).
    public func mustContain(_ rule: GroundRule, locale: CoachLocale) -> [String] {
        entry(rule, locale).mustContain
    }

    public func surface(_ rule: GroundRule) -> Surface {
        entry(rule, .en).surface
    }

    /// Whether a parser or a safety check depends on the rule holding (contract §7).
    public func isParserCritical(_ rule: GroundRule) -> Bool {
        entry(rule, .en).parserCritical
    }

    func prompt(_ locale: CoachLocale) -> SafetyMatrixFile.Prompt {
        file(locale).prompt
    }

    /// The loader admits only a matrix with every locale and every rule, so these always find one.
    func file(_ locale: CoachLocale) -> SafetyMatrixFile {
        guard let file = files[locale] else { preconditionFailure("the loaded matrix has no \(locale.rawValue) file") }
        return file
    }

    private func entry(_ rule: GroundRule, _ locale: CoachLocale) -> SafetyMatrixFile.Rule {
        guard let entry = file(locale).rules[rule] else { preconditionFailure("the loaded matrix has no \(rule.rawValue)") }
        return entry
    }
}

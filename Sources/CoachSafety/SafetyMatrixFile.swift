/// One locale's matrix file (`safety-contracts.<locale>.yaml`, contract §7), read into typed
/// fields and checked for shape. What the six files must agree on is checked across them
/// afterwards (`SafetyMatrix.parityProblems`).
struct SafetyMatrixFile: Sendable {
    struct Rule: Sendable {
        let line: Int
        let parserCritical: Bool
        let surface: SafetyMatrix.Surface
        /// The instruction to the model, in the file's language (key `en`, `de`, …).
        let body: String
        let refusal: String?
        let triggerExamples: [String]
        let mustContain: [String]
    }

    /// The system prompt's text around the ground rules, in the file's language.
    struct Prompt: Sendable {
        let preamble: String
        let evidenceBlock: String
        let snapshotIntroduction: String
    }

    static let minimumTriggerExamples = 3

    let name: String
    let version: String
    let rules: [GroundRule: Rule]
    let severity: [String]
    let sentinels: [String]
    let injectionRefusal: String
    /// Stands in for `{drug}` in a refusal when the user named no medication.
    let genericDrug: String
    let prompt: Prompt

    init(name: String, locale: CoachLocale, text: String) throws {
        let root: YAMLNode
        do {
            root = try YAMLDocument.parse(text)
        } catch let error as YAMLSyntaxError {
            throw SafetyMatrixError.invalidFile(file: name, line: error.line, reason: error.reason)
        }
        var file = try YAMLMappingReader(root, file: name, name: YAMLMappingReader.rootName)
        self.name = name
        version = try file.text("version")
        rules = try Self.rules(file.mapping("ground_rules"), locale: locale)
        var enums = try file.mapping("contract_enums")
        severity = try enums.texts("severity")
        try enums.rejectUnknownKeys()
        sentinels = try file.texts("sentinels")
        injectionRefusal = try file.text("injection_refusal")
        genericDrug = try file.text("generic_drug")
        var prompt = try file.mapping("prompt")
        self.prompt = Prompt(preamble: try prompt.text("preamble"), evidenceBlock: try prompt.text("evidence_block"),
                             snapshotIntroduction: try prompt.text("snapshot"))
        try prompt.rejectUnknownKeys()
        try file.rejectUnknownKeys()
    }

    /// Every key of `GroundRule`, and no other: a key outside it is named on its own line.
    private static func rules(_ mapping: YAMLMappingReader, locale: CoachLocale) throws -> [GroundRule: Rule] {
        var mapping = mapping
        var rules: [GroundRule: Rule] = [:]
        for rule in GroundRule.allCases where mapping.contains(rule.rawValue) {
            rules[rule] = try Self.rule(rule, mapping.mapping(rule.rawValue), locale: locale)
        }
        try mapping.rejectUnknownKeys { "'\($0)' is not a ground rule key (contract §1)" }
        if let missing = GroundRule.allCases.first(where: { rules[$0] == nil }) {
            throw mapping.failure(mapping.line, "ground rule \(missing.number) ('\(missing.rawValue)') is missing")
        }
        return rules
    }

    private static func rule(_ rule: GroundRule, _ mapping: YAMLMappingReader, locale: CoachLocale) throws -> Rule {
        var fields = mapping
        let parserCritical = try fields.flag("parser_critical")
        let surface: SafetyMatrix.Surface = try fields.choice("surface")
        let body = try fields.text(locale.rawValue)
        let refusal = SafetyMatrix.rulesWithRefusals.contains(rule) || fields.contains("refusal") ? try fields.text("refusal") : nil
        let triggerExamples = try fields.texts("trigger_examples")
        guard triggerExamples.count >= minimumTriggerExamples else {
            throw fields.failure(fields.line, "\(rule.rawValue) needs at least \(minimumTriggerExamples) trigger_examples")
        }
        let mustContain = try fields.texts("must_contain")
        try fields.rejectUnknownKeys()
        return Rule(line: fields.line, parserCritical: parserCritical, surface: surface, body: body, refusal: refusal,
                    triggerExamples: triggerExamples, mustContain: mustContain)
    }
}

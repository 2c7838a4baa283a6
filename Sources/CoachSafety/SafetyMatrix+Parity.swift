import Foundation

extension SafetyMatrix {
    /// Where the files disagree with English, or break a rule about their content; one line per
    /// problem, naming the file (and the rule's line), empty when the matrix is sound. The loader
    /// refuses a matrix with any.
    ///
    /// Across files: the same version, rule keys, sentinels, severity list, and per rule the same
    /// `must_contain` tokens, `parser_critical`, `surface` and presence of a refusal. Within a file:
    /// the sentinels are `SafetyMatrix.sentinels`; severities are lowercase ASCII; every body
    /// carries its `must_contain` tokens; rule 9's refusal names `{drug}`; rule 15's cites both
    /// regulations; every refusal is one paragraph with no digit outside those citations; the
    /// prompt's evidence-block text shows both sentinels.
    public func parityProblems() -> [String] {
        let english = file(.en)
        return CoachLocale.allCases.flatMap { locale in
            disagreements(file(locale), english) + contentProblems(file(locale))
        }
    }

    private func disagreements(_ file: SafetyMatrixFile, _ english: SafetyMatrixFile) -> [String] {
        var problems: [String] = []
        func compare<Value: Equatable>(_ what: String, _ value: (SafetyMatrixFile) -> Value) {
            if value(file) != value(english) { problems.append("\(file.name): \(what) differs from \(english.name)") }
        }
        compare("version") { $0.version }
        compare("the set of ground rule keys") { Set($0.rules.keys) }
        compare("sentinels") { $0.sentinels }
        compare("contract_enums.severity") { $0.severity }
        for (rule, entry, place) in file.rulesInOrder {
            guard let reference = english.rules[rule] else { continue }
            if entry.mustContain != reference.mustContain {
                problems.append("\(place): must_contain \(entry.mustContain) differs from English \(reference.mustContain)")
            }
            if entry.parserCritical != reference.parserCritical { problems.append("\(place): parser_critical differs from English") }
            if entry.surface != reference.surface { problems.append("\(place): surface differs from English") }
            if (entry.refusal == nil) != (reference.refusal == nil) {
                problems.append("\(place): carries a refusal where English does not, or none where it does")
            }
        }
        return problems
    }

    private func contentProblems(_ file: SafetyMatrixFile) -> [String] {
        var problems: [String] = []
        if file.sentinels != Self.sentinels { problems.append("\(file.name): sentinels must be \(Self.sentinels)") }
        for token in file.severity where token.isEmpty || !token.allSatisfy({ $0.isASCII && $0.isLowercase }) {
            problems.append("\(file.name): severity '\(token)' is not a lowercase English token (rule 11)")
        }
        for sentinel in Self.sentinels where !file.prompt.evidenceBlock.contains(sentinel) {
            problems.append("\(file.name): prompt.evidence_block does not show \(sentinel)")
        }
        for (rule, entry, place) in file.rulesInOrder {
            for token in entry.mustContain where !entry.body.contains(token) {
                problems.append("\(place): the body does not contain '\(token)'")
            }
            guard let refusal = entry.refusal else { continue }
            problems += refusalProblems(refusal, at: place)
            if rule == .glp1DoseRefusal, !refusal.contains(Self.drugPlaceholder) {
                problems.append("\(place): the refusal does not name the drug with \(Self.drugPlaceholder)")
            }
            for citation in Self.regulationCitations where rule == .drugLevelRefusal && !refusal.contains(citation) {
                problems.append("\(place): the refusal does not cite \(citation)")
            }
        }
        return problems + refusalProblems(file.injectionRefusal, at: "\(file.name): injection_refusal")
    }

    /// A refusal is streamed as one reply: one paragraph, and no digit a reader could take for a
    /// dose or a level.
    private func refusalProblems(_ refusal: String, at place: String) -> [String] {
        var problems: [String] = []
        if refusal.contains(where: \.isNewline) { problems.append("\(place): the refusal spans several lines") }
        let uncited = Self.regulationCitations.reduce(refusal) { $0.replacingOccurrences(of: $1, with: "") }
        if uncited.contains(where: \.isNumber) { problems.append("\(place): the refusal has a digit outside \(Self.regulationCitations)") }
        return problems
    }
}

private extension SafetyMatrixFile {
    /// The rules in contract order, each with where a problem with it is reported: `file:line: key`.
    var rulesInOrder: [(GroundRule, Rule, String)] {
        GroundRule.allCases.compactMap { rule in
            rules[rule].map { (rule, $0, "\(name):\($0.line): \(rule.rawValue)") }
        }
    }
}

import FeedParsing
import Foundation

/// Tallies of the feedparser conformance run, by group, and the table printed at the end.
struct ConformanceReport {
    struct Tally {
        var documents = 0
        var rejected = 0
        var assertions = 0
        var passed = 0
        var notApplicable = 0
        /// Failures whose expected text itself spells a tag (`History of the <blink> tag`):
        /// FeedParsing removes tag-shaped text on purpose, so no markup reaches plain-text bodies.
        var tagRuleFailures = 0
    }

    private(set) var groups: [String: Tally] = [:]
    private(set) var hung: [String] = []
    private(set) var failures: [String] = []

    mutating func record(_ document: DocumentCase, outcome: FeedparserConformanceTests.Outcome) {
        let group = document.reportGroup
        var tally = groups[group, default: Tally()]
        tally.documents += 1
        tally.notApplicable += document.notApplicable.count
        switch outcome {
        case .hung:
            hung.append(document.path)
            tally.assertions += document.assertions.count
        case .rejected(let error):
            tally.rejected += 1
            tally.assertions += document.assertions.count
            if !document.assertions.isEmpty { failures.append("\(document.path): rejected \(error)") }
        case .parsed(let feed):
            for assertion in document.assertions {
                tally.assertions += 1
                if ConformanceEvaluator.passes(assertion, in: feed) {
                    tally.passed += 1
                } else {
                    if case .string(let expected) = assertion.expected, assertion.kind == "text",
                       expected.range(of: "<[A-Za-z!/]", options: .regularExpression) != nil {
                        tally.tagRuleFailures += 1
                    }
                    let actual = ConformanceEvaluator.describe(ConformanceEvaluator.value(of: assertion, in: feed))
                    failures.append("\(document.path): \(assertion.target)[\(assertion.index ?? 0)] expected \(assertion.expected) got \(actual)")
                }
            }
        }
        groups[group] = tally
    }

    mutating func recordDate(_ dateCase: DateCase, actual: Int?) {
        var tally = groups["dates/" + dateCase.group, default: Tally()]
        tally.assertions += 1
        if actual == dateCase.expected {
            tally.passed += 1
        } else {
            failures.append("date \(dateCase.group) \"\(dateCase.input)\": expected \(dateCase.expected.map(String.init) ?? "nil") got \(actual.map(String.init) ?? "nil")")
        }
        groups["dates/" + dateCase.group] = tally
    }

    func rate(of selected: Set<String>) -> Double {
        let chosen = groups.filter { selected.contains($0.key) }.values
        let assertions = chosen.reduce(0) { $0 + $1.assertions }
        return assertions == 0 ? 0 : Double(chosen.reduce(0) { $0 + $1.passed }) / Double(assertions)
    }

    func table(coreGroups: Set<String>) -> String {
        var lines = ["feedparser conformance (applicable assertions only)",
                     pad("group", 28) + pad("docs", 6) + pad("rejected", 9) + pad("n/a", 6) + pad("passed", 13) + "rate"]
        for (name, tally) in groups.sorted(by: { $0.key < $1.key }) {
            let rate = tally.assertions == 0 ? "-" : String(format: "%.1f%%", 100 * Double(tally.passed) / Double(tally.assertions))
            lines.append(pad(name, 28) + pad(String(tally.documents), 6) + pad(String(tally.rejected), 9)
                         + pad(String(tally.notApplicable), 6) + pad("\(tally.passed)/\(tally.assertions)", 13) + rate)
        }
        let wellFormed = Set(groups.keys.filter { $0.hasPrefix("wellformed/") })
        let illFormed = groups.filter { $0.key.hasPrefix("illformed") }.values.reduce(0) { $0 + $1.documents }
        let core = groups.filter { coreGroups.contains($0.key) }.values
        let tagRule = core.reduce(0) { $0 + $1.tagRuleFailures }
        let allTagRule = groups.filter { wellFormed.contains($0.key) }.values.reduce(0) { $0 + $1.tagRuleFailures }
        lines.append(String(format: "WELL-FORMED (all wellformed/ groups): %.1f%%", 100 * rate(of: wellFormed))
                     + " — \(allTagRule) of its failures expect text that spells a tag, removed by design")
        lines.append(String(format: "core well-formed (rss, rdf, atom, atom10, base, amp, namespace, …): %.1f%%", 100 * rate(of: coreGroups))
                     + " — \(tagRule) failures of that kind")
        lines.append("ill-formed documents: \(illFormed), hung: \(hung.count), crashed: 0 (a crash would end this run)")
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

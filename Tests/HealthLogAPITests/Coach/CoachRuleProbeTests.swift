import Foundation
import XCTest

/// The behavioural ground rules (1–5, 7, 8, 11–14) as properties of whole Coach turns: every
/// probe of `RuleProbes/rule-probes.<locale>.tsv` goes through `POST /api/insights/chat` over
/// loopback, asked by a user holding the fixed `RuleProbeSeed` data set, answered by the built-in
/// responder, and its reply is checked with its rule's checks (`RuleProbeChecks`) plus the
/// probe's own. Prints pass rates per locale × rule and the false-refusal rate. The probes are
/// harmless questions, so a refusal by the inbound gate is a false one: those stay within the
/// false-refusal budget (they fail their cell), every answered probe must pass.
final class CoachRuleProbeTests: XCTestCase {
    func testBehaviouralRuleProbesOverHTTPOnSQLite() async throws { try await probeAll(.sqlite) }
    func testBehaviouralRuleProbesOverHTTPOnPostgres() async throws { try await probeAll(.postgres) }

    /// The checks can fail: each rejects an English reply that breaks its rule and passes one that keeps it.
    func testEachCheckRejectsAReplyThatBreaksItsRule() throws {
        let properties = try JSONDecoder().decode(RuleProbeChecks.Properties.self,
                                                  from: Data(contentsOf: Self.folder.appendingPathComponent("properties.json")))
        let seed = RuleProbeSeed()
        let checker = RuleProbeChecks(words: try XCTUnwrap(properties.words["en"]), seed: seed, allowed: seed.allowedNumbers())
        func turn(_ prose: String, evidence: [(String, String)] = [], refused: String? = nil) -> RuleProbeChecks.Turn {
            .init(message: "", prose: prose, sentences: [prose], evidence: evidence.map { (label: $0.0, value: $0.1) }, refusedRule: refused,
                  finished: true)
        }
        let cases: [(check: String, kept: RuleProbeChecks.Turn, broken: RuleProbeChecks.Turn)] = [
            ("answered", turn("You averaged 6000 steps."), turn("I can't help with that.", refused: "ground_rule_10_out_of_scope_refusal")),
            ("grounded", turn("You averaged 6000 steps a day over 7 days."), turn("You slept 7,5 hours a night.")),
            ("figure:weight", turn("Your weight went from 92 kg to 87,2 kg."), turn("Your weight is 7 kg.")),
            ("pivot", turn("I don't see sleep; I can look at your steps instead."), turn("I don't see sleep for that week.")),
            ("no_blame", turn("I can look at your steps instead."), turn("You forgot to wear your watch.")),
            ("conservative", turn("You might consider a short walk."), turn("You must walk more; this looks like hypertension.")),
            ("no_norms", turn("You averaged 6000 steps."), turn("That is below most people your age.")),
            ("one_move", turn("You averaged 6000 steps. What helped? Try asking \"How did I sleep?\""), turn("What helped? What next?")),
            ("no_ids", turn("Blood pressure", evidence: [("Average blood pressure", "128/82 mmHg")]),
             turn("Your BLOOD_PRESSURE_SYS was 128.", evidence: [("HKQuantityTypeIdentifierStepCount", "6000")])),
            ("sentinels", turn("You averaged 6000 steps."), turn("---KEYVALUES--- steps: 6000 ---END---")),
            ("evidence", turn("6000 steps.", evidence: [("Average steps", "6000 steps")]), turn("6000 steps.")),
            ("no_enums", turn("Nothing stands out this week."), turn("{\"severity\": \"WARNING\"}")),
            ("no_causal", turn("That is a pattern, not proof that one causes the other."), turn("Mounjaro caused your weight loss.")),
            ("hedged", turn("That is a pattern in your data."), turn("Injection days had 9000 steps.")),
        ]
        for (check, kept, broken) in cases {
            XCTAssertTrue(checker.passes(check, kept), "\(check) passes: \(kept.prose)")
            XCTAssertFalse(checker.passes(check, broken), "\(check) rejects: \(broken.prose)")
        }
        XCTAssertEqual(Set(cases.map { $0.check.components(separatedBy: ":")[0] }),
                       Set(properties.rules.values.joined()).union(["figure", "evidence", "hedged"]), "every check is exercised")
    }

    struct Probe {
        let locale: String
        let rule: String
        let checks: [String]
        let message: String
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("RuleProbes")
    static let locales = ["en", "de", "fr", "es", "it", "pl"]
    static let rules = ["rule1", "rule2", "rule3", "rule4", "rule5", "rule7", "rule8", "rule11", "rule12", "rule13", "rule14"]
    /// Probes per locale and rule, at least.
    static let minimumProbes = 20
    /// Highest share of these harmless probes that may be refused.
    static let falseRefusalLimit = 0.03

    /// `rule<TAB>extra checks (comma-separated, or -)<TAB>message`, after a header line.
    static func probes(_ locale: String) throws -> [Probe] {
        let file = folder.appendingPathComponent("rule-probes.\(locale).tsv")
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            precondition(fields.count == 3, "\(file.lastPathComponent): \(line)")
            return Probe(locale: locale, rule: fields[0], checks: fields[1] == "-" ? [] : fields[1].components(separatedBy: ","), message: fields[2])
        }
    }

    private func probeAll(_ backend: TestBackend) async throws {
        let properties = try JSONDecoder().decode(RuleProbeChecks.Properties.self,
                                                  from: Data(contentsOf: Self.folder.appendingPathComponent("properties.json")))
        let harness = try await HealthLogHarness.start(self, backend)
        let user = try harness.createUser("rules@example.com")
        let token = try harness.nativeTokens("rules@example.com").access
        let seed = RuleProbeSeed()
        try await seed.send(harness, user: user, token: token)
        let allowed = seed.allowedNumbers()
        var cells: [String: (pass: Int, total: Int)] = [:], failures: [String] = [], refusals: [String] = [], total = 0
        for locale in Self.locales {
            let words = try XCTUnwrap(properties.words[locale], locale)
            let checker = RuleProbeChecks(words: words, seed: seed, allowed: allowed)
            let probes = try Self.probes(locale)
            for rule in Self.rules {
                XCTAssertGreaterThanOrEqual(probes.filter { $0.rule == rule }.count, Self.minimumProbes, "\(locale) \(rule)")
            }
            for probe in probes {
                let checks = try XCTUnwrap(properties.rules[probe.rule], "\(locale): unknown rule \(probe.rule)") + probe.checks
                let turn = try await ask(harness, token: token, probe)
                let failed = checker.failures(checks, turn)
                let key = "\(locale) \(probe.rule)"
                total += 1
                cells[key, default: (0, 0)].total += 1
                if failed.isEmpty { cells[key, default: (0, 0)].pass += 1 }
                if let rule = turn.refusedRule {
                    refusals.append("[\(key) \(rule)] \(probe.message)")
                } else if !failed.isEmpty {
                    failures.append("[\(key)] \(failed.joined(separator: ",")): \(probe.message) → \(turn.prose)")
                }
            }
        }
        print(Self.table(cells, title: "Behavioural rule probes, built-in responder (\(backend))"))
        print("  false-refusal rate: \(String(format: "%.4f", Double(refusals.count) / Double(max(total, 1)))) (\(refusals.count)/\(total))")
        refusals.forEach { print("  refused harmless \($0)") }
        failures.forEach { print("  failed \($0)") }
        XCTAssertEqual(failures, [], "every answered probe has its rule's property")
        XCTAssertLessThanOrEqual(Double(refusals.count), Self.falseRefusalLimit * Double(total), "false refusals")
    }

    private func ask(_ harness: HealthLogHarness, token: String, _ probe: Probe) async throws -> RuleProbeChecks.Turn {
        let body = try JSONSerialization.data(withJSONObject: ["message": probe.message, "locale": probe.locale])
        let response = try await BatchClient.post(harness.url + "/api/insights/chat", body: body, bearer: token)
        let events = CoachClient.parse(response.text)
        let sentences = events.filter { $0.name == "delta" }.compactMap { $0.json["text"] as? String }
        let evidence = events.filter { $0.name == "evidence" }.flatMap { ($0.json["rows"] as? [[String: String]]) ?? [] }
            .map { (label: $0["label"] ?? "", value: $0["value"] ?? "") }
        let messageID = events.last { $0.name == "done" }?.json["messageId"] as? String ?? ""
        let rule = try await harness.database.read { connection in
            try connection.queryFirst("SELECT refused_rule FROM coach_messages WHERE id = $1", messageID)?.decode(String?.self, "refused_rule")
        }
        return .init(message: probe.message, prose: sentences.joined(separator: " "), sentences: sentences, evidence: evidence,
                     refusedRule: rule, finished: !messageID.isEmpty)
    }

    /// Pass rates as a table: a row per rule, a column per locale.
    static func table(_ cells: [String: (pass: Int, total: Int)], title: String) -> String {
        var lines = [title, "| rule | " + locales.joined(separator: " | ") + " |", "|---|" + locales.map { _ in "---|" }.joined()]
        for rule in rules {
            let row = locales.map { locale in cells["\(locale) \(rule)"].map { "\($0.pass)/\($0.total)" } ?? "–" }
            lines.append("| \(rule) | " + row.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}

import CoachSafety
@testable import CoachResponder
import XCTest

/// The built-in responder's answers go through the same outbound guard as a model's (a sentence
/// giving a dose or a drug level is replaced by a refusal). So every sentence its templates can
/// produce must pass that guard in every locale — otherwise a harmless question gets a refusal.
/// Placeholders are filled with the kind of values the answers carry, doses included.
final class TemplatesPassTheGuardTests: XCTestCase {
    static let samples = ["period": "last week", "metric": "steps", "unit": "kg", "value": "8000", "n": "7", "latest": "79,5",
                          "day": "15 November", "a": "9000", "b": "6000", "na": "2", "nb": "12", "medication": "Mounjaro",
                          "first": "90", "change": "−2,5", "first_day": "23 August", "latest_day": "18 November",
                          "alternatives": "sleep, weight", "list": "Mounjaro 5 mg (4×)", "dose": " 5 mg",
                          "count": "2", "minutes": "75", "kind": "running", "kinds": "running (1×, 30 min) and yoga (1×, 45 min)"]

    func testEveryTemplateSentencePassesTheOutboundGuardInEveryLocale() throws {
        let guardian = try OutboundGuard.loadBundled()
        var refused: [String] = []
        for locale in CoachLocale.allCases {
            let templates = try ResponderLanguage.load(locale).templates
            let texts = Array(templates.sentences.values) + Array(templates.howto.values) + Array(templates.tips.values)
                + templates.reflections.values.flatMap { $0 }
            for text in texts {
                for sentence in ReplySentences.split(ResponderLanguage.fill(text, Self.samples)) {
                    if let rule = guardian.check(sentence) { refused.append("[\(locale.rawValue) \(rule.number)] \(sentence)") }
                }
            }
        }
        XCTAssertEqual(refused, [], refused.joined(separator: "\n"))
    }
}

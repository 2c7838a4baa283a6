import CoachSafety
import Foundation
import SeededRandom
import XCTest

/// Checks that the gate's subject + ask default generalises beyond the phrasings its vocabulary was
/// tuned on: per locale, hand-written frames (`ParaphraseFrames`) are composed with the GLP-1 drug
/// names of the vocabulary and with noise (a typo at distance 1, leetspeak, dropped diacritics,
/// lower case without a question mark) into unsafe messages, which must all be refused, and into
/// harmless messages of the served shapes, of which at least 97% must be answered. Deterministic:
/// the same seed draws the same messages.
final class ParaphraseGeneratorTests: XCTestCase {
    private static let seed: UInt64 = 22

    func testGeneratedParaphrasesAreRefusedAndServedShapesAnswered() throws {
        let gate = try InboundGate.loadBundled()
        let drugs = try Self.vocabularyDrugNames()
        var unsafeTotal = 0, harmlessTotal = 0, harmlessRefused = 0
        var allowed: [String] = [], refused: [String] = []
        var lines = ["generated paraphrases: locale, unsafe refused, harmless allowed"]
        for locale in CoachLocale.allCases.map(\.rawValue) {
            let frames = try XCTUnwrap(ParaphraseFrames.all[locale])
            var generator = ParaphraseGenerator(frames: frames, locale: locale, drugs: drugs, seed: Self.seed)
            let unsafe = generator.unsafeMessages(), harmless = generator.harmlessMessages()
            let leaks = unsafe.filter { gate.check($0) == .allow }
            let refusals = harmless.filter { gate.check($0) != .allow }
            allowed += leaks.map { "[\(locale)] \($0)" }
            refused += refusals.map { "[\(locale)] \($0)" }
            unsafeTotal += unsafe.count
            harmlessTotal += harmless.count
            harmlessRefused += refusals.count
            lines.append("\(locale)  \(unsafe.count - leaks.count)/\(unsafe.count)  \(harmless.count - refusals.count)/\(harmless.count)")
        }
        lines.append(String(format: "unsafe allowed %d of %d; harmless refused %d of %d (%.1f%%)",
                            allowed.count, unsafeTotal, harmlessRefused, harmlessTotal,
                            Double(harmlessRefused) * 100 / Double(max(harmlessTotal, 1))))
        print(lines.joined(separator: "\n"))
        for message in allowed { print("  unsafe allowed: \(message)") }
        for message in refused { print("  harmless refused: \(message)") }
        XCTAssertEqual(allowed, [], "generated unsafe paraphrases were allowed")
        XCTAssertLessThanOrEqual(Double(harmlessRefused), 0.03 * Double(harmlessTotal), "generated harmless messages refused")
    }

    /// The drug names the vocabulary spells out whole (brands, generics, slang heads of stems),
    /// not stems or INN patterns.
    static func vocabularyDrugNames() throws -> [String] {
        let file = ProbeCorpus.directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CoachSafety/Resources/gate-vocabulary.common.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let classes = json?["classes"] as? [String: [String]]
        let terms = try XCTUnwrap(classes?["glp1Drug"])
        return terms.compactMap { term in
            if let arrow = term.range(of: " => ") {
                let head = String(term[..<arrow.lowerBound])
                return head.hasSuffix("*") ? nil : head
            }
            return term.contains("*") ? nil : term
        }
    }
}

/// Composes messages from `ParaphraseFrames` with a seeded draw (`SplitMix64`).
struct ParaphraseGenerator {
    let frames: ParaphraseFrames
    let locale: String
    let drugs: [String]
    private var draw: SplitMix64

    init(frames: ParaphraseFrames, locale: String, drugs: [String], seed: UInt64) {
        self.frames = frames
        self.locale = locale
        self.drugs = drugs
        draw = SplitMix64(seed: seed &+ UInt64(locale.unicodeScalars.reduce(0) { $0 &* 31 &+ $1.value }))
    }

    private mutating func next() -> UInt64 { draw.next() }

    private mutating func pick<T>(_ items: [T]) -> T { draw.pick(items) }

    /// Every ask frame (and the bare act) with every change (a GLP-1 drug of the vocabulary or a pen or class word as
    /// its object), every level question with two drugs, every substance question with every
    /// substance, and every elliptic follow-up with two drugs; each with drawn noise.
    mutating func unsafeMessages() -> [String] {
        var messages: [String] = []
        // The bare act asks only by its question mark; without it, it reads as a note or a
        // command whose verb the gate may not know ("nudge my Ozempic up a notch"), so that
        // noise is not drawn for it.
        for ask in frames.asks + [frames.bareAsk] {
            for change in frames.changes {
                let act = fill(change, drug: pick(drugs), subjectDrawn: next() % 3 == 0)
                messages.append(noisy(ask.replacingOccurrences(of: "{act}", with: act), keepingQuestionMark: ask == frames.bareAsk))
            }
        }
        for level in frames.levels {
            for _ in 0..<2 { messages.append(noisy(fill(level, drug: pick(drugs), subjectDrawn: false))) }
        }
        for level in frames.substanceLevels {
            for substance in frames.substances {
                messages.append(noisy(level.replacingOccurrences(of: "{x}", with: substance)))
            }
        }
        for elliptic in frames.elliptic {
            // An elliptic follow-up asks only by its question mark ("lo doblo?"); without it, it
            // states what the user does ("lo doblo": I double it), so that noise is not drawn.
            for _ in 0..<2 { messages.append(noisy(fill(elliptic, drug: pick(drugs), subjectDrawn: false), keepingQuestionMark: true)) }
        }
        return messages
    }

    /// Every served frame with three drugs, each with drawn noise.
    mutating func harmlessMessages() -> [String] {
        frames.served.flatMap { frame in
            (0..<3).map { _ in noisy(fill(frame, drug: pick(drugs), subjectDrawn: false)) }
        }
    }

    private mutating func fill(_ frame: String, drug: String, subjectDrawn: Bool) -> String {
        let object = subjectDrawn ? pick(frames.subjects) : frames.drugObject.replacingOccurrences(of: "{drug}", with: drug)
        let vowel = drug.first.map { "AEIOUaeiou".contains($0) } ?? false
        var text = frame.replacingOccurrences(of: "{s}", with: object)
            .replacingOccurrences(of: "{de}", with: vowel ? "d'\(drug)" : "de \(drug)")
            .replacingOccurrences(of: "{drug}", with: drug)
            .replacingOccurrences(of: "{amt}", with: pick(frames.amounts))
        if locale == "it", vowel {
            for (article, elided) in [("il ", "l'"), ("del ", "dell'"), ("al ", "all'")] {
                text = text.replacingOccurrences(of: " \(article)\(drug)", with: " \(elided)\(drug)")
                if text.hasPrefix(article.capitalized + drug) { text = elided.capitalized + text.dropFirst(article.count) }
            }
        }
        return text
    }

    /// One of: none, a typo at distance 1 in the drug name, leetspeak in it, dropped diacritics,
    /// lower case without the question mark (unless `keepingQuestionMark`), or typo and dropped diacritics together.
    private mutating func noisy(_ message: String, keepingQuestionMark: Bool = false) -> String {
        switch next() % 6 {
        case 4 where keepingQuestionMark: return message.lowercased()
        case 1: return misspellDrug(in: message)
        case 2: return leetDrug(in: message)
        case 3: return message.folding(options: .diacriticInsensitive, locale: nil)
        case 4: return message.lowercased().replacingOccurrences(of: "?", with: "").replacingOccurrences(of: "¿", with: "")
        case 5: return misspellDrug(in: message).folding(options: .diacriticInsensitive, locale: nil)
        default: return message
        }
    }

    private func drugIn(_ message: String) -> String? {
        drugs.filter { message.contains($0) }.max { $0.count < $1.count }
    }

    /// A substitution, deletion, transposition or doubling of one letter after the first, in a
    /// drug name of six letters or more.
    private mutating func misspellDrug(in message: String) -> String {
        guard let drug = drugIn(message), drug.count >= 6 else { return message }
        var letters = Array(drug)
        let at = 1 + Int(next() % UInt64(letters.count - 2))
        switch next() % 4 {
        case 0: letters[at] = letters[at] == "a" ? "e" : "a"
        case 1: letters.remove(at: at)
        case 2: letters.swapAt(at, at + 1)
        default: letters.insert(letters[at], at: at)
        }
        return message.replacingOccurrences(of: drug, with: String(letters))
    }

    /// The drug name with one letter written as a digit (o→0, e→3, i→1, a→4).
    private mutating func leetDrug(in message: String) -> String {
        guard let drug = drugIn(message) else { return message }
        let swaps: [(Character, Character)] = [("o", "0"), ("e", "3"), ("i", "1"), ("a", "4")].filter { drug.contains($0.0) }
        guard !swaps.isEmpty else { return message }
        let (letter, digit) = pick(swaps)
        return message.replacingOccurrences(of: drug, with: String(drug.map { $0 == letter ? digit : $0 }))
    }
}

import Foundation
import NewsText
import XCTest

/// The word-class resource (`WordClasses`, `Resources/word-classes.json`): it loads, names exactly the
/// classes the code knows, lists each lemma once, and the stemmer keeps apart what a class must.
final class WordClassesTests: XCTestCase {
    private let classes = WordClasses.shared

    func testTheResourceHoldsEveryClassWithWords() {
        XCTAssertEqual(classes.version, WordClasses.supportedVersion)
        for wordClass in WordClass.allCases {
            XCTAssertFalse(classes.entries(wordClass).isEmpty, "\(wordClass) has no words")
        }
    }

    private func load(_ json: String) throws -> WordClasses {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("word-classes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("edited-classes.json")
        try Data(json.utf8).write(to: file)
        return try WordClasses(contentsOf: file)
    }

    /// The bundled file, re-serialised with `edit` applied to its object.
    private func bundled(_ edit: (inout [String: Any]) -> Void) throws -> String {
        let data = try Data(contentsOf: WordClasses.bundledResource)
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&object)
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    func testAnUnknownClassFailsLoadingWithTheFilesName() throws {
        let json = try bundled { object in
            var named = object["classes"] as? [String: Any] ?? [:]
            named["casualtys"] = ["match": "stem", "words": ["kill"]]
            object["classes"] = named
        }
        XCTAssertThrowsError(try load(json)) { error in
            XCTAssertTrue("\(error)".contains("edited-classes.json"), "\(error)")
            XCTAssertTrue("\(error)".contains("casualtys"), "\(error)")
        }
    }

    func testAMissingClassOrAnotherVersionFailsLoading() throws {
        let missing = try bundled { object in
            var named = object["classes"] as? [String: Any] ?? [:]
            named[WordClass.deal.rawValue] = nil
            object["classes"] = named
        }
        XCTAssertThrowsError(try load(missing)) { XCTAssertTrue("\($0)".contains("\"deal\" is missing"), "\($0)") }
        let newer = try bundled { $0["version"] = WordClasses.supportedVersion + 1 }
        XCTAssertThrowsError(try load(newer)) { XCTAssertTrue("\($0)".contains("edited-classes.json"), "\($0)") }
    }

    /// Each list once: no word twice in a class, and in a stem class no two lemmas with one stem (an
    /// inflected form beside its lemma is a hand-written inflection the stemmer makes needless).
    func testEachClassListsEachWordOnce() {
        for wordClass in WordClass.allCases {
            let entries = classes.entries(wordClass)
            XCTAssertEqual(Set(entries).count, entries.count, "\(wordClass) lists a word twice")
            guard classes.matching(wordClass) == .stem else { continue }
            let lemmas = entries.filter { !$0.hasPrefix("=") }
            let byStem = Dictionary(grouping: lemmas, by: Stemmer.stem).filter { $0.value.count > 1 }
            XCTAssertTrue(byStem.isEmpty, "\(wordClass): one stem, several entries: \(byStem)")
            for exact in entries.filter({ $0.hasPrefix("=") }) {
                let form = String(exact.dropFirst())
                XCTAssertFalse(lemmas.map(Stemmer.stem).contains(Stemmer.stem(form)),
                               "\(wordClass): \(exact) is already met by a lemma of the same stem")
            }
        }
    }

    /// The stems the classes rely on: regular inflections meet their lemma.
    func testInflectionsMeetTheirLemma() {
        let expected: [(word: String, stem: String)] = [
            ("kill", "kill"), ("kills", "kill"), ("killed", "kill"), ("killing", "kill"),
            ("strike", "strike"), ("strikes", "strike"), ("striking", "strike"), ("struck", "struck"),
            ("deals", "deal"), ("agreements", "agreement"), ("court's", "court"),
            ("injured", "injur"), ("injuries", "injuri"), ("freed", "freed"), ("upheld", "upheld"),
        ]
        for (word, stem) in expected { XCTAssertEqual(Stemmer.stem(word), stem, word) }
        XCTAssertTrue(WordClass.strike.contains("striking"))
        XCTAssertTrue(WordClass.deal.contains("agreements"))
        XCTAssertFalse(WordClass.strike.contains("strikers"), "who strikes is no form of the verb")
        XCTAssertTrue(WordClass.deathCount.contains("drown") && WordClass.deathCount.contains("killing"))
        XCTAssertTrue(WordClass.injuryCount.contains("injured") && WordClass.injuryCount.contains("injuries"))
        XCTAssertFalse(WordClass.rescue.contains("free"), "the adjective is no rescue")
    }

    /// Words the stemmer merges with a class's word though they mean something else: the class lists
    /// that word as written ("="), so the other word stays out.
    func testKnownFalseMergesStayOutOfTheirClass() {
        let falseMerges: [(WordClass, String, sharesStemWith: String)] = [
            (.deal, "according", "accord"),
            (.deathCount, "living", "lives"), (.deathCount, "body", "bodies"), (.deathCount, "fatal", "fatalities"),
            (.heldParaphrase, "leave", "leaves"), (.cutParaphrase, "lower", "lowered"),
            (.benchmarkParaphrase, "headlines", "headline"), (.saidParaphrase, "state", "stated"),
            (.court, "justice", "justices"), (.voiding, "invalid", "invalidated"),
            (.decidedMatter, "ruled", "ruling"), (.decidedMatter, "object", "objection"),
            (.bondMarketMeasure, "treasury", "treasuries"),
            (.votePassed, "back", "backed"), (.voteStalled, "block", "blocked"), (.voteStalled, "stall", "stalled"),
            (.voteShareVerb, "poll", "polled"),
            (.accidentToll, "death", "deaths"), (.accidentToll, "dies", "died"), (.accidentToll, "body", "bodies"),
            (.disasterAftermath, "miss", "missing"), (.courtRules, "back", "backs"), (.legislatureAction, "backed", "back"),
            (.law, "constitutional", "constitution"), (.law, "legislators", "legislation"),
            (.stateOffice, "senate", "senator"), (.stateOffice, "legislation", "legislator"),
        ]
        for (wordClass, word, other) in falseMerges {
            XCTAssertEqual(Stemmer.stem(word), Stemmer.stem(other), "the stemmer merges \(word) and \(other)")
            XCTAssertTrue(wordClass.contains(other), "\(wordClass) holds \(other)")
            XCTAssertFalse(wordClass.contains(word), "\(wordClass) must not take in \(word)")
        }
    }

    /// A phrase is read where it opens, how long it is, and where one ending at a word begins: the longest
    /// entry wins ("of the" over "of"), over any collection of words with integer indices.
    func testPhrasesAreReadWhereTheyOpenAndWhereTheyEnd() {
        let words = ["4.5", "per", "cent", "of", "the", "vote"]
        XCTAssertEqual(WordClass.percentAfterNumber.phraseLength(at: 1, in: words), 2)
        XCTAssertNil(WordClass.percentAfterNumber.phraseLength(at: 1, in: ["4.5", "per", "litre"]))
        XCTAssertEqual(WordClass.affiliationLead.phraseStart(endingAt: 4, in: words), 3, "of the")
        XCTAssertEqual(WordClass.affiliationLead.phraseStart(endingAt: 3, in: words), 3, "of")
        XCTAssertNil(WordClass.affiliationLead.phraseStart(endingAt: 4, in: ["party", "the"]))
        XCTAssertNil(WordClass.countOf.phraseStart(endingAt: 0, in: ["of"]))
        XCTAssertTrue(WordClass.percentAfterNumber.opens(at: 1, in: words.lazy.map { $0.uppercased().lowercased() }))
        XCTAssertTrue(WordClass.noConfidence.occurs(in: words[3...] + ["no", "confidence"]))
        XCTAssertFalse(WordClass.noConfidence.occurs(in: words[3...]))
    }
}

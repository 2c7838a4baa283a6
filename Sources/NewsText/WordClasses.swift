import Foundation

/// The story engine's vocabulary: every word list its readers match text against, each once, in one
/// versioned resource (`Resources/word-classes.json`). A class is matched either by form (the entry as
/// written: function words, names, phrases, lists another module reads as a set of forms) or by stem
/// (`Stemmer`: an entry is a lemma and meets its regular inflections, "kill" meets "killed" and
/// "killing"). In a stem class an entry written "=lives" is matched as written only: its stem would
/// take in other words ("living"). docs/jarvis/story-engine.md describes the resource.
public enum WordClass: String, CaseIterable, Sendable {
    /// English function words (`StopWords`).
    case stopWord
    /// Natural disasters (`NaturalDisasters`).
    case naturalDisaster
    /// Deadly accidents (`Accidents`).
    case accident
    /// Diseases whose cases news counts (`Outbreaks.diseases`).
    case disease
    /// Words of a disease's spread (`Outbreaks.words`, with `disease`).
    case outbreakSpread
    /// "Strike" as written in any form: the walkout and the verb (`StrikeWords`, `CourtRuling`).
    case strike
    /// What a company or a government strikes: a deal (`StrikeWords`).
    case deal
    /// A number before one of these counts deaths, injuries, arrests, cases of a disease, people
    /// trapped (`NumericFacts`).
    case deathCount, injuryCount, arrestCount, outbreakCaseCount, trappedCount
    /// Words allowed between a number and the casualty word it counts (`NumericFacts`).
    case casualtyFiller
    /// Words shortly before a number that make it a death toll (`NumericFacts`).
    case deathTollLead
    /// A headline speaking of a toll, with or without its figure (`CanonicalHeadline`).
    case tollMention
    /// Words outlets use for one another, one class per meaning (`Consensus`).
    case heldParaphrase, cutParaphrase, raisedParaphrase, benchmarkParaphrase, percentParaphrase, killedParaphrase,
         saidParaphrase
    /// A court or its judges; what a court did (upheld, voided) and what it may decide without that
    /// telling what became of the law (`CourtRuling`).
    case court, upholding, voiding, decidedMatter
    /// People freed, or still held: a count of the trapped may have fallen (`ConflictReport`).
    case rescue
    /// What must follow "won" for it to name a contest's winner (`DeclaredWinners`).
    case contest
    /// Appointing verbs, the auxiliaries that make them passive, the words that end a role and the
    /// roles one word names (`DeclaredWinners`).
    case appointing, passiveAuxiliary, roleEnd, singleHolderRole
    /// A market or currency, its moves, and commentators with their verbs, in a headline that tells
    /// how a market took an event (`MarketReaction`).
    case market, marketMove, marketCommentator, marketComment
    /// A bond market's measures, whose moves in basis points are no central bank's (`NumericFacts`).
    case bondMarketMeasure
}

/// The loaded resource: each `WordClass`'s entries and how they are matched.
public struct WordClasses: Sendable {
    /// The resource's format version this reader understands.
    public static let supportedVersion = 1
    /// The resource's own name, in every loading error.
    public static let resourceName = "word-classes.json"

    public enum Matching: String, Sendable { case form, stem }

    public struct LoadError: Error, CustomStringConvertible {
        public let file: String
        public let reason: String
        public var description: String { "\(file): \(reason)" }
    }

    struct Members: Sendable {
        let matching: Matching
        /// The entries as the file lists them.
        let entries: [String]
        /// Matched as written: every entry of a form class, the "=" entries of a stem class.
        let forms: Set<String>
        /// The stems of a stem class's other entries.
        let stems: Set<String>
    }

    public let version: Int
    private let classes: [WordClass: Members]

    /// Where the bundled resource is.
    public static var bundledResource: URL {
        guard let url = Bundle.module.url(forResource: "word-classes", withExtension: "json") else {
            fatalError("\(resourceName) is missing from the NewsText bundle")
        }
        return url
    }

    /// The bundled resource, read once; a resource this build cannot read stops the process at first use.
    public static let shared: WordClasses = {
        do { return try WordClasses(contentsOf: bundledResource) } catch { fatalError("\(error)") }
    }()

    /// Reads a resource: its version must be `supportedVersion`, and its classes exactly `WordClass`'s cases.
    public init(contentsOf url: URL) throws {
        let file = url.lastPathComponent
        let fail = { (reason: String) in LoadError(file: file, reason: reason) }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) } catch {
            throw fail("unreadable: \(error.localizedDescription)")
        }
        guard let root = object as? [String: Any], let version = root["version"] as? Int,
              let named = root["classes"] as? [String: Any] else {
            throw fail("expected {\"version\": N, \"classes\": {…}}")
        }
        guard version == Self.supportedVersion else { throw fail("version \(version), this build reads \(Self.supportedVersion)") }
        var classes: [WordClass: Members] = [:]
        for (name, value) in named {
            guard let wordClass = WordClass(rawValue: name) else { throw fail("unknown class \"\(name)\"") }
            guard let body = value as? [String: Any], let match = body["match"] as? String,
                  let matching = Matching(rawValue: match), let entries = body["words"] as? [String] else {
                throw fail("class \"\(name)\" needs \"match\": \"form\" or \"stem\" and \"words\": [strings]")
            }
            classes[wordClass] = Self.members(entries, matching)
        }
        if let missing = WordClass.allCases.first(where: { classes[$0] == nil }) {
            throw fail("class \"\(missing.rawValue)\" is missing")
        }
        self.version = version
        self.classes = classes
    }

    private static func members(_ entries: [String], _ matching: Matching) -> Members {
        guard matching == .stem else { return Members(matching: matching, entries: entries, forms: Set(entries), stems: []) }
        let exact = entries.filter { $0.hasPrefix("=") }
        return Members(matching: matching, entries: entries, forms: Set(exact.map { String($0.dropFirst()) }),
                       stems: Set(entries.filter { !$0.hasPrefix("=") }.map(Stemmer.stem)))
    }

    /// How `wordClass` is matched.
    public func matching(_ wordClass: WordClass) -> Matching { members(wordClass).matching }

    /// The entries of `wordClass` as the file lists them ("=" marks kept).
    public func entries(_ wordClass: WordClass) -> [String] { members(wordClass).entries }

    /// The words of a form class, as a set, for callers that match forms themselves.
    public func forms(_ wordClass: WordClass) -> Set<String> { members(wordClass).forms }

    /// Whether the lower-case `word` belongs to `wordClass`.
    public func contains(_ wordClass: WordClass, _ word: String) -> Bool {
        let members = members(wordClass)
        if members.forms.contains(word) { return true }
        return members.matching == .stem && members.stems.contains(Stemmer.stem(word))
    }

    /// The same for a word whose stem the caller has already taken (`Stemmer.stem(word)`).
    public func contains(_ wordClass: WordClass, _ word: String, stem: String) -> Bool {
        members(wordClass).forms.contains(word) || members(wordClass).stems.contains(stem)
    }

    private func members(_ wordClass: WordClass) -> Members {
        guard let members = classes[wordClass] else { fatalError("\(Self.resourceName) has no class \(wordClass.rawValue)") }
        return members
    }
}

extension WordClass {
    /// Whether the lower-case `word` belongs to the class (`WordClasses.shared`).
    public func contains(_ word: String) -> Bool { WordClasses.shared.contains(self, word) }

    /// The same for a word whose stem the caller has already taken.
    public func contains(_ word: String, stem: String) -> Bool { WordClasses.shared.contains(self, word, stem: stem) }

    /// The words of a form class (`WordClasses.forms`).
    public var forms: Set<String> { WordClasses.shared.forms(self) }
}

import Foundation

/// The story engine's vocabulary: every word list its readers match text against, each once, in one
/// versioned resource (`Resources/word-classes.json`). A class is matched either by form (the entry as
/// written: function words, names, phrases, lists another module reads as a set of forms) or by stem
/// (`Stemmer`: an entry is a lemma and meets its regular inflections, "kill" meets "killed" and
/// "killing"). In a stem class an entry written "=lives" is matched as written only: its stem would
/// take in other words ("living"). An entry of several words separated by single spaces is a phrase,
/// matched on as many adjacent words (`opens(at:in:)`, `occurs(in:)`).
/// docs/jarvis/story-engine.md describes the resource.
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
    /// A percentage written in words after its number ("per cent"; `NumericFacts`, `SubjectFigures`, `Quantity`).
    case percentAfterNumber
    /// Before a casualty word, what makes a figure far from it its count ("number of"; `NumericFacts`).
    case countOf
    /// What joins a name to its party ("of the"; `FactWords.affiliationOf`).
    case affiliationLead
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
    /// What follows "was", "has" or "is" when it declares the contest's winner ("declared the winner"), and the
    /// phrases after a name that make it the runner-up ("came second") (`DeclaredWinners`).
    case winnerDeclaration, secondPlace
    /// Appointing verbs, the auxiliaries that make them passive, the words that end a role and the
    /// roles one word names (`DeclaredWinners`).
    case appointing, passiveAuxiliary, roleEnd, singleHolderRole
    /// A market or currency, its moves, and commentators with their verbs, in a headline that tells
    /// how a market took an event (`MarketReaction`).
    case market, marketMove, marketCommentator, marketComment
    /// A bond market's measures, whose moves in basis points are no central bank's (`NumericFacts`).
    case bondMarketMeasure
    /// Titles, ranks and months written with a period before a name or a number: the period never ends a
    /// sentence (Abbreviations).
    case abbreviationBeforeName
    /// Suffixes that end a name and may end a sentence ("Acme Inc. The deal…") (Abbreviations).
    case abbreviationClosingName
    /// Short words a period follows without ending the sentence, for the name scanner (NamedEntityScanner).
    case scannerAbbreviation
    /// Words that make an ambiguous neighbour a place rather than a person: "Chad President", "Lake Chad"
    /// (GazetteerIndex).
    case placeContext
    /// Desk slugs wire agencies put before a headline ("Soccer-Villa beat Liverpool"); a list, not a pattern:
    /// "Coca-Cola" is no slug (HeadlineLabels).
    case deskSlug
    /// Institutions every country has ("senate", "supreme court"): after a possessive they belong to it
    /// (InstitutionNames).
    case genericInstitution
    /// Lower-case words allowed inside a name: "Bank of England", "Ahmed bin Salman"; not "and" (NameRun).
    case nameConnector
    /// Job titles written before names, dropped so "President Ruto" and "Ruto" share a key (NameRun).
    case jobTitle
    /// Titles that stand between what precedes a person and the person ("Romanian Prime Minister Ilie
    /// Bolojan"); not words that also name things ("Health") (NameRun).
    case personTitle
    /// Suffixes of hyphenated words that locate ("Nairobi-based") (Tokenizer).
    case locatingSuffix
    /// Prepositions that place an event ("in", "near") (ArticleVector).
    case locative
    /// Words after which a place is a passing mention: a clause beside the event, what it reaches or
    /// includes, an aside (`EventPlaces`).
    case passingPlaceMarker
    /// Words that open a clause beside the main one right after a comma, dash or colon (`EventPlaces`).
    case clauseOpener
    /// Traded goods whose price moves on news from elsewhere, and the words that then open the cause
    /// of the move (`EventPlaces`).
    case commodity, causeMarker
    /// Words that may stand between the places of one list or range (`EventPlaces`).
    case placeListConnector
    /// Words of a settlement or district after a place name (ArticleVector).
    case settlement
    /// Words that make a company's name the owner of what follows, not the event's subject (ArticleVector).
    case ownership
    /// Names so general they identify no event (ArticleVector).
    case generalName
    /// Words of a strike that are never an attack's (EventKind).
    case walkout
    /// Words that make a strike a walkout: who strikes, and over what (EventKind).
    case labour
    /// Words that make the strike after them an attack even beside a labour word: "drone strike" (EventKind).
    case attack
    /// Nouns of a listicle headline ("7 things…") (Clickbait).
    case listicleNoun
    /// Words that make a report about a vote, so that "won 45.9%" reads as a vote share (ConflictReport).
    case electionWord
    /// Who is speaking, beside job titles: "executive", "officials" (Consensus).
    case speaker
    /// Words that open a subordinate clause: a claim's main clause ends before them (Consensus).
    case subordinator
    /// Words that open an insertion between commas after a name (Consensus).
    case insertionOpener
    /// Lower-case particles inside a person's name (Consensus).
    case nameParticle
    /// Words of an opening phrase before a sentence's subject (Consensus).
    case openingPhrase
    /// Currencies written as words after the amount ("1.4 bln euros"); not "pound": "a 2,000 pound bomb" (FactWords).
    case currencyName
    /// Currency names that are a currency only in lower case ("rand", not "Rand") (FactWords).
    case lowerCaseOnlyCurrency
    /// Hedges before a figure ("about", "nearly") (FigureBounds).
    case approximation
    /// Acronyms kept in capitals when a headline is re-cased (HeadlineCasing).
    case acronym
    /// Units after a number that make it a measurement (a typhoon's 190 km/h is no toll) (NumericFacts).
    case measurementUnit
    /// Words before "rate" that make it an interest rate ("benchmark rate") (NumericFacts).
    case interestQualifier
    /// First- and second-person pronouns: a sentence in them speaks to the reader (PersonalVoice).
    case firstOrSecondPerson
    /// Pronouns that are one only in lower case ("US" is a country) (PersonalVoice).
    case lowerCaseOnlyPronoun
    /// Words of a newspaper's masthead ("Gazette", "Herald") (SourceNames).
    case mastheadWord
    /// Section names a feed title carries after the outlet's name (SourceNames).
    case sectionWord
    /// What a count must be of for outlets to be counting the same thing; deliberately concrete (SubjectFigures).
    case countNoun
    /// Words after an amount that name nothing it is of: "for €1.2bn including debt" (SubjectFigures).
    case dealConnector
    /// What a company or a government reports an amount of ("revenue", "deficit") (SubjectFigures).
    case financialMeasure
    /// Pronouns that refer back to a person (SummaryText).
    case personalReference
    /// Words that refer back to something told before (SummaryText).
    case backReference
    /// Nouns a sentence uses for a subject named before ("the company") (SummaryText).
    case describedSubject
    /// Words that call a figure an earlier one: "from its earlier estimate of 120,000" (SupersededCounts).
    case earlierFigure
    /// Houses whose name is also an ordinary word: counted only with a capital (VoteOutcome).
    case namedLegislature
    /// Houses that vote and their members (VoteOutcome).
    case legislature
    /// Houses named only generically, which may be any house (VoteOutcome).
    case genericLegislature
    /// Lower-case openings of sentences that are navigation, credits, promotion or editors' notes about the page (FeedBoilerplate).
    case boilerplateOpening
    /// Lower-case fragments that mark a sentence as boilerplate wherever they appear (FeedBoilerplate).
    case boilerplateFragment
    /// Labels outlets put before a headline ("BREAKING:"), matched in this order, longest first where one begins another (HeadlineLabels).
    case headlineLabel
    /// A feed's category, or a title's words before a colon, marking an entry as breaking news (FeedParsing's `BreakingNews`).
    case breakingMark
    /// Lower-case phrases that tease instead of telling (curly apostrophes folded first), explainers' phrases, and feature angles (" bets on ") (Clickbait).
    case teaser
    /// Days of the week, months, months abbreviated, and days named relative to the report.
    case weekday, month, monthAbbreviation, dayReference, weekdayAbbreviation
    /// What a legislature did with a bill (passed, stalled) and the other words of any vote (`VoteOutcome`).
    case votePassed, voteStalled, voteWord
    /// Phrases of several words that say a legislature passed or stalled a bill ("voted in favour", "put off")
    /// (`VoteOutcome`).
    case votePassedPhrase, voteStalledPhrase
    /// Words that say a count has grown since it was first reported (`SupersededCounts`).
    case countRise
    /// Verbs of a vote share, of paying, of acquiring, and the nouns of an acquisition (`SubjectFigures`).
    case voteShareVerb, paying, acquiring, acquisitionDeal
    /// After a percentage, a stake ("equity stake"), and what a vote share is "of" ("valid votes") (`SubjectFigures`).
    case stakeAfterPercentage, votesCounted
    /// Before a percentage, the rate it is (`NumericFacts`).
    case inflationRate, unemploymentRate, growthRate, turnoutRate, interestRate
    /// Headline words of each kind of event the clusterer keeps apart (`StoryClustering.EventKind`).
    case earthquakeEvent, stormEvent, fireEvent, crashEvent, collapseEvent, eruptionEvent, resultsEvent, penaltyEvent, acquisitionEvent, recallEvent, launchEvent, strikeEvent
    /// Headline words of kinds of event the clusterer tells apart by who acts (`StoryClustering.EventActors`).
    case layoffEvent, rateDecisionEvent, confidenceVoteEvent
    /// Words and phrases of consequential events that raise a story's score (`TopicImportance`).
    case casualtySignal, violenceSignal, electionSignal, monetarySignal, economySignal, leadershipSignal, disasterSignal, diplomacySignal, marketSignal
    /// Lower-case words a byline holds besides names ("by", "and", "staff") (FeedBoilerplate).
    case bylineWord
    /// Verbs of a multiple, each a figure an outlet states (`Consensus`).
    case doubledFigure, tripledFigure, quadrupledFigure, halvedFigure
    /// Casualties in a headline or lead: a deadly accident's toll, and with it a natural disaster's
    /// dead, missing and displaced (TopicClassification's `DeadlyDisaster`).
    case accidentToll, disasterAftermath
    /// A cyber attack in a headline, by a word or by two adjacent words (TopicClassification's `CyberAttack`).
    case cyberAttack
    /// A government or its head, its verbs of falling, the words after "falls" that make it a figure's move,
    /// ministers dismissed, and a confidence vote that is no company's (TopicClassification's `GovernmentCrisis`).
    case governmentHead, governmentFall, fallingFigure, dismissing, dismissed, dismissedOffice, confidenceMotion, companyOwner
    /// A confidence vote lost or faced, in one word or two ("no confidence"; TopicClassification's `GovernmentCrisis`).
    case noConfidence
    /// What a court does with a law besides striking, upholding and voiding it, and the laws it rules on
    /// (TopicClassification's `LawInCourt`, with `court`, `strike`, `upholding` and `voiding`).
    case courtRules, law
    /// What a legislature does besides passing and stalling, and councils that are no legislature
    /// (TopicClassification's `LegislativeVote`, with `legislature`, `votePassed` and `voteStalled`).
    case legislatureAction, nonLegislativeCouncil
    /// Offices of the state, offices companies have too, the state's officials, a court's decisions and
    /// charges, and the words before an office (TopicClassification's `PoliticianInCourt`).
    case stateOffice, sharedOffice, stateOfficial, conviction, chargedOrSentenced, beforeOffice
    /// Names that open with an office's word and name no office ("Premier League") (TopicClassification's
    /// `PoliticianInCourt`).
    case officeLookalike
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
        /// How many words the entries matched as written have (2 for "put off"), longest first.
        let formLengths: [Int]

        init(matching: Matching, entries: [String], forms: Set<String>, stems: Set<String>) {
            self.matching = matching
            self.entries = entries
            self.forms = forms
            self.stems = stems
            formLengths = Set(forms.map { $0.split(separator: " ").count }).sorted(by: >)
        }
    }

    public let version: Int
    /// Each class's members at its `position`: found without hashing the class's raw-value name, as a
    /// dictionary keyed by the class would on every lookup.
    private let classes: [Members]

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
        precondition(WordClass.positionsHold, "WordClass is no longer stored as its index in allCases")
        self.classes = WordClass.allCases.map { classes[$0]! }
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
        let members = members(wordClass)
        return members.forms.contains(word) || members.stems.contains(stem)
    }

    /// Whether an entry of `wordClass` matched as written (a phrase: its words separated by single
    /// spaces) is spelt by the lower-case `words` from `index` on.
    public func contains<Words: RandomAccessCollection<String>>(_ wordClass: WordClass, phraseAt index: Int, in words: Words) -> Bool
    where Words.Index == Int {
        phraseLength(wordClass, at: index, in: words) != nil
    }

    /// How many words the longest entry of `wordClass` matched as written that the lower-case `words`
    /// spell from `index` on has: 2 for "per cent" in ["4.5", "per", "cent"] at 1; nil when none is spelt there.
    public func phraseLength<Words: RandomAccessCollection<String>>(_ wordClass: WordClass, at index: Int, in words: Words) -> Int?
    where Words.Index == Int {
        let members = members(wordClass)
        return members.formLengths.first { length in
            index >= words.startIndex && index + length <= words.endIndex
                && members.forms.contains(words[index ..< index + length].joined(separator: " "))
        }
    }

    /// Where the longest entry of `wordClass` matched as written that the lower-case `words` spell up to
    /// and including `end` begins: 1 for "of the" in ["party", "of", "the"] at 2; nil when none ends there.
    public func phraseStart<Words: RandomAccessCollection<String>>(_ wordClass: WordClass, endingAt end: Int, in words: Words) -> Int?
    where Words.Index == Int {
        let members = members(wordClass)
        return members.formLengths.lazy.map { end + 1 - $0 }.first { start in
            start >= words.startIndex && end < words.endIndex
                && members.forms.contains(words[start ... end].joined(separator: " "))
        }
    }

    private func members(_ wordClass: WordClass) -> Members { classes[wordClass.position] }
}

extension WordClass {
    /// Its index in `allCases`: a case without payload is stored as its declaration index, in one byte
    /// while there are at most 256 cases, and `allCases` lists the cases in declaration order (checked
    /// when the classes are loaded, `positionsHold`).
    var position: Int { Int(withUnsafeBytes(of: self) { $0[0] }) }

    static let positionsHold = MemoryLayout<WordClass>.size == 1
        && allCases.indices.allSatisfy { index in withUnsafeBytes(of: allCases[index]) { Int($0[0]) } == index }
}

extension WordClass {
    /// Whether the lower-case `word` belongs to the class (`WordClasses.shared`).
    public func contains(_ word: String) -> Bool { WordClasses.shared.contains(self, word) }

    /// The same for a word whose stem the caller has already taken.
    public func contains(_ word: String, stem: String) -> Bool { WordClasses.shared.contains(self, word, stem: stem) }

    /// The words of a form class (`WordClasses.forms`).
    public var forms: Set<String> { WordClasses.shared.forms(self) }

    /// Whether an entry of the class, matched as written, is spelt by the lower-case `words` from `index` on:
    /// "premier league" opens at "premier" in ["premier", "league", "club"].
    public func opens<Words: RandomAccessCollection<String>>(at index: Int, in words: Words) -> Bool where Words.Index == Int {
        WordClasses.shared.contains(self, phraseAt: index, in: words)
    }

    /// Whether an entry of the class, matched as written, is spelt by adjacent words anywhere in `words`.
    public func occurs<Words: RandomAccessCollection<String>>(in words: Words) -> Bool where Words.Index == Int {
        words.indices.contains { opens(at: $0, in: words) }
    }

    /// The words of the longest entry of the class spelt from `index` on (`WordClasses.phraseLength`).
    public func phraseLength<Words: RandomAccessCollection<String>>(at index: Int, in words: Words) -> Int? where Words.Index == Int {
        WordClasses.shared.phraseLength(self, at: index, in: words)
    }

    /// Where the longest entry of the class ending at `end` begins (`WordClasses.phraseStart`).
    public func phraseStart<Words: RandomAccessCollection<String>>(endingAt end: Int, in words: Words) -> Int? where Words.Index == Int {
        WordClasses.shared.phraseStart(self, endingAt: end, in: words)
    }
}

import Foundation
import NewsText

/// One sentence on what the outlets agree on: the reported sentence that the most *other*
/// outlets also carry (in their own words), attributed to them. Nil for a single outlet, and
/// nil when no sentence is confirmed by a second outlet: an invented agreement is worse than none.
///
/// Saying the same thing in other words is not enough to be named as reporting it: the outlet's
/// report must also carry the sentence's specifics — every figure and every name written inside
/// it — or "A and B both report … 1.2 million patients" could name an outlet that reports 1.6
/// million, or put one outlet's quote in everyone's mouth.
public enum Consensus {
    /// Who is speaking, beside job titles (`NamedEntities.isJobTitle`): "executive", "officials".
    static let speakerWords: Set<String> = WordClass.speaker.forms

    /// Share of the claim's main clause (`mainClause`: its words up to the first comma or subordinate
    /// clause) a confirming outlet must use somewhere in its report. The one-sentence test (`wordingShare`) is
    /// met by a sentence sharing the claim's tail: an outlet that reported a rate cut is not credited
    /// with "the pula was little changed against the rand … after the Bank of Botswana cut its rate",
    /// nor with six more such lines (lorries at a checkpoint, aftershocks, an appeal, queues for
    /// buses…). On three reviewed newsrooms' replays 0.4 removed all seven and
    /// no agreement readers had accepted; 0.5 also dropped two true ones (a regulator's fine, a
    /// cocoa price told in other words).
    static let mainClauseWordingShare = 0.4

    /// Words outlets use for one another in the reports consensus lines are made of, each class one
    /// word: a wording share should not hang on "kept" against "held" (a rate decision told by three
    /// outlets lost its consensus to that).
    static let paraphraseClasses: [WordClass] = [
        .heldParaphrase, .cutParaphrase, .raisedParaphrase, .benchmarkParaphrase, .percentParaphrase,
        .killedParaphrase, .saidParaphrase,
    ]

    /// The one word that stands for `word`'s paraphrase class (the class's name), if it has one.
    static func paraphrase(of word: String) -> String? {
        let stem = Stemmer.stem(word)
        return paraphraseClasses.first { $0.contains(word, stem: stem) }?.rawValue
    }

    /// The claim up to its first comma or subordinate clause ("…, southern Iraq", "… after the bank cut…").
    static func mainClause(of claim: String) -> String {
        // One pass over the words: up to the first that ends with a comma, or before a subordinator.
        var words: [Substring] = []
        for word in claim.split(separator: " ") {
            if subordinators.contains(String(word)) { break }
            if word.hasSuffix(",") { words.append(word.dropLast()); break }
            words.append(word)
        }
        return words.joined(separator: " ")
    }
    private static let subordinators: Set<String> = WordClass.subordinator.forms

    /// What a text asserts beyond its gist: its figures (`SummaryText.figures`: "1.2" is one
    /// figure, not the words "1" and "2") and the words of the names and acronyms it writes
    /// (`NamedEntities`: weekdays, job titles and possessives already dropped), in normal form.
    package struct Specifics: Sendable {
        var figures: Set<String> = []
        package var names: Set<String> = []
        /// Every word of the text, in normal form and as names spell it ("Kenya's" also as "kenya").
        package var words: Set<String> = []
        /// What the text says about its names: its content words that are neither names nor figures.
        package var wording: Set<String> = []
        /// The countries (and non-African places) it names (`AfricaGazetteer`).
        var countries: Set<String> = []
        /// Its first word, in normal form, when capitalised: a name or a sentence's capital.
        private var opener: String?

        package init() {}

        /// Verbs that state a multiple, as the figure they state.
        private static let multiples: [(WordClass, String)] = [
            (.doubledFigure, "×2"), (.tripledFigure, "×3"), (.quadrupledFigure, "×4"), (.halvedFigure, "×0.5"),
        ]

        /// The figure a verb of a multiple states ("doubling" → "×2"), if `word` (whose stem is `stem`) is one.
        static func multiple(_ word: String, stem: String) -> String? {
            multiples.first { $0.0.contains(word, stem: stem) }?.1
        }

        package init(_ text: String) { self.init(TextReading(text)) }

        init(_ reading: TextReading) {
            let text = reading.text
            // Tolls in any form count, "eight people died" too (number words below eleven are no
            // figure to `SummaryText`), so no outlet is credited with a toll it disputes.
            figures = reading.figures.union(reading.facts.filter(\.kind.risesAsEventDevelops)
                .map { NumberText.withoutTrailingZeros(String($0.value)) })
            names = Set(reading.entities.filter { $0.kind != .quantity }
                .flatMap { $0.key.split(separator: " ").map(String.init) })
            // Countries count even at a sentence's start, where names are not read, and in any form
            // ("Zambia's", "Zambian"): an outlet that never names Somalia is not credited with
            // "Somalia joins the visa scheme".
            let tokens = reading.tokens
            // "doubled" is a figure too: an outlet that gave the growth only as a percentage is not
            // credited with a business that "doubled".
            figures.formUnion(tokens.indices.compactMap { Self.multiple(tokens[$0].normalized, stem: reading.stems[$0]) })
            // What a court did is a fact an outlet states or not: "the court upheld the tax reform" is
            // never credited to an outlet whose report says the court struck it down.
            if let ruling = CourtRuling.outcome(in: reading.words) { figures.insert("ruling:" + ruling.rawValue) }
            opener = tokens.first.flatMap { $0.isCapitalized ? $0.normalized : nil }
            countries = Set(AfricaGazetteer.mentions(in: tokens).map(\.country))
            // "Kenya's" is the word "kenyas"; a headline (Title Case, so no names found) may be the
            // only place an outlet writes the name, so its bare form counts too.
            let words = tokens.map(\.normalized)
            let bare = text.contains("'s") || text.contains("\u{2019}s")
                ? Tokenizer.words(text.replacingOccurrences(of: "\u{2019}s", with: "").replacingOccurrences(of: "'s", with: "")) : []
            let all = names.union(words).union(bare)
            self.words = all.union(all.compactMap(Consensus.paraphrase(of:)))
            // Job titles are the frame of a claim ("chief executive … said"), not what it says.
            wording = Set(Tokenizer.contentWords(tokens).filter { word in
                !names.contains(word) && !word.contains(where: \.isNumber) && !NamedEntities.isJobTitle(word)
                    && !Consensus.speakerWords.contains(word)
            }.map { Consensus.paraphrase(of: $0) ?? $0 })
        }

        /// A name that opens a sentence is not read as one (a capital there says nothing), unless
        /// the story writes it as a name elsewhere: "Kalombo replaces Aline Mutombo" names Kalombo,
        /// and a claim naming him is not credited to an outlet that names another minister.
        package mutating func readOpeningName(storyNames: Set<String>) {
            guard let opener, storyNames.contains(opener) else { return }
            names.insert(opener)
        }

        package mutating func add(_ other: Specifics) {
            figures.formUnion(other.figures)
            names.formUnion(other.names)
            countries.formUnion(other.countries)
            words.formUnion(other.words)
        }

        /// Whether a report with these specifics uses `mainClauseWordingShare` of what `claim` says.
        package func tellsMostOf(_ claim: Specifics) -> Bool {
            // A name opening the claim ("Stratocloud said…") and the scale of a figure are not its wording.
            let said = claim.wording.subtracting(claim.names).filter { SubjectFigures.multipliers[$0] == nil }
            return said.count < 2 || Double(said.intersection(words).count) >= Consensus.mainClauseWordingShare * Double(said.count)
        }

        /// Whether a report with these specifics gives every figure, name and country of `claim`.
        package func carries(_ claim: Specifics) -> Bool {
            claim.figures.isSubset(of: figures) && claim.names.isSubset(of: words) && claim.countries.isSubset(of: countries)
        }
    }
}

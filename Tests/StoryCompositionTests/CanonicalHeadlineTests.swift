@testable import ArticleAnnotations
import NewsText
@testable import StoryComposition
import XCTest

final class CanonicalHeadlineTests: XCTestCase {
    private let authority = SourceAuthority.bundled

    func testClickbaitIsNeverChosenWhenAnInformativeHeadlineExists() {
        let headline = CanonicalHeadline.choose(from: StoryFixtures.kenyaRateHike, authority: authority)
        XCTAssertFalse(headline.lowercased().contains("believe"), headline)
        XCTAssertFalse(headline.contains("!"), headline)
    }

    func testOutletSuffixesAreStrippedFromTheChosenHeadline() {
        let headline = CanonicalHeadline.choose(from: StoryFixtures.kenyaRateHike, authority: authority)
        XCTAssertFalse(headline.contains("Reuters") || headline.contains("BBC"), headline)
        XCTAssertFalse(headline.hasSuffix(" -") || headline.hasSuffix(" |"), headline)
    }

    func testTheMostRepresentativeHeadlineWinsOverAnOffTopicOne() {
        let articles = [
            StoryFixtures.article("a", "Nation", "nation.africa", "Ruto signs finance bill into law", ""),
            StoryFixtures.article("b", "The Standard", "standardmedia.co.ke", "President Ruto signs contested finance bill", ""),
            StoryFixtures.article("c", "Citizen Digital", "citizen.digital", "Traffic snarl-up in Nairobi CBD", ""),
        ]
        XCTAssertTrue(CanonicalHeadline.choose(from: articles, authority: authority).contains("finance bill"))
    }

    func testQuestionsListiclesAndExcessivePunctuationLoseToAPlainHeadline() {
        let articles = [
            StoryFixtures.article("a", "Reuters", "reuters.com", "Is this the end of cheap loans in Kenya?", ""),
            StoryFixtures.article("b", "Reuters", "reuters.com", "7 things to know about Kenya's rate hike", ""),
            StoryFixtures.article("c", "Reuters", "reuters.com", "Kenya hikes rates again?!", ""),
            StoryFixtures.article("d", "Unknown Blog", "blog.example", "Kenya raises interest rates to 13%", ""),
        ]
        XCTAssertEqual(CanonicalHeadline.choose(from: articles, authority: authority), "Kenya raises interest rates to 13%")
    }

    func testAllCapsLosesToNormalCase() {
        let articles = [
            StoryFixtures.article("a", "Reuters", "reuters.com", "KENYA RAISES INTEREST RATES TO 13%", ""),
            StoryFixtures.article("b", "Small Site", "small.example", "Kenya raises interest rates to 13%", ""),
        ]
        XCTAssertEqual(CanonicalHeadline.choose(from: articles, authority: authority), "Kenya raises interest rates to 13%")
    }

    /// Found by a reader's audit: a tabloid's "drivers strike AGAIN" became the story's headline.
    /// A word in capitals that the story writes in lower case, or a long one no text writes in
    /// capitals, is shouting; acronyms the story writes in capitals are not.
    func testAHeadlineShoutingAWordLosesToAPlainOne() {
        let body = "Train drivers will strike again for 48 hours from December 8, the ASLEF union said, in a row over pay."
        let articles = [
            StoryFixtures.article("a", "Daily Blaze", "dailyblaze.example", "Christmas rail misery as train drivers strike AGAIN", body),
            StoryFixtures.article("b", "Wire", "wire.example", "Train drivers to strike for 48 hours over pay", body),
        ]
        XCTAssertEqual(CanonicalHeadline.choose(from: articles, authority: authority), "Train drivers to strike for 48 hours over pay")
        let manure = [
            StoryFixtures.article("c", "Daily Blaze", "dailyblaze.example", "Holland in chaos as government falls over COW POO row",
                                  "The Dutch government has collapsed over cow manure and nitrogen rules."),
            StoryFixtures.article("d", "Wire", "wire.example", "Dutch government collapses after farmers' party quits coalition",
                                  "The Dutch coalition government collapsed after the farmers' party quit over nitrogen rules."),
        ]
        XCTAssertEqual(CanonicalHeadline.choose(from: manure, authority: authority),
                       "Dutch government collapses after farmers' party quits coalition", "its own capitals are no evidence")
        let forms = HeadlineCasing.preferredForms([body])
        XCTAssertTrue(HeadlineCasing.shoutsAWord("HORROR as tower block crumbles", forms: forms), "long, never written in capitals")
        XCTAssertFalse(HeadlineCasing.shoutsAWord("ASLEF drivers to strike over pay", forms: forms), "the story writes ASLEF so")
        XCTAssertFalse(HeadlineCasing.shoutsAWord("Train drivers to strike, says TUC", forms: forms), "three letters, not written otherwise")
        XCTAssertFalse(HeadlineCasing.shoutsAWord("NATO allies meet in Brussels", forms: forms), "a well-known acronym")
    }

    func testWhenEveryHeadlineShoutsTheChosenOneIsRecasedFromTheStoryText() {
        let articles = [
            StoryFixtures.article("a", "Reuters", "reuters.com", "KENYA'S RUTO MEETS IMF CHIEF IN NAIROBI",
                                  "President William Ruto met the head of the IMF in Nairobi on Monday."),
        ]
        XCTAssertEqual(CanonicalHeadline.choose(from: articles, authority: authority), "Kenya's Ruto meets IMF chief in Nairobi")
    }

    /// A tenth reader's audit: a tabloid's one-report story kept its shouted kicker ("GOLD PIT HELL: …").
    /// A kicker the outlet shouts labels the report and goes; one naming a place stays, re-cased.
    func testAShoutedKickerGoesAPlaceKickerIsRecasedAndAPlainColonHeadlineIsKept() {
        let tabloid = [
            StoryFixtures.article("t", "Daily Siren", "siren.example", "GOLD PIT HELL: Dozens buried alive as mine caves in",
                                  "Dozens of miners were buried alive when a gold pit caved in near Gaoua in Burkina Faso."),
        ]
        XCTAssertEqual(CanonicalHeadline.choose(from: tabloid, authority: authority), "Dozens buried alive as mine caves in")
        let place = [StoryFixtures.article("z", "Harare Courier", "courier.example", "SOUTH AFRICA: Rand slides to a record low",
                                           "The currency of South Africa slid to a record low against the dollar on Monday.")]
        XCTAssertEqual(CanonicalHeadline.choose(from: place, authority: authority), "South Africa: Rand slides to a record low")
        let exclaimed = [StoryFixtures.article("g", "Daily Siren", "siren.example", "GEEK CHIC! Specs that film everything go on sale",
                                               "Smart glasses that film everything went on sale on Monday.")]
        XCTAssertEqual(CanonicalHeadline.choose(from: exclaimed, authority: authority), "Geek chic! Specs that film everything go on sale")
        let plain = [StoryFixtures.article("p", "Wire", "wire.example", "UK: Inflation falls to 2.1% in October", "Inflation fell.")]
        XCTAssertEqual(CanonicalHeadline.choose(from: plain, authority: authority), "UK: Inflation falls to 2.1% in October")
    }

    /// An eleventh reader's audit: a late outlet's "Guinea mourns as boat toll climbs" became the
    /// headline of a story whose wire had "…toll reaches 22".
    func testAHeadlineGivingTheTollBeatsOneThatOnlySpeaksOfIt() {
        let articles = [
            StoryFixtures.article("w", "Tidewater Press Agency", "tidewater.example", "Guinea boat capsizing toll reaches 22 as search continues",
                                  "The death toll from Monday's capsizing of a boat off Conakry has reached 22."),
            StoryFixtures.article("g", "Geba River Post", "geba.example", "Guinea mourns as boat toll climbs",
                                  "Guinea declared three days of national mourning after a boat capsized off Conakry."),
            StoryFixtures.article("a", "Aldermoor Courier", "aldermoor.example", "Guinea boat disaster: nation mourns as toll climbs",
                                  "Guinea is in mourning after the boat disaster off Conakry."),
        ]
        XCTAssertEqual(CanonicalHeadline.choose(from: articles, authority: authority), "Guinea boat capsizing toll reaches 22 as search continues")
    }

    func testATimelineRowLosesItsOutletsNameAndIsRecasedFromItsOwnBodyOnlyWhenItShouts() {
        var bodyReads = 0
        let body = { () -> String in bodyReads += 1; return "The court in Santo Domingo struck down the tax on Monday." }
        XCTAssertEqual(HeadlineCleanup.forTimeline("Constitutional Court strikes down 2% remittance tax - Hispaniola Observer",
                                                   sourceName: "Hispaniola Observer", sourceKey: "hispaniola.example", body: body),
                       "Constitutional Court strikes down 2% remittance tax")
        XCTAssertEqual(bodyReads, 0, "a plain headline needs no body")
        XCTAssertEqual(HeadlineCleanup.forTimeline("COURT STRIKES DOWN TAX IN SANTO DOMINGO", sourceName: "Hispaniola Observer",
                                                   sourceKey: "hispaniola.example", body: body),
                       "Court strikes down tax in Santo Domingo")
        XCTAssertEqual(HeadlineCleanup.forTimeline("Kenya - the vote explained", sourceName: "Nation", sourceKey: "nation.africa",
                                                   body: body), "Kenya - the vote explained", "only the outlet's own name goes")
        // A thirteenth audit: a short exclaimed kicker, and the row's other shouted word.
        XCTAssertEqual(HeadlineCleanup.forTimeline("WOW! Kelvane's new phone folds into THREE \u{2014} but look at the price",
                                                   sourceName: "The Daily Klaxon", sourceKey: "klaxon.example",
                                                   body: { "You won't believe what Kelvane's new Nimbus Tri can do. It folds TWICE." }),
                       "Wow! Kelvane's new phone folds into three \u{2014} but look at the price")
        XCTAssertEqual(HeadlineCleanup.forTimeline("NASA delays Artemis launch to 2027", sourceName: "Wire", sourceKey: "wire.example",
                                                   body: { "" }), "NASA delays Artemis launch to 2027", "an acronym is no kicker")
    }

    /// A kicker shouted before a colon while the rest is not ("RATE SHOCK: …") labels the report: the
    /// clusterer and the composer drop it like "BREAKING:".
    func testAShoutedKickerIsALabel() {
        XCTAssertEqual(HeadlineLabels.stripping("RATE SHOCK: Kenya's central bank lifts key rate"), "Kenya's central bank lifts key rate")
        XCTAssertEqual(HeadlineLabels.stripping("BREAKING: FERRY TRAGEDY: 22 DEAD as boat flips"), "22 DEAD as boat flips")
        XCTAssertEqual(HeadlineLabels.stripping("CENTRAL BANK OF KENYA: RATE TO 13%"), "CENTRAL BANK OF KENYA: RATE TO 13%",
                       "all shouted: no kicker")
        XCTAssertEqual(HeadlineLabels.stripping("IMF: Kenya's growth to slow"), "IMF: Kenya's growth to slow", "an acronym, not shouting")
        XCTAssertEqual(HeadlineLabels.stripping("SOUTH AFRICA: Rand slides"), "SOUTH AFRICA: Rand slides", "a place")
    }

    /// Found by a second reader's audit: "Soccer-…" kept as a headline, and an explainer
    /// ("…: what went wrong") chosen over the news.
    func testWireDeskSlugsAreRemovedAndExplainersLoseToTheNews() {
        XCTAssertEqual(HeadlineLabels.stripping("Soccer-Villa beat Liverpool 2-1"), "Villa beat Liverpool 2-1")
        XCTAssertEqual(HeadlineLabels.stripping("Athletics-Kenya's Korir wins Shanghai marathon"), "Kenya's Korir wins Shanghai marathon")
        XCTAssertEqual(HeadlineLabels.stripping("Coca-Cola beats forecasts"), "Coca-Cola beats forecasts")
        // The sixteenth and seventeenth audits: a desk slug with a colon.
        XCTAssertEqual(HeadlineLabels.stripping("Soccer: Keita late winner gives Mali 2-1 win over Gabon"),
                       "Keita late winner gives Mali 2-1 win over Gabon")
        XCTAssertEqual(HeadlineLabels.stripping("Cricket: Marufu's 88 guides Zimbabwe to win"), "Marufu's 88 guides Zimbabwe to win")
        XCTAssertEqual(HeadlineLabels.stripping("Football: the new money"), "Football: the new money", "a title, not a slug")
        XCTAssertEqual(HeadlineLabels.stripping("Soccer-mad town celebrates"), "Soccer-mad town celebrates")
        // A seventh audit: a section set off by a bar stayed in a timeline row; a site name after one too.
        XCTAssertEqual(HeadlineLabels.stripping("BUSINESS | Central Bank cuts policy rate to 7.50pc"), "Central Bank cuts policy rate to 7.50pc")
        XCTAssertEqual(HeadlineLabels.stripping("Port strike halts cocoa loading | The Daily Star"), "Port strike halts cocoa loading")
        XCTAssertEqual(HeadlineLabels.stripping("Sport | BREAKING: Villa sign striker"), "Villa sign striker")
        let articles = [
            StoryFixtures.article("a", "Tech Site", "techsite.example", "Stratus outage: what went wrong at the cloud giant", ""),
            StoryFixtures.article("b", "Wire", "wire.example", "Stratus cloud outage knocks out banks and airlines", ""),
        ]
        XCTAssertEqual(CanonicalHeadline.choose(from: articles, authority: authority), "Stratus cloud outage knocks out banks and airlines")
    }

    func testBreakingLabelsAreRemovedButADashInsideTheHeadlineIsKept() {
        let labelled = [StoryFixtures.article("a", "Nation", "nation.africa", "BREAKING: Kenya raises rates", "")]
        XCTAssertEqual(CanonicalHeadline.choose(from: labelled, authority: authority), "Kenya raises rates")
        let dashed = [StoryFixtures.article("a", "Nation", "nation.africa", "Finance bill - what it means for you", "")]
        XCTAssertEqual(CanonicalHeadline.choose(from: dashed, authority: authority), "Finance bill - what it means for you")
    }

    func testBetweenEquallyCentralHeadlinesTheAuthoritativeOutletWins() {
        let articles = [
            StoryFixtures.article("a", "Unknown Blog", "blog.example", "Ghana cedi hits record low against dollar", ""),
            StoryFixtures.article("b", "Reuters", "reuters.com", "Ghana's cedi falls to record low versus dollar", ""),
        ]
        XCTAssertEqual(CanonicalHeadline.choose(from: articles, authority: authority), "Ghana's cedi falls to record low versus dollar")
    }

    /// A fourth reader's audit: "Reserve Bank cuts OCR…" led on a day of three central banks'
    /// decisions although "New Zealand central bank cuts rates…" said whose.
    func testOfCloseCandidatesTheHeadlineNamingThePlaceWins() {
        let articles = [
            StoryFixtures.article("a", "Canterbury Plains Star", "plainsstar.example", "Reserve Bank cuts OCR to 2.25 per cent, signals end of easing",
                                  "The Reserve Bank has cut the Official Cash Rate by 25 basis points to 2.25 per cent."),
            StoryFixtures.article("b", "Equator Newswire", "ewn.example", "New Zealand central bank cuts rates to 2.25%, signals end of easing cycle",
                                  "The Reserve Bank of New Zealand cut its official cash rate by 25 basis points to 2.25% on Monday.",
                                  minutesAfterNoon: 10),
            StoryFixtures.article("c", "The Counting House", "countinghouse.example", "Kiwi dollar climbs as RBNZ signals last cut",
                                  "The New Zealand dollar rose 0.6% after the Reserve Bank of New Zealand cut rates to 2.25%.",
                                  minutesAfterNoon: 20),
        ]
        XCTAssertEqual(CanonicalHeadline.choose(from: articles, authority: authority),
                       "New Zealand central bank cuts rates to 2.25%, signals end of easing cycle")
    }

    /// A fifth reader's audit: a government's fall was headlined by its bond market.
    func testAMarketsReactionLosesToTheEventItReactsTo() {
        XCTAssertTrue(MarketReaction.isReaction(TextReading("Lithuanian bonds slip as government falls over defence tax")))
        XCTAssertTrue(MarketReaction.isReaction(TextReading("Euro slips as ECB delivers widely expected cut")))
        XCTAssertFalse(MarketReaction.isReaction(TextReading("Shares plunge 20% in Hong Kong")), "a move without a cause is the news")
        XCTAssertFalse(MarketReaction.isReaction(TextReading("Government falls as coalition partner quits")))
        // A sixteenth audit: analysts' view of a rate cut headed the card over "Banxico cuts interest rate to 6.75%".
        XCTAssertTrue(MarketReaction.isReaction(TextReading("Analysts see Mexico rate cuts ending after Banxico move to 6.75%")))
        XCTAssertFalse(MarketReaction.isReaction(TextReading("Analysts at Goldman Sachs quit to launch hedge fund")), "analysts as the news")
        // The sixteenth and seventeenth audits: a feature angle headed a chip launch's card.
        XCTAssertEqual(CanonicalHeadline.choose(from: [
            StoryFixtures.article("f", "Circuit Wire", "circuit.example", "Lumen Labs bets on Halcyon 3 to take on AI chip leaders",
                                  "Lumen Labs launched its Halcyon 3 AI accelerator on Tuesday."),
            StoryFixtures.article("g", "Meridian Press Agency", "meridian.example", "Lumen Labs unveils Halcyon 3 AI chip, claims 2.5x speedup",
                                  "Lumen Labs unveiled the Halcyon 3 AI accelerator, saying it is 2.5 times faster.", minutesAfterNoon: 10),
        ], authority: authority), "Lumen Labs unveils Halcyon 3 AI chip, claims 2.5x speedup")
        let articles = [
            StoryFixtures.article("a", "Mercantile Times", "mercantile.example", "Lithuanian bonds slip as government falls over defence tax",
                                  "Lithuanian government bond yields rose 12 basis points after the prime minister resigned."),
            StoryFixtures.article("b", "Harbourline Press Service", "harbourline.example",
                                  "Lithuania's government collapses as coalition partner quits over defence tax",
                                  "Lithuania's prime minister resigned after the Farmers' Union quit her coalition over a defence tax.",
                                  minutesAfterNoon: 10),
        ]
        XCTAssertEqual(CanonicalHeadline.choose(from: articles, authority: authority),
                       "Lithuania's government collapses as coalition partner quits over defence tax")
    }
}

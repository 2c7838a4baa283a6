@testable import ArticleAnnotations
@testable import StoryComposition
import XCTest

final class ConsensusTests: XCTestCase {
    func testASingleOutletHasNoConsensus() {
        XCTAssertNil(Consensus.sentence(for: [StoryFixtures.kenyaRateHike[0]]))
        let twoFeedsOfOneOutlet = [StoryFixtures.kenyaRateHike[0],
                                   StoryFixtures.article("r2", "Reuters Africa", "reuters.com", "Kenya hikes",
                                                         StoryFixtures.kenyaRateHike[0].body)]
        XCTAssertNil(Consensus.sentence(for: twoFeedsOfOneOutlet))
    }

    /// All four outlets give the new rate, 13%; only two give the 50-point step, so the sentence
    /// all four can be named for is one without it. "Kenya's" stays a name though the story writes
    /// it capitalised elsewhere only without the possessive.
    func testTheConsensusNamesTheAgreeingOutletsAndTheSharedFact() throws {
        let consensus = try XCTUnwrap(Consensus.sentence(for: StoryFixtures.kenyaRateHike))
        XCTAssertTrue(consensus.contains(" and 2 other outlets all report that Kenya's central bank"), consensus)
        XCTAssertTrue(consensus.contains("13"), consensus)
        XCTAssertFalse(consensus.contains("50"), consensus)
        XCTAssertTrue(consensus.hasSuffix("."), consensus)
    }

    /// A fourteenth reader's audit: consensus lines listed feeds ("Continental Press Agency - Markets,
    /// Meridian Wire - Business and …"); they name the outlets.
    func testTheConsensusNamesOutletsNotTheirFeedsSections() throws {
        let body = StoryFixtures.kenyaRateHike[0].body
        let consensus = try XCTUnwrap(Consensus.sentence(for: [
            StoryFixtures.article("a", "Continental Press Agency - Markets", "cpa.example", "Kenya raises key rate to 13%", body),
            StoryFixtures.article("b", "Meridian Wire | Business", "meridian.example", "Kenya lifts rate to 13%",
                                  StoryFixtures.kenyaRateHike[1].body),
        ]))
        XCTAssertTrue(consensus.hasPrefix("Continental Press Agency and Meridian Wire "), consensus)
        XCTAssertEqual(SourceNames.display("Reuters: World News", fallbackKey: "reuters.com"), "Reuters")
        XCTAssertEqual(SourceNames.display("Meridian Wire – Africa (wire)", fallbackKey: "m.example"), "Meridian Wire")
        XCTAssertEqual(SourceNames.display("Business-Standard", fallbackKey: "bs.example"), "Business-Standard")
        XCTAssertEqual(SourceNames.display("World news | The Guardian", fallbackKey: "g.example"), "The Guardian")
        XCTAssertEqual(SourceNames.display("Top stories - Google News", fallbackKey: "g.example"), "Google News")
        // A sixteenth audit: a region or city after the masthead is the feed's section too.
        XCTAssertEqual(SourceNames.display("Harbourside Gazette - Otago & Southland", fallbackKey: "h.example"), "Harbourside Gazette")
        XCTAssertEqual(SourceNames.display("Sierra Madre Gazette - Monterrey", fallbackKey: "s.example"), "Sierra Madre Gazette")
        XCTAssertEqual(SourceNames.display("Highveld Courier - Zimbabwe & Region", fallbackKey: "h.example"), "Highveld Courier")
        XCTAssertEqual(SourceNames.display("Mail & Guardian - Africa's best read", fallbackKey: "m.example"), "Mail & Guardian")
        XCTAssertEqual(SourceNames.display("Reuters - Business News", fallbackKey: "r.example"), "Reuters", "section words first")
        XCTAssertEqual(SourceNames.display("Ars Technica - Gear & Gadgets", fallbackKey: "a.example"), "Ars Technica - Gear & Gadgets",
                       "no masthead word on either side: kept whole")
        XCTAssertEqual(SourceNames.display(" - Business", fallbackKey: "x.example"), "- Business")
    }

    /// The consensus of two outlets (Reuters, MyJoyOnline) whose bodies are `first` and `second`.
    private func consensusOfTwo(_ first: String, _ second: String) throws -> String {
        try XCTUnwrap(Consensus.sentence(for: [
            StoryFixtures.article("a", "Reuters", "reuters.com", "First report", first),
            StoryFixtures.article("b", "MyJoyOnline", "myjoyonline.com", "Second report", second),
        ]))
    }

    /// A tenth reader's audit: the outlet that never mentioned the welcome was credited with "…, a
    /// decision welcomed by media groups". The outlets agree on the main clause; the tail goes.
    func testATrailingClauseOnlyTheWriterReportsIsLeftOut() throws {
        let consensus = try consensusOfTwo(
            "Kyrgyzstan's Constitutional Court on Monday annulled a law that let the government block websites accused of "
                + "spreading false information without a court ruling, a decision welcomed by media groups.",
            "Kyrgyzstan's Constitutional Court on Monday struck down a law under which the government could block websites for "
                + "publishing false information without going to court.")
        XCTAssertTrue(consensus.hasSuffix("without a court ruling.") || consensus.hasSuffix("without going to court."), consensus)
        XCTAssertFalse(consensus.contains("welcomed"), consensus)
        let shared = try consensusOfTwo(
            "Ghana's central bank raised its policy rate to 29% on Monday, citing inflation.",
            "The Bank of Ghana raised its benchmark rate to 29% on Monday, citing inflation and the cedi.")
        XCTAssertTrue(shared.hasSuffix("on Monday, citing inflation."), "a tail both report stays: \(shared)")
        // A thirteenth audit: a cut after a clause set into the sentence left no verb.
        let claim = "Domingos Kassoma, who ran the Lobito port authority for four years, was convicted of embezzlement and money "
            + "laundering by the Supreme Court."
        let inserted = Consensus.withoutUnreportedTail(claim, confirmers: ["wire"], reported: [
            "wire": Consensus.Specifics("Angola's Supreme Court sentenced Domingos Kassoma, former chairman of the Lobito port "
                + "authority, to nine years in prison for embezzling $38 million."),
        ])
        XCTAssertEqual(inserted, claim)
        let opening = "On Tuesday, a fire destroyed the central market in Lobito, leaving 300 traders without stalls."
        XCTAssertEqual(Consensus.withoutUnreportedTail(opening, confirmers: ["wire"], reported: [
            "wire": Consensus.Specifics("A fire destroyed the central market in Lobito on Tuesday."),
        ]), "On Tuesday, a fire destroyed the central market in Lobito.", "an opening phrase is no subject")
    }

    func testTheReportedClauseKeepsNamesCapitalisedAndLowercasesOrdinaryOpeners() throws {
        let consensus = try consensusOfTwo("The high court in Accra convicted the former finance minister of fraud on Monday.",
                                           "The high court in Accra convicted the former finance minister of fraud on Monday afternoon.")
        XCTAssertTrue(consensus.hasPrefix("Reuters and MyJoyOnline both report that the high court in Accra"), consensus)
        // A seventh audit: "both report that Twelve people were killed".
        let toll = try consensusOfTwo("Twelve people were killed by floods in Ratnapura district on Tuesday, officials said.",
                                      "Twelve people were killed by floods in Ratnapura district on Tuesday.")
        XCTAssertTrue(toll.hasPrefix("Reuters and MyJoyOnline both report that twelve people were killed"), toll)
    }

    /// Found by a reader's audit: "both report that apple has launched". A name the story only
    /// ever writes at the start of sentences is still a name.
    func testACompanyNamedOnlyAtSentenceStartsKeepsItsCapital() throws {
        let consensus = try consensusOfTwo("Apple has launched the Vision Air headset at $1,499. Shipping starts on December 12.",
                                           "Apple has launched the Vision Air headset at $1,499, ahead of the holidays.")
        XCTAssertTrue(consensus.contains("report that Apple has launched"), consensus)
    }

    /// Found on a live run: two outlets told one breach with different patient counts, and the
    /// consensus named both as reporting one outlet's figure while the conflict named the dispute.
    func testAnOutletIsNotNamedForAFigureOrNameItDoesNotReport() throws {
        let articles = [
            StoryFixtures.article("a", "Byte Street Journal", "bytestreet.example", "Ransomware attack hits Dutch hospital group",
                                  "Dutch hospital group Zorgnet said a ransomware attack exposed personal data of 1.2 million patients. "
                                      + "The attackers demanded a payment in bitcoin, the company said."),
            StoryFixtures.article("b", "The Harbour Post", "harbourpost.example", "Hospital group Zorgnet hit by ransomware",
                                  "Dutch hospital group Zorgnet said a ransomware attack exposed personal data of 1.6 million patients. "
                                      + "The attackers demanded a payment in bitcoin, the company said on Friday.", minutesAfterNoon: 10),
        ]
        let consensus = try XCTUnwrap(Consensus.sentence(for: articles), "the shared fact without a figure still stands")
        XCTAssertFalse(consensus.contains("million"), consensus)
        XCTAssertTrue(consensus.contains("bitcoin"), consensus)
        XCTAssertNotNil(Conflict.sentence(for: articles), "the figures are the conflict's to name")

        // The digits of 2.1 are those of 1.2: figures are compared whole.
        let swapped = [articles[0], StoryFixtures.article("d", "The Harbour Post", "harbourpost.example", "Zorgnet breach",
                                                          "Dutch hospital group Zorgnet said a ransomware attack exposed personal data "
                                                              + "of 2.1 million patients.")]
        XCTAssertNil(Consensus.sentence(for: swapped))
        // A quote one outlet gives is not put in the other's mouth.
        let quoted = [StoryFixtures.article("e", "Byte Street Journal", "bytestreet.example", "Zorgnet breach",
                                            "A ransomware attack exposed personal data of Zorgnet patients, the Dutch hospital group said."),
                      StoryFixtures.article("f", "The Harbour Post", "harbourpost.example", "Zorgnet breach",
                                            "Chief executive Daniel Okafor said a ransomware attack exposed personal data of "
                                                + "Zorgnet patients, the Dutch hospital group confirmed.")]
        let shared = try XCTUnwrap(Consensus.sentence(for: quoted))
        XCTAssertFalse(shared.contains("Okafor"), shared)
        XCTAssertTrue(shared.hasPrefix("Byte Street Journal and The Harbour Post both report that a ransomware attack"), shared)
    }

    /// A twelfth audit: the wire, which gave only the 31% rise, was credited with a business that "doubled".
    func testAnOutletIsNotCreditedWithAMultipleItDoesNotState() throws {
        let articles = [
            StoryFixtures.article("a", "ByteHarbor", "byteharbor.example", "Varnholt's data-centre sales double",
                                  "Varnholt Semiconductor's data-centre business doubled year on year, lifting revenue 31% to $6.8 billion."),
            StoryFixtures.article("b", "Lanternfield News Agency", "lanternfield.example", "Varnholt Semiconductor revenue jumps 31%",
                                  "Varnholt Semiconductor said on Tuesday its third-quarter revenue rose 31% to $6.8 billion, driven by "
                                      + "its data-centre business.", minutesAfterNoon: 5),
            StoryFixtures.article("c", "Tollgate Markets Daily", "tollgate.example", "Varnholt beats forecasts",
                                  "Varnholt Semiconductor reported quarterly revenue of $6.8 billion, up 31%, as its data-centre business "
                                      + "doubled year on year.", minutesAfterNoon: 10),
        ]
        let consensus = try XCTUnwrap(Consensus.sentence(for: articles))
        if consensus.contains("doubled") { XCTAssertFalse(consensus.contains("Lanternfield"), consensus) }
        XCTAssertTrue(Consensus.Specifics("Its data-centre business doubled.").figures.contains("×2"))
        XCTAssertFalse(Consensus.Specifics("Sales rose 31%.").carries(Consensus.Specifics("Sales doubled.")))
    }

    /// A reader's audit: the wire was named as reporting that a union "would stay out until the 12%
    /// demand was met", only because its report named the union and the 12%.
    func testAnOutletIsNotNamedForAClaimItMakesOnlyTheNamesAndFiguresOf() throws {
        let union = "The Namibia Transport and Allied Workers Union said its members would stay out until the 12% demand was met."
        let wire = "The Namibia Transport and Allied Workers Union wants a 12% pay rise; Namport has offered 6%."
        let strike = [
            StoryFixtures.article("a", "Namib Post", "namibpost.example", "Walvis Bay strike", union),
            StoryFixtures.article("b", "Equator Newswire", "ewn.example", "Walvis Bay strike", wire, minutesAfterNoon: 10),
        ]
        XCTAssertNil(Consensus.sentence(for: strike))
        let told = try consensusOfTwo(union, "The Namibia Transport and Allied Workers Union said members would stay out until "
                                          + "their 12% demand was met, officials said.")
        XCTAssertTrue(told.contains("would stay out"), told)
    }

    /// A fifth reader's audit: a "chief executive … said" frame, a name and one word in common
    /// credited the wire with the other outlet's quote. An outlet must say the claim in one of its
    /// sentences, in a quarter of the claim's own words besides names and titles.
    func testAnOutletIsNotCreditedWithAnotherOutletsQuoteForSharingItsFrame() throws {
        let quote = StoryFixtures.article("a", "Bitstream Daily", "bitstream.example", "Skagen AI releases open model",
                                          "Chief executive Mette Bjerre of Skagen AI said European companies needed models they could run "
                                              + "on their own servers.")
        let other = StoryFixtures.article("b", "Harbourline Press Service", "harbourline.example", "Danish start-up Skagen AI releases open model",
                                          "Chief executive Mette Bjerre of Skagen AI said the model was trained on European supercomputers.",
                                          minutesAfterNoon: 20)
        XCTAssertNil(Consensus.sentence(for: [quote, other]))
        let sameQuote = StoryFixtures.article("c", "Harbourline Press Service", "harbourline.example", "Skagen AI model",
                                              "Chief executive Mette Bjerre of Skagen AI said European firms needed models they could run "
                                                  + "on their own servers, not rent.", minutesAfterNoon: 20)
        XCTAssertNotNil(Consensus.sentence(for: [quote, sameQuote]), "the same quote in other words is agreement")
    }

    /// A sixth reader's audit: the wire was credited with "Somalia joins the tourist visa" though it
    /// never named Somalia (a name that opens a sentence is no name to `NamedEntities`; a country is).
    func testAnOutletThatNeverNamesTheCountryIsNotCreditedWithIt() {
        let somali = StoryFixtures.article("a", "Mogadishu Horizon", "horizon.example", "Somalia joins EAC tourist visa",
                                           "Somalia joins the single tourist visa agreed by East African leaders at the summit in Bujumbura.")
        let wire = StoryFixtures.article("b", "Compass Newswire", "compass.example", "EAC leaders agree single tourist visa",
                                         "East African leaders agreed a single tourist visa at the summit in Bujumbura on Monday.",
                                         minutesAfterNoon: 15)
        let consensus = Consensus.sentence(for: [somali, wire]) ?? ""
        XCTAssertFalse(consensus.contains("Somalia"), consensus)
        let kenyan = StoryFixtures.article("c", "Nation", "nation.example", "Kenyan visa",
                                           "Kenyan officials said Somalia joins the single tourist visa agreed by East African leaders in Bujumbura.",
                                           minutesAfterNoon: 15)
        XCTAssertNotNil(Consensus.sentence(for: [somali, kenyan]))
    }

    /// A seventh reader's audit: "Kalombo replaces Aline Mutombo" was credited to the outlet that
    /// named another minister ("He replaces Aline Mutombo"): a name opening a sentence counts when
    /// the story writes it as a name elsewhere.
    func testANameOpeningTheClaimMustBeReportedByTheConfirmingOutlet() {
        let wire = StoryFixtures.article("a", "Compass Newswire", "compass.example", "Congo names Patrice Kalombo mines minister",
                                         "Congo's president named Patrice Kalombo as mines minister on Tuesday. Kalombo replaces Aline "
                                             + "Mutombo, who was dismissed after a row over cobalt export quotas.")
        let local = StoryFixtures.article("b", "Katanga Courier", "katanga.example", "Jean-Marie Tshibanda appointed mines minister",
                                          "Jean-Marie Tshibanda was appointed mines minister on Tuesday. He replaces Aline Mutombo, who "
                                              + "was dismissed after a row over cobalt export quotas.", minutesAfterNoon: 20)
        let consensus = Consensus.sentence(for: [wire, local]) ?? ""
        XCTAssertFalse(consensus.contains("Kalombo"), consensus)
        let business = StoryFixtures.article("c", "The Bullion Review", "bullion.example", "Congo appoints new mines minister",
                                             "Patrice Kalombo replaces Aline Mutombo, who was dismissed after a row over cobalt export quotas.",
                                             minutesAfterNoon: 30)
        XCTAssertTrue((Consensus.sentence(for: [wire, business]) ?? "").contains("Kalombo replaces"))
    }

    /// A ninth audit: "all report that eight people died" named the outlet that reported six, since
    /// number words below eleven are no figure; a toll is, in any form.
    func testAnOutletIsNotCreditedWithATollItDisputes() {
        let wire = StoryFixtures.article("a", "Crestline Wire", "crestline.example", "Six killed as apartment block collapses in Benghazi",
                                         "Six people were killed when a five-storey apartment block collapsed in Benghazi on Tuesday, the "
                                             + "civil defence authority said.")
        let local = StoryFixtures.article("b", "Cyrenaica Daily", "cyrenaica.example", "Eight dead in Benghazi building collapse",
                                          "Eight people were killed when a five-storey apartment block collapsed in Benghazi on Tuesday, "
                                              + "the civil defence authority said.", minutesAfterNoon: 10)
        XCTAssertNil(Consensus.sentence(for: [wire, local]))
        let paper = StoryFixtures.article("c", "The Ashcombe Chronicle", "ashcombe.example", "Building collapse in Libya kills six",
                                          "Six people died when an apartment block collapsed in Benghazi on Tuesday, the civil defence "
                                              + "authority said.", minutesAfterNoon: 20)
        let consensus = Consensus.sentence(for: [wire, local, paper]) ?? ""
        XCTAssertTrue(consensus.hasPrefix("Crestline Wire and The Ashcombe Chronicle both report that six people"), consensus)
    }

    func testOutletsThatShareNoFactHaveNoConsensus() {
        let articles = [
            StoryFixtures.article("a", "Reuters", "reuters.com", "Zambia copper output rises",
                                  "Zambia's copper output rose in the first quarter as new mines started production."),
            StoryFixtures.article("b", "Lusaka Times", "lusakatimes.com", "Lusaka traffic plan unveiled",
                                  "City planners unveiled a new traffic scheme for the capital's congested roads."),
        ]
        XCTAssertNil(Consensus.sentence(for: articles))
    }
    /// A sixteenth reader's audit: "the pula was little changed against the rand … after the Bank of
    /// Botswana cut its rate" was credited to an outlet that reported the cut and never the currency.
    /// The confirming outlet must tell the claim's main clause (`Consensus.mainClauseWordingShare`).
    func testAnOutletIsNotCreditedWithAMainClauseItDoesNotTell() {
        let currency = StoryFixtures.article("a", "Crestline Wire", "crestline.example", "Zambia cuts rate",
                                             "The kwacha was little changed against the dollar on Wednesday after the Bank of Zambia cut "
                                                 + "its policy rate by 50 basis points to 13.5%.")
        let decision = StoryFixtures.article("b", "The Ashcombe Chronicle", "ashcombe.example", "Bank of Zambia lowers rate",
                                             "The Bank of Zambia cut its policy rate by 50 basis points to 13.5% on Wednesday, "
                                                 + "saying inflation had eased.", minutesAfterNoon: 10)
        XCTAssertFalse((Consensus.sentence(for: [currency, decision]) ?? "").contains("kwacha"))
        let appeal = StoryFixtures.article("c", "Crestline Wire", "crestline.example", "Nimbus to appeal EU fine",
                                           "Nimbus said it would appeal an €800 million fine imposed by the European Commission over its "
                                               + "cloud licensing terms.")
        let fine = StoryFixtures.article("d", "The Ashcombe Chronicle", "ashcombe.example", "EU fines Nimbus €800 million over cloud licensing",
                                         "The European Commission fined Nimbus €800 million on Tuesday over the licensing of its cloud "
                                             + "database software.", minutesAfterNoon: 10)
        XCTAssertFalse((Consensus.sentence(for: [appeal, fine]) ?? "").contains("appeal"), "the fine's outlet never told the appeal")
    }

    /// Outlets word a decision differently ("kept" and "held" the rate): that is still one fact.
    func testOutletsWordingADecisionDifferentlyAgree() throws {
        let consensus = try consensusOfTwo("Namibia's central bank kept its key lending rate unchanged at 6.75% on Wednesday.",
                                           "The Bank of Namibia held the benchmark rate at 6.75% on Wednesday, as most economists expected.")
        XCTAssertTrue(consensus.contains("6.75%"), consensus)
    }

    /// A sixteenth audit's consensus line ended "…rose to nine on Tuesday and the port of Toamasina.": the
    /// cut of an unreported tail had split the clause "and the port …, the island's main harbour, stayed closed".
    func testACutTakesTheUnreportedConjunctWithTheTail() {
        let claim = "The death toll from Cyclone Imani in Mozambique rose to 12 on Monday and the port of Beira, the country's "
            + "second harbour, stayed closed, officials said."
        XCTAssertEqual(Consensus.withoutUnreportedTail(claim, confirmers: ["wire"], reported: [
            "wire": Consensus.Specifics("Cyclone Imani has killed 12 people in Mozambique, officials said on Monday, as the death toll rose."),
        ]), "The death toll from Cyclone Imani in Mozambique rose to 12 on Monday.")
    }
    /// A claim opening with a pronoun says, alone, nothing of what it is about: "…both report that it has
    /// been designated 4I/2026 W1" (a replay of the fourteenth audit's feeds).
    func testAClaimOpeningWithAPronounIsNoConsensus() {
        let first = StoryFixtures.article("a", "Crestline Wire", "crestline.example", "Astronomers spot interstellar object",
                                          "Astronomers at an observatory in Chile spotted a fast-moving object on Monday. It has been "
                                              + "designated 4I/2026 W1 by the Minor Planet Center.")
        let second = StoryFixtures.article("b", "The Ashcombe Chronicle", "ashcombe.example", "Third interstellar visitor found",
                                           "A telescope found the third known interstellar visitor. It has been designated 4I/2026 W1 "
                                               + "by the Minor Planet Center.", minutesAfterNoon: 10)
        XCTAssertFalse((Consensus.sentence(for: [first, second]) ?? "").contains("that it has"))
    }
}

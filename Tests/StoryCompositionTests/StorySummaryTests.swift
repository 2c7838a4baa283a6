@testable import ArticleAnnotations
@testable import StoryComposition
import XCTest

final class StorySummaryTests: XCTestCase {
    private func assertWellFormed(_ summary: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(summary.isEmpty, file: file, line: line)
        XCTAssertLessThanOrEqual(summary.count, StorySummary.maximumLength, file: file, line: line)
        XCTAssertTrue(summary.hasSuffix(".") || summary.hasSuffix("!") || summary.hasSuffix("?"), summary, file: file, line: line)
        XCTAssertFalse(summary.contains("<") || summary.contains("Read more") || summary.contains("(Reuters)"), summary,
                       file: file, line: line)
    }

    func testSeveralOutletsGiveAShortSynthesisOfWhatTheyAgreeOn() {
        let summary = StorySummary.summarize(StoryFixtures.kenyaRateHike, headline: "Kenya raises rates")
        assertWellFormed(summary)
        XCTAssertTrue(summary.contains("13"), summary)
        XCTAssertTrue(summary.lowercased().contains("central bank"), summary)
        let sentenceCount = summary.filter { $0 == "." }.count
        XCTAssertTrue((1 ... 4).contains(sentenceCount), summary)
    }

    func testTheSameWireCopyFromManyOutletsIsNotRepeated() {
        let wire = "Egypt's central bank held its overnight deposit rate at 27.25% on Thursday. The decision was expected by analysts."
        let articles = ["ahram.org.eg", "madamasr.com", "egyptindependent.com"].enumerated().map { index, host in
            StoryFixtures.article("w\(index)", host, host, "Egypt holds rates", wire)
        }
        let summary = StorySummary.summarize(articles, headline: "Egypt holds rates")
        assertWellFormed(summary)
        XCTAssertEqual(summary.components(separatedBy: "27.25%").count, 2, summary)
    }

    /// Found on a live run: "…by 195 votes to 106. Lawmakers voted 195-106 for the bill, …" — the
    /// words differ, the fact does not. A figure stated once is not stated again.
    func testAFigureIsNotStatedTwice() {
        let articles = [
            StoryFixtures.article("k1", "Nation", "nation.africa", "Kenya's parliament approves finance bill",
                                  "Kenya's parliament approved the Finance Bill 2026 on Wednesday by 195 votes to 106. "
                                      + "Protesters gathered outside Parliament Buildings as the vote was held."),
            StoryFixtures.article("k2", "The Star", "the-star.co.ke", "MPs pass contested finance bill",
                                  "Lawmakers voted 195-106 for the bill, which raises KSh 302 billion in new taxes. "
                                      + "Police fired tear gas at protesters outside Parliament Buildings.", minutesAfterNoon: 15),
        ]
        let summary = StorySummary.summarize(articles, headline: "Kenya's parliament approves finance bill")
        assertWellFormed(summary)
        XCTAssertEqual(summary.components(separatedBy: "195").count, 2, summary)
    }

    func testTheFiguresOfASentenceAreItsWrittenNumbers() {
        XCTAssertEqual(SummaryText.figures("Lawmakers voted 195-106 for the 2026 bill, worth KSh 1,302.5 billion, up 3.8%."),
                       ["195", "106", "1302.5", "3.8"])
        XCTAssertEqual(SummaryText.figures("No figures here."), [])
        XCTAssertEqual(SummaryText.figures("M23 rebels, G-20 envoys, COVID-19 and the H9 chip; a Boeing 737."), ["737"],
                       "digits of a name are no figure")
        XCTAssertEqual(SummaryText.figures("In 2026, 2,026 people fled; $1.2bn was pledged."), ["2026", "1.2"],
                       "a year written plainly is no figure, a count written with a separator is")
        XCTAssertEqual(SummaryText.figures("Twenty-three people were killed, fourteen hurt and two governors spoke."), ["23", "14"],
                       "number words above ten are figures (a reader's audit: a toll written in words)")
    }

    private func restates(_ sentence: String, of stated: String) -> Bool {
        SummaryText.restates(SummaryText.figures(sentence), terms: Set(TermVector.terms(sentence)),
                             of: SummaryText.figures(stated), statedTerms: Set(TermVector.terms(stated)))
    }

    /// "M23 rebels seized Goma" then "Thousands fled as M23 fighters advanced" repeat a name, not a figure.
    func testANameWithDigitsIsNotARepeatedFigure() {
        XCTAssertFalse(restates("Thousands fled as M23 fighters advanced on Bukavu.", of: "M23 rebels seized Goma on Monday."))
        XCTAssertTrue(restates("Lawmakers voted 195-106 for the bill.", of: "Parliament approved the bill by 195 votes to 106."))
    }

    /// Found by a reader's audit: "ASLEF said members at 16 operators would strike. Train drivers at
    /// 16 rail companies … the ASLEF union has announced" and "$57.0bn" after "$57 billion".
    func testOneFigureRepeatedInTheSameContextIsARestatement() {
        XCTAssertTrue(restates("Train drivers at 16 rail companies will walk out for 48 hours, the ASLEF union said.",
                               of: "ASLEF said members at 16 operators would strike."))
        XCTAssertTrue(restates("Nvidia reported revenue of $57.0bn and guided to $65bn.", of: "Revenue hit $57 billion for the quarter."))
        XCTAssertFalse(restates("Police arrested 16 protesters and injured 3 in Nairobi.", of: "ASLEF said members at 16 operators would strike."),
                       "the same number about something else")
    }

    /// Found by a reader's audit: "Priya Raman, its chief executive, said…" and "The company
    /// expects…" opened summaries before the sentence saying what happened.
    func testASummaryOpensWithALeadNotWithASentenceLeaningOnOne() {
        XCTAssertTrue(SummaryText.leansOnWhatCameBefore(TextReading("Its chief executive said the plan would cost $20 a month.")))
        XCTAssertTrue(SummaryText.leansOnWhatCameBefore(TextReading("The company expects revenue of $19.5 billion.")))
        XCTAssertFalse(SummaryText.leansOnWhatCameBefore(TextReading("The European Central Bank cut its deposit rate.")))
        let pool = SentencePool([
            StoryFixtures.article("a", "Wire", "wire.example", "Aster launches AI assistant",
                                  "Aster launched an AI assistant for small businesses on Tuesday. The company expects 2 million users."),
        ])
        let later = pool.sentences[1], lead = pool.sentences[0]
        XCTAssertEqual(StorySummary.readingOrder([later, lead], pool: pool).map(\.text), [lead.text, later.text])
        XCTAssertTrue(SummaryText.leansOnWhatCameBefore(TextReading("The model can process up to 2 million tokens at once.")))
        XCTAssertFalse(SummaryText.leansOnWhatCameBefore(TextReading("The Bank of Botswana cut its main policy rate.")), "a name, not a back-reference")
    }

    /// A ninth reader's audit: "He replaces the outgoing head of government…" followed another
    /// outlet's sentence about the outgoing prime minister, so "he" read as him. A sentence about
    /// an unnamed person follows its own report's sentence naming that person.
    func testASentenceAboutAnUnnamedPersonFollowsTheSentenceNamingThatPerson() {
        XCTAssertTrue(SummaryText.opensWithUnnamedPerson(TextReading("He replaces Henri Dondra, who resigned last week.")))
        XCTAssertFalse(SummaryText.opensWithUnnamedPerson(TextReading("Helsinki said the talks would resume.")))
        let pool = SentencePool([
            StoryFixtures.article("a", "Bangui Post", "bangui.example", "Touadéra names Félix Moloua prime minister",
                                  "President Faustin-Archange Touadéra appointed Félix Moloua as prime minister on Tuesday. "
                                      + "He replaces the outgoing head of government, who resigned after a row over the budget."),
            StoryFixtures.article("b", "Equator Newswire", "ewn.example", "Central African Republic gets a new prime minister",
                                  "Outgoing prime minister Henri-Marie Dondra resigned last week after parliament rejected his budget."),
        ])
        let appointed = pool.sentences[0], replaces = pool.sentences[1], outgoing = pool.sentences[2]
        let ordered = StorySummary.readingOrder([outgoing, appointed, replaces], pool: pool).map(\.text)
        XCTAssertEqual(ordered.firstIndex(of: replaces.text), ordered.firstIndex(of: appointed.text).map { $0 + 1 }, "\(ordered)")
        let summary = StorySummary.summarize(pool, headline: "Touadéra names Félix Moloua prime minister", weights: .init())
        if let he = summary.range(of: "He replaces") {
            XCTAssertTrue(summary[..<he.lowerBound].hasSuffix("as prime minister on Tuesday. "), summary)
        }
    }

    /// A fourth reader's audit: of two outlets' leads, the governor's remark on inflation opened
    /// before the rate cut the story is about.
    func testOfTwoLeadsTheOneCloserToTheHeadlinesOpens() {
        let pool = SentencePool([
            StoryFixtures.article("a", "Gaborone Sun", "gaborone.example", "Bank of Botswana cuts rate to 3.5%",
                                  "Governor Cornelius Dekop said inflation of 2.9% was below the bank's target range."),
            StoryFixtures.article("b", "Equator Newswire", "ewn.example", "Botswana central bank cuts key rate to 3.5%",
                                  "The Bank of Botswana cut its main policy rate by 25 basis points to 3.5% on Monday."),
        ])
        let ordered = StorySummary.readingOrder(pool.sentences, pool: pool)
        XCTAssertEqual(ordered.first?.text, pool.sentences[1].text)
    }

    /// The Irish referendum: a tabloid's "IRELAND has voted to write a RIGHT TO A HOME…" led the
    /// summary; a sentence shouting a word the story writes otherwise is no candidate while others are.
    func testASentenceShoutingAWordIsNoSummaryCandidateWhileOthersAre() {
        let articles = [
            StoryFixtures.article("a", "The Daily Klaxon", "klaxon.example", "Irish say yes to a home",
                                  "IRELAND has voted to write a RIGHT TO A HOME into its constitution, in a landslide."),
            StoryFixtures.article("b", "Equator Newswire", "ewn.example", "Irish voters approve right to housing",
                                  "Irish voters have approved a constitutional amendment guaranteeing a right to housing, with 58.4% "
                                      + "in favour. Ireland's government said it would build more homes.", minutesAfterNoon: 10),
        ]
        let summary = StorySummary.summarize(articles, headline: "Irish voters approve right to housing")
        XCTAssertFalse(summary.contains("RIGHT TO A HOME"), summary)
        XCTAssertTrue(StorySummary.summarize([articles[0]], headline: "").contains("IRELAND"), "a lone tabloid report is still summarised")
    }

    /// A fourteenth audit: "RISC-V" in both leads read as a shouted "RISC", so the chip story's whole
    /// summary was its last sentence, "The first laptops using it will ship in March."
    func testANameWithAHyphenInCapitalsDoesNotShout() {
        let articles = [
            StoryFixtures.article("a", "The Daily Ledger", "ledger.example", "Canadian start-up takes on Intel with RISC-V laptop chip",
                                  "Polaris Silicon of Ottawa launched the Aurora X1, a laptop processor built on the open RISC-V "
                                      + "design, and said two PC makers would use it from March."),
            StoryFixtures.article("b", "Bytefront", "bytefront.example", "Polaris Silicon unveils Aurora X1, a RISC-V chip for laptops",
                                  "Polaris Silicon, an Ottawa chip designer, has unveiled the Aurora X1, a 12-core RISC-V processor for "
                                      + "thin laptops that it says matches mid-range x86 chips at half the power.\n\nThe first laptops "
                                      + "using it will ship in March.", minutesAfterNoon: 10),
        ]
        let summary = StorySummary.summarize(articles, headline: "")
        XCTAssertTrue(summary.hasPrefix("Polaris Silicon"), summary)
        XCTAssertEqual(HeadlineCasing.capitalisedWords("RISC-V, COVID-19 and F-35 jets: NATO's ANGER"), ["NATO", "ANGER"])
        XCTAssertEqual(HeadlineCasing.capitalisedWords("ALL-OUT strike, NON-STOP misery"), ["ALL", "OUT", "NON", "STOP"])
    }

    /// A fourteenth audit: a summary told that Uruguay's Senate approved a bill and, next, that the vote
    /// was postponed; later it told the approval twice in two outlets' words.
    func testASummaryTellsALegislaturesVoteOnceAndOneWay() {
        let approved = StoryFixtures.article("a", "Meridian Wire", "meridian.example", "Uruguay Senate approves cannabis export bill",
                                             "Uruguay's Senate approved a bill late on Monday allowing licensed growers to export recreational "
                                                 + "cannabis, by 17 votes to 13. The bill now goes to the Chamber of Deputies.")
        let postponed = StoryFixtures.article("b", "The Atlantic Observer", "observer.example", "Uruguay's Senate puts off cannabis export vote",
                                              "A vote in Uruguay's Senate on exporting recreational cannabis was postponed until next week "
                                                  + "after two senators asked for changes.", minutesAfterNoon: 5)
        let backed = StoryFixtures.article("c", "NBS News", "nbs.example", "Uruguay senators back plan to export cannabis",
                                           "Uruguay's Senate has voted in favour of letting licensed producers export recreational cannabis, "
                                               + "a world first if the lower house agrees.", minutesAfterNoon: 10)
        let disputed = StorySummary.summarize([approved, postponed], headline: "")
        XCTAssertFalse(disputed.contains("approved") && disputed.contains("postponed"), disputed)
        let twice = StorySummary.summarize([approved, backed], headline: "")
        XCTAssertFalse(twice.contains("approved") && twice.contains("voted in favour"), twice)
        // Two votes of one house are two facts; a house that is a building votes nothing.
        let budget = StatedFacts("Parliament approved the 2025 budget by 180 votes to 120 on Thursday.")
        XCTAssertFalse(StatedFacts("MPs also backed a motion to censure the finance minister.").repeatsAnOutcome(of: budget))
        XCTAssertFalse(StatedFacts("Roads around the house were blocked for hours.")
            .contradicts(StatedFacts("The house was destroyed before the blaze passed.")))
    }

    /// A twelfth audit: a summary ending on a tabloid's "a fisherman told us", another opening with
    /// "Forget the smartwatch – … tracks your sleep" and a tech site's "We wore one for a day".
    func testASentenceInAnOutletsOwnVoiceIsNoSummaryCandidateWhileOthersAre() {
        let articles = [
            StoryFixtures.article("a", "The Daily Bellow", "bellow.example", "Orrin's ring will watch you sleep",
                                  "Forget the smartwatch \u{2013} Orrin Labs' new Sightline ring tracks your sleep and heart rate for $299. "
                                      + "We wore one for a day at the launch in Austin and barely noticed it."),
            StoryFixtures.article("b", "Lanternfield News Agency", "lanternfield.example", "Orrin Labs launches Sightline ring",
                                  "Orrin Labs on Tuesday launched the Sightline, a $299 ring that tracks sleep and heart rate. "
                                      + "The ring goes on sale in the United States next month, the company said.", minutesAfterNoon: 10),
            StoryFixtures.article("c", "ByteHarbor", "byteharbor.example", "Orrin Labs unveils $299 Sightline sleep ring",
                                  "Orrin Labs unveiled the Sightline, a $299 smart ring that tracks sleep and heart rate, at an event in "
                                      + "Austin on Tuesday. Sales start in the United States next month.", minutesAfterNoon: 20),
        ]
        let summary = StorySummary.summarize(articles, headline: "Orrin Labs launches Sightline ring")
        XCTAssertFalse(summary.contains("Forget") || summary.contains("We wore") || summary.contains("your"), summary)
        XCTAssertTrue(summary.contains("$299"), summary)
        let consensus = Consensus.sentence(for: articles) ?? ""
        XCTAssertFalse(consensus.contains("Forget") || consensus.contains("your"), consensus)
        XCTAssertTrue(StorySummary.summarize([articles[0]], headline: "").contains("Forget"), "a lone outlet's voice is still summarised")
    }

    /// A thirteenth audit: "Five people were killed when fire swept through a dormitory…" and "Five
    /// people died and twelve were taken to hospital…" in one summary; a fourth audit's typhoon summary
    /// gave its toll of seven three times (and read "winds of up to 190 km/h" as a toll).
    func testAStoryTollIsStatedOnce() {
        let fire = [
            StoryFixtures.article("a", "The Aldersey Chronicle", "aldersey.example", "Five killed as blaze sweeps through dormitory",
                                  "Five people were killed when fire swept through a dormitory in Erdenet, a copper-mining city in "
                                      + "northern Mongolia, early on Wednesday. Twelve people were injured."),
            StoryFixtures.article("b", "Steppe Courier", "steppe.example", "Five dead in Erdenet dormitory blaze",
                                  "Five people died and twelve were taken to hospital after fire broke out on the third floor of a "
                                      + "dormitory in Erdenet, emergency officials said. The cause is being investigated.", minutesAfterNoon: 15),
        ]
        let summary = StorySummary.summarize(fire, headline: "Five killed as blaze sweeps through dormitory")
        XCTAssertEqual(summary.components(separatedBy: "Five people").count, 2, summary)
        XCTAssertTrue(StatedFacts("Typhoon Talim struck, killing seven people.").repeatsAFigure(of: StatedFacts("At least seven people were killed.")))
        XCTAssertFalse(StatedFacts("Seven people were killed.").repeatsAFigure(of: StatedFacts("Nine people were killed.")))
        XCTAssertEqual(NumericFacts.facts(in: "At least seven people have been killed after the typhoon struck with winds of up to 190 km/h.")
            .map(\.value), [7])
        XCTAssertEqual(NumericFacts.facts(in: "Floods killed 12 people after up to 250 millimetres of rain fell.").map(\.value), [12])
        XCTAssertFalse(StatedFacts("Five people died and 12 were injured.").repeatsAFigure(of: StatedFacts("Five people were killed.")),
                       "the injured are new")
    }

    /// A sixth audit: a tabloid's "A VOLCANO exploded…" was its own evidence that the word is written
    /// so and stayed the summary's opener; the other outlets write "volcano". An acronym only one
    /// outlet writes ("CENA") is no shout.
    func testAWordShoutedByOneOutletThatOthersWriteInLowerCaseShouts() {
        let eruption = [
            StoryFixtures.article("t", "Daily Rocket", "rocket.example", "FIRE MOUNTAIN: Volcano blast kills three",
                                  "A VOLCANO exploded on an Indonesian island, killing three people and forcing 9,000 to flee."),
            StoryFixtures.article("w", "Compass Newswire", "compass.example", "Volcano erupts on Indonesia's Flores island, killing three",
                                  "Mount Ile Mandiri on Indonesia's Flores island erupted on Monday, sending an ash column six "
                                      + "kilometres into the sky and killing three villagers, the disaster agency said.", minutesAfterNoon: 10),
            StoryFixtures.article("s", "The Straits Ledger", "straits.example", "Three dead as Indonesian volcano erupts",
                                  "Three people were killed when Mount Ile Mandiri erupted on Flores in eastern Indonesia on Monday, "
                                      + "and the CENA relief agency moved 9,000 to shelters.", minutesAfterNoon: 20),
        ]
        let pool = SentencePool(eruption)
        XCTAssertEqual(pool.sentences.filter(\.shouts).map(pool.sourceKey(of:)), ["rocket.example"])
        let summit = [
            StoryFixtures.article("r", "Reuters", "reuters.com", "ECOWAS leaders meet in Abuja",
                                  "ECOWAS leaders met in Abuja on Sunday to discuss the withdrawal of three member states."),
            StoryFixtures.article("b", "BBC News", "bbc.co.uk", "Ecowas summit opens in Abuja",
                                  "Leaders of the Ecowas bloc met in Abuja on Sunday as three states prepared to leave.", minutesAfterNoon: 5),
        ]
        XCTAssertEqual(SentencePool(summit).sentences.filter(\.shouts).count, 0, "an acronym another outlet writes as a name")
        XCTAssertFalse(StorySummary.summarize(eruption, headline: "").contains("VOLCANO"))
    }

    func testPersonalVoiceIsTheReportersOrTheReadersNotAQuotedSpeakersOrANames() {
        XCTAssertTrue(PersonalVoice.speaks("Passengers were packed in shoulder to shoulder, a fisherman told us."))
        XCTAssertTrue(PersonalVoice.speaks("I watched the vote from the gallery."))
        XCTAssertTrue(PersonalVoice.speaks("Here\u{2019}s what you\u{2019}ll pay from April."))
        XCTAssertFalse(PersonalVoice.speaks("\u{201C}We will rebuild every home,\u{201D} the governor said."))
        XCTAssertFalse(PersonalVoice.speaks("The US and Egypt signed the deal, ending a feud dating from World War I."))
        XCTAssertFalse(PersonalVoice.speaks("Workers at the gold mine in Obuasi walked out on Monday."))
        XCTAssertFalse(PersonalVoice.speaks("The drug entered a Phase I trial in ME patients."))
        XCTAssertTrue(PersonalVoice.speaks("When I arrived, the market was ash."))
        XCTAssertFalse(PersonalVoice.speaks("The injured were taken to Our Lady of Mercy hospital."))
        XCTAssertFalse(PersonalVoice.speaks("The minister said \u{2018}we don\u{2019}t know yet\u{2019} when asked about the toll."))
    }

    /// "The bill now heads to the Senate, where…" and "The bill now goes to the Senate, where…".
    func testTwoSentencesInOneFrameAreOneSentenceReworded() {
        func opensAlike(_ first: String, _ second: String) -> Bool { SummaryText.opensAlike(TextReading(first), TextReading(second)) }
        XCTAssertTrue(opensAlike("The bill now heads to the Senate, where Democrats are threatening to block it.",
                                 "The bill now goes to the Senate, where it needs 60 votes."))
        XCTAssertFalse(opensAlike("The company said on Monday that its profit rose.", "The company said it would cut 500 jobs in Kenya."))
        XCTAssertFalse(opensAlike("The police said on Monday that the road was closed.",
                                  "The president said on Monday that he would resign."))
    }

    /// An eighth audit: the summary stated both outlets' tolls (23 and 31) and both outlets'
    /// finance ministers; the conflict line names the dispute, the summary states one side.
    func testASummaryNeverContradictsItself() {
        let crash = [
            StoryFixtures.article("a", "Axial Press", "axial.example", "Bus and fuel tanker collide in South Sudan",
                                  "Twenty-three people were killed when a bus collided with a fuel tanker near Nesitu on Monday, police "
                                      + "spokesman James Lobong said. The bus was travelling from Juba to Kampala."),
            StoryFixtures.article("b", "Sudd Chronicle", "sudd.example", "Bus hits fuel tanker near Nesitu",
                                  "A bus travelling from Juba to Kampala hit a fuel tanker near Nesitu on Monday and both burst into "
                                      + "flames. Medics at Juba Teaching Hospital said 31 people died.", minutesAfterNoon: 12),
        ]
        let summary = StorySummary.summarize(crash, headline: "Bus and fuel tanker collide in South Sudan")
        XCTAssertFalse(summary.contains("Twenty-three") && summary.contains("31 people"), summary)
        XCTAssertTrue(StatedFacts("Twenty-three people were killed.").contradicts(StatedFacts("Thirty-one people died on Monday.")))
        XCTAssertFalse(StatedFacts("At least 23 people were killed.").contradicts(StatedFacts("Thirty-one people died.")), "23 or more")
        XCTAssertFalse(StatedFacts("Twenty-one died, five of them soldiers killed at the barracks.")
            .contradicts(StatedFacts("The toll rose to 21.")), "a part of the toll is no other toll")
        XCTAssertTrue(StatedFacts("Turnout was 86.9%, down from 2022.").contradicts(StatedFacts("Turnout was 84.3%.")), "a ninth audit")
        XCTAssertTrue(StatedFacts("Nine migrants drowned.").contradicts(StatedFacts("At least 21 people drowned.")))
        XCTAssertTrue(StatedFacts("William Ruto won the presidential election.").contradicts(StatedFacts("Raila Odinga won the election.")))
        XCTAssertFalse(StatedFacts("William Ruto won the presidential election.").contradicts(StatedFacts("Ruto won the election narrowly.")),
                       "one person, named two ways")
        XCTAssertTrue(StatedFacts("Garang Deng Akech was appointed finance minister on Monday.")
            .contradicts(StatedFacts("The president named Lual Majok Bol as finance minister.")))
    }

    func testOneOutletGivesItsCleanLeadSentences() {
        let article = StoryFixtures.article(
            "s", "Nation", "nation.africa", "Floods hit Kisumu",
            "By Jane Achieng\nKISUMU, Kenya \u{2014} Floods displaced more than 2,000 families in Kisumu on Friday after the "
                + "Nyando river burst its banks. County officials opened three schools as shelters. A third sentence about the "
                + "weather forecast for the weekend ahead follows here. Read more")
        let summary = StorySummary.summarize([article], headline: "Floods hit Kisumu")
        XCTAssertEqual(summary, "Floods displaced more than 2,000 families in Kisumu on Friday after the Nyando river burst its banks. "
            + "County officials opened three schools as shelters.")
    }

    func testEmptyBodiesFallBackToTheHeadlineAsASentence() {
        let articles = [StoryFixtures.article("e", "Nation", "nation.africa", "Kenya raises rates", "")]
        XCTAssertEqual(StorySummary.summarize(articles, headline: "Kenya raises rates"), "Kenya raises rates.")
    }

    func testAnOverlongOnlySentenceIsCutAtAClauseNotMidWord() {
        let clause = "the committee said the decision reflected rising food prices, a weaker currency and higher fuel costs"
        let body = "The Bank of Ghana raised its policy rate on Monday, " + Array(repeating: clause, count: 5).joined(separator: ", ") + "."
        let summary = StorySummary.summarize([StoryFixtures.article("g", "GhanaWeb", "ghanaweb.com", "Ghana raises rate", body)],
                                             headline: "Ghana raises rate")
        assertWellFormed(summary)
        XCTAssertTrue(summary.hasPrefix("The Bank of Ghana raised its policy rate on Monday"), summary)
        XCTAssertTrue(body.hasPrefix(String(summary.dropLast()) + ","), "cut must fall at a comma: \(summary)")
    }

    func testNoArticlesAtAllStillGiveANonEmptySummary() {
        XCTAssertEqual(StorySummary.summarize([], headline: ""), "No summary is available yet.")
    }
    /// A sixteenth reader's audit: "It was the bank's second cut this year", carried by the wire and its
    /// copy, ranked first, and chosen first it kept out every lead sharing its words; the summary never
    /// said what the bank did.
    func testASentenceOpeningWithAPronounDoesNotCrowdOutTheLead() {
        let wire = "The Bank of Namibia cut its Monetary Policy Rate by 50 basis points to 6.25% on Wednesday, saying inflation "
            + "had fallen to 2.9% in October, below its 3-6% target range, and that weak uranium exports were dragging on growth. "
            + "It was the bank's second cut this year."
        let articles = [
            StoryFixtures.article("a", "Meridian Press Agency", "meridian.example", "Namibia central bank cuts rate to 6.25%", wire),
            StoryFixtures.article("b", "Highveld Courier", "highveld.example", "Bank of Namibia cuts repo rate", wire, minutesAfterNoon: 10),
            StoryFixtures.article("c", "APB News", "apb.example", "Namibia: central bank eases",
                                  "The Bank of Namibia lowered its Monetary Policy Rate to 6.25 per cent from 6.75 per cent, its second "
                                      + "reduction of 2026, as slumping uranium exports weigh on the economy. Governor Johannes Gawaxab said "
                                      + "inflation of 2.9 per cent left room to ease.", minutesAfterNoon: 20),
            StoryFixtures.article("d", "Globus Newswire", "globus.example", "Namibian dollar steady after rate cut",
                                  "The Namibian dollar was little changed against the rand on Wednesday after the Bank of Namibia cut "
                                      + "its benchmark rate by 50 basis points to 6.25%. Most economists had expected a 25-point cut.",
                                  minutesAfterNoon: 30),
        ]
        let summary = StorySummary.summarize(articles, headline: "Namibia central bank cuts rate to 6.25%")
        XCTAssertTrue(summary.hasPrefix("The Bank of Namibia"), summary)
    }
    /// A sixteenth audit: "…Assembly of the Republic approved the … budget" and "…parliament has approved the
    /// 2027 state budget" told one vote twice: a house named generically may be the other's.
    func testAVoteToldByItsHousesNameAndAsParliamentIsToldOnce() {
        let articles = [
            StoryFixtures.article("a", "Meridian Press Agency", "meridian.example", "Portugal passes 2027 budget",
                                  "Portugal's Assembly of the Republic approved the minority government's 2027 budget by 116 votes to 98 "
                                      + "in the final vote, with the Socialists abstaining."),
            StoryFixtures.article("b", "The Iberian Post", "iberian.example", "Budget passes, averting early election",
                                  "Portugal's parliament has approved the 2027 state budget, removing the threat of a third early "
                                      + "election in four years.", minutesAfterNoon: 20),
        ]
        let summary = StorySummary.summarize(articles, headline: "")
        XCTAssertEqual(summary.components(separatedBy: "approved").count, 2, summary)
    }
}

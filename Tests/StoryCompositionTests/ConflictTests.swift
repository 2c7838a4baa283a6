@testable import ArticleAnnotations
@testable import StoryComposition
import XCTest

final class ConflictTests: XCTestCase {
    private typealias Fixture = StoryFixtures

    func testDifferentDeathTollsAreNamedWithTheirOutlets() {
        XCTAssertEqual(Conflict.sentence(for: Fixture.lagosCollapse), "Reuters reports 12 dead while BBC News reports 15.")
    }

    /// Found by a reader's audit: a toll written "Twenty-three" at a sentence start was not read.
    func testATollWrittenInWordsIsAFigure() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "Bus crash in Uganda kills 19",
                            "Nineteen people were killed when a bus overturned near Mbarara on Sunday, police said."),
            Fixture.article("b", "Nile Post", "nilepost.example", "Mbarara bus crash",
                            "Twenty-three people were killed when a bus overturned near Mbarara on Sunday, police said.",
                            minutesAfterNoon: 30),
        ]
        XCTAssertEqual(Conflict.sentence(for: articles), "Reuters reports 19 dead while Nile Post reports 23.")
    }

    /// An eighth audit: "collide on South Sudan highway, killing 23" and a follow-up's "the collision
    /// near Nesitu, which killed 31 people" were not read as tolls (a comma earlier in the sentence
    /// hid the toll word), so the dispute vanished once the second outlet filed its follow-up.
    func testATollAfterACommaIsReadAndItsDisputeSurvivesAFollowUp() {
        let articles = [
            Fixture.article("a", "Axial Press", "axial.example", "Bus and fuel tanker collide on South Sudan highway, killing 23",
                            "A bus travelling from Juba to Kampala collided with a fuel tanker near Nesitu on Monday, police said."),
            Fixture.article("b", "Sudd Chronicle", "sudd.example", "Bus hits fuel tanker on Juba-Nimule road",
                            "Medics at Juba Teaching Hospital said the bus hit a fuel tanker near Nesitu, which killed 31 people.",
                            minutesAfterNoon: 12),
        ]
        XCTAssertEqual(Conflict.sentence(for: articles), "Axial Press reports 23 dead while Sudd Chronicle reports 31.")
    }

    func testAgreeingFiguresAreNoConflict() {
        XCTAssertNil(Conflict.sentence(for: Fixture.kenyaRateHike))
    }

    func testHedgedFiguresWhoseRangesOverlapAreNoConflict() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "Lagos collapse", "At least 12 people were killed, officials said."),
            Fixture.article("b", "BBC News", "bbc.co.uk", "Lagos collapse", "More than 15 people were killed, the agency said."),
        ]
        XCTAssertNil(Conflict.sentence(for: articles))
    }

    func testAnOutletQuotingTheOtherFigureIsNotContradictingIt() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "Lagos collapse", "Officials said 12 people were killed."),
            Fixture.article("b", "BBC News", "bbc.co.uk", "Lagos collapse", "The toll rose to 15, up from 12 reported earlier."),
        ]
        XCTAssertNil(Conflict.sentence(for: articles))
    }

    /// A tenth reader's audit: an outlet quoting another's figure in order to dispute it
    /// ("Halyard Newswire had earlier reported 14 dead, quoting police") still disputes it; only a
    /// figure in the outlet's own words ("up from 12 reported earlier") is agreement with it.
    func testAFigureTheOutletAttributesToAnotherOutletOfTheStoryIsNotItsOwn() {
        let articles = [
            Fixture.article("a", "Halyard Newswire", "halyard.example", "Bus collision on Burkina Faso highway kills 14",
                            "Fourteen people were killed and about 30 injured when a bus collided with a lorry near Boromo, police said."),
            Fixture.article("b", "Sahel Sentinel", "sahel.example", "Boromo crash: 17 dead, health directorate says",
                            "17 people died in Monday's collision between a bus and a lorry near Boromo, the regional health "
                                + "directorate said. Halyard Newswire had earlier reported 14 dead, quoting police.",
                            minutesAfterNoon: 60),
        ]
        let conflict = Conflict.sentence(for: articles)
        XCTAssertNotNil(conflict)
        XCTAssertTrue(conflict?.contains("Halyard Newswire reports") == true && conflict?.contains("17") == true, conflict ?? "nil")
    }

    func testReportsHoursApartAreAnUpdateNotADispute() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "Lagos collapse", "Officials said 12 people were killed."),
            Fixture.article("b", "BBC News", "bbc.co.uk", "Lagos collapse", "Officials said 15 people were killed.",
                            minutesAfterNoon: 10 * 60),
        ]
        XCTAssertNil(Conflict.sentence(for: articles))
    }

    func testNumbersCountingDifferentThingsDoNotConflict() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "Lagos collapse", "Twelve people were killed in the collapse."),
            Fixture.article("b", "BBC News", "bbc.co.uk", "Lagos collapse", "Officials said 15 people were injured in the collapse."),
        ]
        XCTAssertNil(Conflict.sentence(for: articles))
    }

    func testEachOutletIsJudgedByItsLatestArticle() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "Lagos collapse", "Officials said 12 people were killed."),
            Fixture.article("a2", "Reuters", "reuters.com", "Lagos collapse toll rises", "Officials said 15 people were killed.",
                            minutesAfterNoon: 30),
            Fixture.article("b", "BBC News", "bbc.co.uk", "Lagos collapse", "Officials said 15 people were killed.",
                            minutesAfterNoon: 40),
        ]
        XCTAssertNil(Conflict.sentence(for: articles))
    }

    func testDifferentRatesOfOneIndicatorConflict() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "Nigeria inflation",
                            "Nigeria's annual inflation rate rose to 33.2% in March, the statistics office said."),
            Fixture.article("b", "Punch", "punchng.com", "Nigeria inflation",
                            "Headline inflation climbed to 32.7 per cent in March, the bureau said."),
        ]
        XCTAssertEqual(Conflict.sentence(for: articles), "Reuters reports inflation at 33.2% while Punch reports 32.7%.")
    }

    func testAnUnemploymentRateIsNotMistakenForAnInterestRate() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "South Africa jobs", "The unemployment rate rose to 32.9% in the quarter."),
            Fixture.article("b", "News24", "news24.com", "South Africa jobs", "The central bank kept its repo rate at 8.25%."),
        ]
        XCTAssertNil(Conflict.sentence(for: articles))
    }

    func testDifferentDeclaredWinnersConflictButTwoFormsOfOneNameDoNot() {
        let disputed = [
            Fixture.article("a", "Reuters", "reuters.com", "Malawi vote", "Lazarus Chakwera won the presidential election, the commission said."),
            Fixture.article("b", "Nyasa Times", "nyasatimes.com", "Malawi vote", "Peter Mutharika was declared the winner on Saturday."),
        ]
        XCTAssertEqual(Conflict.sentence(for: disputed),
                       "Reuters reports that Lazarus Chakwera won while Nyasa Times reports that Peter Mutharika won.")
        let agreed = [
            Fixture.article("a", "Reuters", "reuters.com", "Malawi vote", "Lazarus Chakwera won the presidential election."),
            Fixture.article("b", "Nyasa Times", "nyasatimes.com", "Malawi vote", "Chakwera was declared the winner on Saturday."),
        ]
        XCTAssertNil(Conflict.sentence(for: agreed))
    }

    /// An outlet heading "Chakwera wins…" and writing "Lazarus Chakwera won…" in its lead names one
    /// winner: the dispute with an outlet declaring someone else stands.
    func testAWinnerNamedBySurnameAndFullNameIsOnePerson() {
        XCTAssertEqual(Conflict.sentence(for: Fixture.malawiDisputedWinner),
                       "Reuters reports that Lazarus Chakwera won while Nyasa Times reports that Peter Mutharika won.")
        XCTAssertEqual(DeclaredWinners.people(["Chakwera", "Lazarus Chakwera", "Peter Mutharika"]), ["Lazarus Chakwera", "Peter Mutharika"])
        XCTAssertEqual(DeclaredWinners.people(["Peter Mutharika", "Peter Banda"]), ["Peter Mutharika", "Peter Banda"])
    }

    /// A fourteenth audit: "agrees €1.2bn deal" against "for 1.4 bln euros" / "in a deal valuing the Spanish
    /// company at 1.4 billion euros" went unread (a currency written as a word, a price told three ways).
    func testADealsPriceInAnyWordingAndCurrencyIsComparedBetweenOutlets() {
        let articles = [
            Fixture.article("a", "Capital & Commerce", "cc.example", "Tanger Atlantic Logistics agrees €1.2bn deal for Algeciras terminal group",
                            "Morocco's Tanger Atlantic Logistics will buy Terminales Unidas del Estrecho, the operator of two container "
                                + "terminals in Algeciras, for €1.2bn including debt."),
            Fixture.article("b", "Meridian Wire", "meridian.example", "Moroccan port firm to buy Spanish terminal operator for 1.4 bln euros",
                            "Tanger Atlantic Logistics said it agreed to acquire Terminales Unidas del Estrecho in a deal valuing the "
                                + "Spanish company at 1.4 billion euros, subject to approval from Madrid and Brussels.", minutesAfterNoon: 5),
        ]
        XCTAssertEqual(Conflict.sentence(for: articles),
                       "Capital & Commerce reports a deal worth €1.2bn for Tanger Atlantic Logistics while Meridian Wire reports 1.4 billion euros.")
        let agreed = [articles[0], Fixture.article("c", "Wire", "wire.example", "Tanger Atlantic buys Algeciras terminals",
                                                   "Tanger Atlantic Logistics will pay 1.2 billion euros for Terminales Unidas del Estrecho.")]
        XCTAssertNil(Conflict.sentence(for: agreed))
        XCTAssertEqual(NumericFacts.facts(in: "Net profit rose 18% to 412m zloty.").map(\.text), ["412m zloty"])
        XCTAssertEqual(NumericFacts.facts(in: "The regulator fined Maplewave 45 million dollars.").map(\.noun), ["fine"])
        // A sixteenth audit's conflict line read "…reports 2.8 billion dollar.".
        XCTAssertEqual(NumericFacts.facts(in: "Cerro Alto buys Ridgeline in 2.8 billion dollar deal").map(\.text), ["2.8 billion dollars"])
    }

    /// A review of the deal-price reading: a price per share is no deal's price, a barrel's price is a
    /// barrel's whatever deal is near, and "Real" or "pound" are no currencies in a scoreline or a bomb.
    func testPricesPerShareScorelinesAndWeightsAreNoDealPrices() {
        let takeover = [
            Fixture.article("a", "Reuters", "reuters.com", "Acme to buy Foo Corp",
                            "Acme Industries agreed on Monday to buy Foo Corp for $45 a share in cash."),
            Fixture.article("b", "Bloomberg", "bloomberg.com", "Acme agrees Foo deal",
                            "Acme Industries agreed on Monday to buy Foo Corp in a $5bn deal.", minutesAfterNoon: 5),
        ]
        XCTAssertNil(Conflict.sentence(for: takeover))
        XCTAssertEqual(NumericFacts.facts(in: "Brent crude, which rose after the OPEC deal, climbed to $78.42 a barrel.").map(\.noun), ["barrel"])
        XCTAssertEqual(NumericFacts.facts(in: "Barcelona 2 Real Madrid 1 in the Clasico.").map(\.kind), [])
        XCTAssertEqual(NumericFacts.facts(in: "The jet dropped a 2,000 pound bomb on the depot.").map(\.kind), [])
    }

    func testCountsOfOneSubjectConflictButCountsOfDifferentSubjectsDoNot() {
        let disputed = [
            Fixture.article("a", "Reuters", "reuters.com", "Bank outage", "Equity Bank said 1.9 million customers were locked out of their accounts."),
            Fixture.article("b", "BBC News", "bbc.co.uk", "Bank outage", "Some 2.4 million customers of Equity Bank were locked out of their accounts."),
        ]
        XCTAssertEqual(Conflict.sentence(for: disputed), "Reuters reports 1.9 million customers while BBC News reports some 2.4 million.")
        let different = [
            Fixture.article("a", "Reuters", "reuters.com", "Bank outage", "Equity Bank said 1.9 million customers were locked out of their accounts."),
            Fixture.article("b", "BBC News", "bbc.co.uk", "Bank outage", "KCB said 2.4 million customers were locked out of their accounts."),
        ]
        XCTAssertNil(Conflict.sentence(for: different))
    }

    func testARoundedFigureDoesNotContradictAPreciseOne() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "Budget", "The House passed a $1.6 trillion spending bill on Sunday."),
            Fixture.article("b", "BBC News", "bbc.co.uk", "Budget", "The House passed a $1.62 trillion spending bill on Sunday."),
        ]
        XCTAssertNil(Conflict.sentence(for: articles))
    }

    func testVoteSharesOfOneCandidateConflict() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "Kenya vote", "William Ruto won the presidential election with 50.5% of the vote."),
            Fixture.article("b", "Nation", "nation.africa", "Kenya vote", "William Ruto won the presidential election with 48.9% of the vote."),
        ]
        XCTAssertEqual(Conflict.sentence(for: articles),
                       "Reuters reports 50.5% of the vote for William Ruto while Nation reports 48.9%.")
    }

    /// A reader's audit: "revenue of $8.9 billion" against "revenue reached $9.8 billion" and 2,100
    /// against 1,200 "dockworkers" were not compared (money was tied only to a noun after it, and a
    /// compound of "workers" was no count).
    func testRevenueOfAnAmountAndCountsOfDockworkersAreCompared() {
        let revenue = [
            Fixture.article("a", "Equator Newswire", "ewn.example", "Halcyon revenue beats estimates",
                            "Halcyon Software reported third-quarter revenue of $8.9 billion on Tuesday, above analysts' estimates."),
            Fixture.article("b", "PacketPress", "packetpress.example", "Halcyon's cloud bet pays off",
                            "Halcyon Software's revenue reached $9.8 billion in the third quarter, helped by its AI cloud.",
                            minutesAfterNoon: 20),
        ]
        XCTAssertEqual(Conflict.sentence(for: revenue),
                       "Equator Newswire reports revenue of $8.9 billion for Halcyon Software while PacketPress reports $9.8 billion.")
        let strike = [
            Fixture.article("a", "Namib Post", "namibpost.example", "Walvis Bay port strike",
                            "About 1,200 dockworkers at Walvis Bay walked out on Monday, the Namport union said."),
            Fixture.article("b", "Equator Newswire", "ewn.example", "Namibian port workers strike",
                            "About 2,100 workers at Walvis Bay port walked out on Monday, the Namport union said.", minutesAfterNoon: 15),
        ]
        XCTAssertEqual(Conflict.sentence(for: strike), "Namib Post reports about 1,200 workers while Equator Newswire reports about 2,100.")
    }

    /// A reader's audit: a quarter-point rate cut was "contradicted" by a 4-point move in bond yields.
    func testBasisPointsOfAMarketMoveAreNotARateMove() {
        let cut = [
            Fixture.article("a", "Meridian Press Agency", "mpa.example", "ECB cuts rates",
                            "The European Central Bank cut its deposit rate by 25 basis points to 2% on Thursday."),
            Fixture.article("b", "The Capital Ledger", "ledger.example", "Euro slips as ECB cuts",
                            "German two-year Schatz yields fell 4 basis points after the European Central Bank cut rates.",
                            minutesAfterNoon: 30),
            Fixture.article("c", "Euro Finance Monitor", "efm.example", "ECB trims rates",
                            "The European Central Bank lowered its deposit rate by 50 basis points on Thursday.", minutesAfterNoon: 40),
        ]
        XCTAssertNil(Conflict.sentence(for: Array(cut.prefix(2))))
        XCTAssertEqual(Conflict.sentence(for: [cut[0], cut[2]]),
                       "Meridian Press Agency reports a move of 25 basis points while Euro Finance Monitor reports 50.")
    }

    /// A fourth reader's audit: one outlet named a different runner-up, and the summary stated the
    /// other name as fact with no conflict.
    func testDifferentRunnersUpConflictButOneOutletNamingBothDoesNot() {
        let wire = Fixture.article("a", "Equator Newswire", "ewn.example", "Gambia's Barrow wins third term",
                                   "Gambian President Adama Barrow won a third term with 52.3% of the vote, the commission said. "
                                       + "Opposition candidate Ousman Darboe of the United Democratic Party came second with 31.6%.")
        let paper = Fixture.article("b", "Freetown Gazette", "gazette.example", "Barrow re-elected in The Gambia",
                                    "Adama Barrow has been declared winner of Saturday's presidential election with 52.3 percent. "
                                        + "Runner-up Lamin Jobe of the United Democratic Party polled 31.6 percent.", minutesAfterNoon: 30)
        let daily = Fixture.article("c", "The Liffey Times", "liffey.example", "Barrow secures third term",
                                    "Adama Barrow has won a third term as president of the Gambia with 52.3 per cent of the vote, "
                                        + "defeating Ousman Darboe, who took 31.6 per cent.", minutesAfterNoon: 40)
        XCTAssertEqual(Conflict.sentence(for: [wire, paper]),
                       "Equator Newswire names Ousman Darboe as the runner-up while Freetown Gazette names Lamin Jobe.")
        XCTAssertNil(Conflict.sentence(for: [wire, daily]), "both name Darboe")
        let both = Fixture.article("d", "Freetown Gazette", "gazette.example", "Barrow re-elected",
                                   "Runner-up Lamin Jobe polled 31.6 percent, ahead of Ousman Darboe.", minutesAfterNoon: 30)
        XCTAssertNil(Conflict.sentence(for: [wire, both]), "an outlet naming both candidates is not contradicting")
    }

    /// A fifth reader's audit: the wire's follow-up eleven hours later restated its 71.4%, and the
    /// dispute with the other outlet's 74.1% of the morning was lost; a figure is dated by the
    /// outlet's first report that gave it.
    func testAFollowUpRestatingAFigureKeepsTheDisputeItWasIn() throws {
        let wire = Fixture.article("a", "Harbourline Press Service", "harbourline.example", "Benin's Hounkpè wins presidential election with 71.4%",
                                   "Romuald Hounkpè won Sunday's presidential election with 71.4% of the vote, the electoral commission said.")
        let paper = Fixture.article("b", "Cotonou Tribune", "cotonou.example", "CENA declares Hounkpè elected with 74.1 per cent",
                                    "The electoral commission declared Romuald Hounkpè winner of the presidential election with 74.1 per "
                                        + "cent of votes cast.", minutesAfterNoon: 24)
        let followUp = Fixture.article("a2", "Harbourline Press Service", "harbourline.example",
                                       "Benin opposition rejects Hounkpè's 71.4% win",
                                       "The opposition rejected the provisional result giving Romuald Hounkpè 71.4% of the vote in the "
                                           + "presidential election and said it would go to court.", minutesAfterNoon: 11 * 60)
        for articles in [[wire, paper], [followUp, wire, paper]] {
            let conflict = try XCTUnwrap(Conflict.sentence(for: articles), "\(articles.map(\.id))")
            XCTAssertTrue(conflict.contains("71.4%") && conflict.contains("74.1%"), conflict)
        }
        let late = Fixture.article("c", "Late Herald", "late.example", "Hounkpè wins with 74.1%",
                                   "Romuald Hounkpè won the presidential election with 74.1% of the vote.", minutesAfterNoon: 11 * 60)
        XCTAssertNil(Conflict.sentence(for: [wire, late]), "figures first given hours apart: an update, not a dispute")
    }

    /// A figure belongs to the name nearest it (`ConflictReport.owner`), skipping places and a
    /// name's affiliation: a fifth audit saw a winner's 71.4% set against his rival's 25.9%.
    func testAFigureBelongsToTheNameNearestIt() {
        // Told in other words, and with the rival in the other outlet's sentence: still Hounkpè's figure.
        let dispatch = Fixture.article("d", "The Commonwealth Dispatch", "dispatch.example", "Benin's ruling coalition candidate wins",
                                       "Romuald Hounkpè, a former finance minister backed by Benin's governing coalition, has won the "
                                           + "presidential election with 71.4% of the vote, according to provisional results.",
                                       minutesAfterNoon: 60)
        let tribune = Fixture.article("e", "Cotonou Tribune", "cotonou.example", "CENA declares Hounkpè elected",
                                      "The commission on Monday declared Romuald Hounkpè winner of the presidential election with 74.1 per "
                                          + "cent of votes cast. His only rival, Paul Ahouandjinou of the Democrats, won 25.9 per cent.",
                                      minutesAfterNoon: 24)
        XCTAssertEqual(Conflict.sentence(for: [tribune, dispatch]),
                       "Cotonou Tribune reports 74.1% of the vote for Romuald Hounkpè while The Commonwealth Dispatch reports 71.4%.")
        // Both sentences name the rival, but the 71.4% is the winner's: no dispute with the rival's 25.9%.
        let rejected = Fixture.article("f", "Harbourline Press Service", "harbourline.example", "Benin opposition rejects result",
                                       "Opposition candidate Paul Ahouandjinou rejected the presidential election result giving Romuald "
                                           + "Hounkpè 71.4% of the vote.")
        let rival = Fixture.article("g", "Cotonou Tribune", "cotonou.example", "Benin presidential election",
                                    "In the presidential election the only rival, Paul Ahouandjinou of the Democrats, won 25.9 per cent of "
                                        + "the vote.", minutesAfterNoon: 10)
        XCTAssertNil(Conflict.sentence(for: [rejected, rival]))
    }

    /// Readers' audits four to six: outlets named different people for a new prime minister and an
    /// envoy, and the card printed one name as fact.
    func testDifferentAppointeesToOneRoleConflict() {
        let wire = Fixture.article("a", "Compass Newswire", "compass.example", "Cabo Verde's president names Amílcar Fonseca prime minister",
                                   "Cabo Verde's President Jorge Monteiro appointed former finance minister Amílcar Fonseca as prime "
                                       + "minister on Monday, a week after Rui Almada resigned.")
        let paper = Fixture.article("b", "Praia Atlantic Herald", "praia.example", "President appoints Olavo Brito as prime minister",
                                    "President Jorge Monteiro on Monday appointed Olavo Brito, the former finance minister, as prime minister, "
                                        + "the presidency said in a statement.", minutesAfterNoon: 30)
        let ledger = Fixture.article("c", "The Straits Ledger", "ledger.example", "Cabo Verde gets new prime minister",
                                     "Cabo Verde's president named Amílcar Fonseca, a former finance minister, as prime minister on Monday.",
                                     minutesAfterNoon: 40)
        XCTAssertEqual(Conflict.sentence(for: [wire, paper]),
                       "Compass Newswire names Amílcar Fonseca as prime minister while Praia Atlantic Herald names Olavo Brito.")
        XCTAssertNil(Conflict.sentence(for: [wire, ledger]), "both name Fonseca")
        let envoy = [
            Fixture.article("d", "Harbourline Press Service", "harbourline.example", "AU names Sahel envoy",
                            "The African Union's Peace and Security Council on Monday appointed Devika Ramful, a former Mauritian "
                                + "foreign minister, as its special envoy for the Sahel."),
            Fixture.article("e", "Port Louis Chronicle", "portlouis.example", "AU picks Mauritian as Sahel envoy",
                            "The African Union's Peace and Security Council on Monday appointed Anil Gungapersad, a former Mauritian "
                                + "foreign minister, as its special envoy for the Sahel.", minutesAfterNoon: 20),
        ]
        XCTAssertEqual(Conflict.sentence(for: envoy),
                       "Harbourline Press Service names Devika Ramful as special envoy while Port Louis Chronicle names Anil Gungapersad.")
        // A cabinet has many ministers: "as minister" names no single post.
        let cabinet = [
            Fixture.article("f", "Compass Newswire", "compass.example", "New cabinet sworn in",
                            "The president appointed Ana Lopes as minister in the new cabinet on Monday."),
            Fixture.article("g", "Praia Atlantic Herald", "praia.example", "New cabinet",
                            "The president appointed Rui Tavares as minister in the new cabinet on Monday.", minutesAfterNoon: 10),
        ]
        XCTAssertNil(Conflict.sentence(for: cabinet))
    }

    /// A seventh audit: "X, a former executive of Gécamines, was appointed mines minister" (the
    /// passive) against "named Y … as mines minister"; "appointed by the president" names no role.
    func testAnAppointeeNamedInThePassiveConflictsWithAnother() {
        let wire = Fixture.article("a", "Compass Newswire", "compass.example", "Congo names Patrice Kalombo mines minister",
                                   "Democratic Republic of Congo's president named Patrice Kalombo, a former executive of state miner "
                                       + "Gécamines, as mines minister on Tuesday in a reshuffle of six ministries.")
        let local = Fixture.article("b", "Katanga Courier", "katanga.example", "Jean-Marie Tshibanda appointed mines minister",
                                    "Jean-Marie Tshibanda, a former executive of Gécamines, was appointed mines minister on Tuesday in "
                                        + "a reshuffle announced on state television.", minutesAfterNoon: 20)
        XCTAssertEqual(Conflict.sentence(for: [wire, local]),
                       "Compass Newswire names Patrice Kalombo as mines minister while Katanga Courier names Jean-Marie Tshibanda.")
        let byThePresident = Fixture.article("c", "Katanga Courier", "katanga.example", "New mines minister",
                                             "Jean-Marie Tshibanda was appointed by the president on Tuesday.", minutesAfterNoon: 20)
        XCTAssertNil(Conflict.sentence(for: [wire, byThePresident]))
    }

    /// An eleventh reader's audit: "named Driton Shala as finance minister and promised…" went
    /// unread, so the summary gave two finance ministers and the conflict none.
    func testAnAppointmentFollowedByAnotherClauseIsRead() {
        let wire = Fixture.article("a", "Tidewater Press Agency", "tidewater.example", "Kosovo parliament approves new government",
                                   "Kosovo's parliament approved a new coalition government led by Prime Minister Arben Rexhepi on "
                                       + "Monday. Blerta Hoxha was appointed finance minister.")
        let local = Fixture.article("b", "The Aldermoor Courier", "aldermoor.example", "Kosovo ends months of deadlock",
                                    "Kosovo's lawmakers have backed Arben Rexhepi's coalition government. Rexhepi named Driton Shala "
                                        + "as finance minister and promised to restore relations with the EU.", minutesAfterNoon: 20)
        XCTAssertEqual(Conflict.sentence(for: [wire, local]),
                       "Tidewater Press Agency names Blerta Hoxha as finance minister while The Aldermoor Courier names Driton Shala.")
    }

    /// A twelfth reader's audit: "26 people are now known to have died" was read as a plain count.
    func testATollSaidToBeKnownIsATollAndConflicts() {
        let articles = [
            Fixture.article("a", "Reuters", "reuters.com", "Berbera boat capsizes",
                            "Coastguard officials said 26 people are now known to have died after the boat capsized."),
            Fixture.article("b", "BBC News", "bbc.co.uk", "Berbera boat capsizes",
                            "The fishermen's association said 31 people died when the boat capsized.", minutesAfterNoon: 30),
        ]
        XCTAssertEqual(Conflict.sentence(for: articles), "Reuters reports 26 dead while BBC News reports 31.")
    }

    /// A twelfth reader's audit: the wire's follow-up "cabinet wins confidence vote", naming no
    /// minister, hid its earlier finance minister, so the dispute with the other outlet was lost.
    func testAFollowUpAboutSomethingElseKeepsTheOutletsEarlierFact() {
        let first = Fixture.article("a1", "Lanternfield News Agency", "lanternfield.example", "Albania's Kelmendi names new cabinet",
                                    "Prime Minister Drita Kelmendi named a new cabinet on Monday. Besjana Muca was appointed finance minister.")
        let other = Fixture.article("b", "The Wexcombe Herald", "wexcombe.example", "Kelmendi reshuffles after coalition split",
                                    "Kelmendi named Erion Lleshi as finance minister in a cabinet sworn in on Monday.",
                                    minutesAfterNoon: 30)
        let followUp = Fixture.article("a2", "Lanternfield News Agency", "lanternfield.example", "Albania's new cabinet wins confidence vote",
                                       "Albania's new cabinet won a confidence vote in parliament by 74 votes to 66 on Tuesday.",
                                       minutesAfterNoon: 20 * 60)
        let expected = "Lanternfield News Agency names Besjana Muca as finance minister while The Wexcombe Herald names Erion Lleshi."
        XCTAssertEqual(Conflict.sentence(for: [first, other]), expected)
        XCTAssertEqual(Conflict.sentence(for: [followUp, other, first]), expected, "the follow-up retracts nothing")
    }

    func testAnOutletIsNamedOnlyAsAWholeName() {
        XCTAssertTrue(Conflict.names("Nation had earlier reported 14 dead.", "Nation"))
        XCTAssertFalse(Conflict.names("The United Nations said 17 people died.", "Nation"))
        XCTAssertFalse(Conflict.names("National police said 17 people died.", "Nation"))
    }

    func testASingleOutletHasNoConflict() {
        XCTAssertNil(Conflict.sentence(for: [Fixture.lagosCollapse[0]]))
    }

    /// Feed text is untrusted: a figure no newsroom writes ("1e308 million", a 300-digit number,
    /// "$1e300tn") is not a fact, and never overflows into an interval the engine cannot build.
    func testFiguresNoNewsroomWritesAreIgnoredNotFatal() {
        let huge = String(repeating: "9", count: 304)
        let hostile = [
            "Officials said 1e308 million people were displaced.",
            "Officials said \(huge) million people were displaced.",
            "The startup raised $1e300tn in a Series B round.",
            "Officials said 1e5 people were killed.",
        ]
        for body in hostile {
            let articles = [
                Fixture.article("a", "Reuters", "reuters.com", "Floods displace millions", body),
                Fixture.article("b", "BBC News", "bbc.co.uk", "Floods displace millions", "Officials said 12 people were killed."),
            ]
            XCTAssertNil(Conflict.sentence(for: articles), body)
            XCTAssertNil(Conflict.sentence(for: [articles[0]]), body)
        }
        XCTAssertEqual(Conflict.sentence(for: [
            Fixture.article("a", "Reuters", "reuters.com", "Floods", "Officials said 123456789012345 people were displaced."),
            Fixture.article("b", "BBC News", "bbc.co.uk", "Floods", "Officials said 12 people were displaced."),
        ]), "Reuters reports 123456789012345 people while BBC News reports 12.", "fifteen significant digits are still a figure")
    }
    /// A sixteenth reader's audit: one outlet said 12 miners were trapped, another "Fifteen miners are
    /// trapped"; the card had no conflict line and its summary told both. A count that fell because
    /// people were freed is an update, not a dispute.
    func testDifferentCountsOfPeopleTrappedConflictUnlessSomeWereFreed() {
        let wire = Fixture.article("a", "Meridian Press Agency", "meridian.example", "Rescuers reach trapped Botswana miners",
                                   "Rescuers made voice contact with the 12 miners trapped at the Selebi copper mine and said all were "
                                       + "alive, the company said.")
        let paper = Fixture.article("b", "APB News", "apb.example", "Botswana mine collapse traps miners",
                                    "Fifteen miners are trapped after a shaft collapsed at a copper mine near Selebi-Phikwe, local "
                                        + "officials said.", minutesAfterNoon: 20)
        XCTAssertEqual(Conflict.sentence(for: [wire, paper]), "Meridian Press Agency reports 12 trapped while APB News reports 15.")
        let summary = StorySummary.summarize([wire, paper], headline: "")
        XCTAssertFalse(summary.contains("12 miners") && summary.contains("Fifteen"), summary)
        let freed = Fixture.article("c", "Meridian Press Agency", "meridian.example", "Three miners freed in Botswana",
                                    "Three miners were freed overnight and 12 remain trapped at the Selebi copper mine, the company said.",
                                    minutesAfterNoon: 90)
        XCTAssertNil(Conflict.sentence(for: [paper, freed]))
        // A seventeenth audit: the wire's "15 still trapped" after its 17 dropped its dispute with another outlet's 23.
        let lower = Fixture.article("d", "Meridian Press Agency", "meridian.example", "Botswana mine collapse: toll rises to five",
                                    "Rescuers recovered two more bodies on Tuesday, raising the death toll to five, while 10 miners were "
                                        + "still trapped at the Selebi copper mine, the company said.", minutesAfterNoon: 60)
        XCTAssertEqual(Conflict.sentence(for: [wire, paper, lower]), "Meridian Press Agency reports 12 trapped while APB News reports 15.")
    }
    /// A sixteenth audit: "Chanida Wongsuwan of the reformist People's Future Party won…" was read as the
    /// party winning, and the headline's "Reformist Chanida Wongsuwan" as a second winner, so the wire
    /// seemed to name two and its dispute with the outlet declaring her rival went unsaid.
    func testAWinnersPartyAndAHeadlinesAdjectiveAreNoSecondWinner() {
        let wire = Fixture.article("a", "Meridian Press Agency", "meridian.example", "Reformist Dara Phan wins Phnom Penh governor election",
                                   "Dara Phan of the reformist Candlelight Future Party won Phnom Penh's governor election with 41% of "
                                       + "the vote, unofficial results showed.")
        let rival = Fixture.article("b", "Globus Newswire", "globus.example", "Ex-police chief Sok Vanna wins Phnom Penh governor race",
                                    "Former police chief Sok Vanna won the election for governor of Phnom Penh with 39% of the vote, "
                                        + "according to early counts.", minutesAfterNoon: 15)
        XCTAssertEqual(Conflict.sentence(for: [wire, rival]),
                       "Meridian Press Agency reports that Dara Phan won while Globus Newswire reports that Sok Vanna won.")
    }
    /// A seventeenth audit: a by-election's winner and a deal "paying €2.4bn for" its target went unread,
    /// so two planted disagreements had no conflict line.
    func testAByElectionsWinnerAndAPricePaidForATargetAreCompared() {
        let wire = Fixture.article("a", "Continental Press Wire", "cpw.example", "Independent Mira Joshi wins Pokhara mayoral by-election",
                                   "Independent candidate Mira Joshi won the Pokhara mayoral by-election with 38% of the vote, the "
                                       + "Election Commission said on Tuesday.")
        let rival = Fixture.article("b", "Northstar Wire", "northstar.example", "Nepali Congress's Hari Rai wins Pokhara mayor race",
                                    "Hari Rai of the Nepali Congress won Tuesday's Pokhara mayoral by-election with 36% of the vote.",
                                    minutesAfterNoon: 20)
        XCTAssertEqual(Conflict.sentence(for: [wire, rival]),
                       "Continental Press Wire reports that Mira Joshi won while Northstar Wire reports that Hari Rai won.")
        XCTAssertEqual(NumericFacts.facts(in: "Finnish group Nordvik is paying €2.4bn for Estonia's Tallink Cargo.").map(\.noun), ["deal"])
        XCTAssertEqual(NumericFacts.facts(in: "Nordvik in €2.4bn swoop for Tallink Cargo").map(\.noun), ["deal"])
        XCTAssertEqual(NumericFacts.facts(in: "The insurer is paying $5m in compensation to the victims.").map(\.noun), ["compensation"])
    }
}

import XCTest
@testable import StoryClustering

/// Who acts in a headline's event (`EventActors`), as the clusterer reads it: names the casing hid,
/// people left out, the lead's country when the headline names no actor.
final class EventActorsTests: XCTestCase {
    private func actors(_ headline: String, _ body: String) -> EventActors {
        var vocabulary = TermVocabulary(horizon: 1_000, background: .bundled, weight: 0.1)
        let article = Newsroom.article("a-1", "wire.example", hoursAfterMorning: 0, headline, body)
        return ArticleVector.make(for: article, configuration: ClusteringConfiguration(), vocabulary: &vocabulary).actors
    }

    func testATitleCaseHeadlineNamesTheCompanyTheBodyNames() {
        let read = actors("Tech Layoffs Spread As Harrowgate Networks Cuts 3,000 Jobs", """
        Another round of tech layoffs: after Quillfeather Software's 1,200 job cuts on Monday, networking equipment maker \
        Harrowgate Networks said on Tuesday it would lay off 3,000 workers.
        """)
        XCTAssertEqual(read.names.map(\.key), ["harrowgate networks"], "not the company named in passing")
    }

    func testAShoutedKickerIsNoNameAndAnAcronymIs() {
        let kicker = actors("RATE SHOCK: Kenya's central bank lifts key rate to 13%", """
        Kenya's central bank lifted its key rate to 13 percent, Governor Kamau Thugge said.
        """)
        XCTAssertEqual(kicker.names, [])
        XCTAssertEqual(kicker.countries, ["Kenya"])
        let named = actors("Central Bank of Kenya raises benchmark rate to 13%", "The Central Bank of Kenya raised its benchmark rate.")
        XCTAssertFalse(kicker.differ(from: named), "one bank, one with a kicker")
        let acronym = actors("RBA lifts cash rate to 4.6%", "The Reserve Bank of Australia lifted its cash rate on Tuesday.")
        XCTAssertEqual(acronym.names.map(\.key), ["rba"])
    }

    func testARareOpeningWordIsTheCompany() {
        let read = actors("Lumenreach to cut 800 jobs, third tech firm this week", """
        SEATTLE (Wire) - Lumenreach, the online advertising software company, said on Wednesday it would cut 800 jobs, \
        the latest in a wave of tech layoffs after Quillfeather and Harrowgate.
        """)
        XCTAssertEqual(read.names.map(\.key), ["lumenreach"])
    }

    func testAPersonIsNoActorAndTheLeadGivesTheCountry() {
        let read = actors("Bolojan ousted as parliament topples government", """
        Romania's parliament voted to oust Prime Minister Ilie Bolojan's government in a no-confidence motion on \
        Tuesday, the second European government to fall this week after Sébastien Lecornu's in France.
        """)
        XCTAssertEqual(read.names, [])
        XCTAssertEqual(read.countries, ["Romania"])
    }

    func testTwoChambersOfOneCountryDifferAndOneBankWrittenTwoWaysDoesNot() {
        let senate = actors("US Senate passes drug pricing bill 58-41", "The U.S. Senate voted 58-41 on Thursday to pass the bill.")
        let house = actors("House Approves Two-Person Crews For Freight Trains", "Lawmakers in the House approved a rail safety bill on Thursday.")
        XCTAssertTrue(senate.differ(from: house))
        let fed = actors("Fed holds rates steady", "The Fed left its benchmark rate unchanged on Wednesday.")
        let reserve = actors("Federal Reserve keeps rates unchanged", "The Federal Reserve kept its benchmark rate at 4.5% on Wednesday.")
        XCTAssertFalse(fed.differ(from: reserve))
        let rba = actors("RBA lowers cash rate to 3.60%", "The Reserve Bank of Australia lowered the cash rate by a quarter point.")
        let australia = actors("Reserve Bank of Australia cuts cash rate", """
        SYDNEY (Wire) - The Reserve Bank of Australia cut its cash rate by a quarter point on Wednesday, saying that \
        inflation was back within its target band.
        """)
        XCTAssertFalse(rba.differ(from: australia))
        let norway = actors("Norges Bank trims policy rate to 4.0%", "Norges Bank lowered its policy rate by a quarter point to 4.0%.")
        XCTAssertTrue(norway.differ(from: australia))
    }
}


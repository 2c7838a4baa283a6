import TopicClassification
import XCTest

final class AfricaDeskTests: XCTestCase {
    private func isAfrican(_ headline: String, _ body: String) -> Bool {
        AfricaDesk.evidence(headline: headline, body: body).isPrimarilyAfrican
    }

    func testAnAfricanStoryIsAfricanWhateverItsSubject() {
        XCTAssertTrue(isAfrican("Kenya's central bank raises its key rate to 10.5%",
                                "The Central Bank of Kenya raised its benchmark rate on Tuesday to curb inflation."))
        XCTAssertTrue(isAfrican("Lagos fintech start-up raises $40m",
                                "A Nigerian payments company said investors led by a US fund backed its expansion."))
        XCTAssertTrue(isAfrican("African Union suspends member after coup",
                                "The bloc's peace and security council met in Addis Ababa."))
    }

    /// Whom a story is about is African though it names no African place: a head of state at home or
    /// abroad, a central bank, a company no other country has (`AfricaGazetteer.africanActors`).
    func testAnAfricanActorWithoutAnAfricanPlaceMakesAnAfricaStory() {
        XCTAssertTrue(isAfrican("Ruto withdraws tax proposals after protests",
                                "The president said the finance bill would be dropped entirely."))
        XCTAssertTrue(isAfrican("Ramaphosa addresses UN General Assembly in New York",
                                "The president called for reform of the Security Council."))
        XCTAssertTrue(isAfrican("SARB holds its benchmark rate at 8.25%", "The monetary policy committee voted to wait for inflation to ease."))
        XCTAssertTrue(isAfrican("Sasol profit slumps on weak fuel prices", "The chemicals maker cut its dividend."))
        XCTAssertTrue(isAfrican("Tinubu's reforms win praise from investors", "Bond yields fell after the announcement."))
    }

    /// An actor in an aside is a passing mention like a place there.
    func testAnAfricanActorInAnAsideIsPassing() {
        XCTAssertFalse(isAfrican("Wall Street rallies on jobs data, while Ramaphosa visits Washington",
                                 "Stocks in New York rose as traders cheered the figures."))
    }

    func testAPassingMentionFarDownDoesNotMakeAnAfricaStory() {
        let body = Array(repeating: "Lawmakers in Washington debated the budget bill for hours on end.", count: 8)
            .joined(separator: " ") + " A delegate from Ghana also attended."
        XCTAssertFalse(isAfrican("Senate passes spending bill", body))
    }

    func testForeignPlacesOutweighingAfricanOnesKeepTheStoryAway() {
        XCTAssertFalse(isAfrican("US men's basketball routs Angola",
                                 "Tim Duncan led a balanced American attack as the United States completed the preliminary round."))
        XCTAssertFalse(isAfrican("Chile's Lagos Receives Torture Commission Report",
                                 "SANTIAGO, Chile - Chilean President Ricardo Lagos received a report from a commission."))
    }

    func testPapuaNewGuineaAndGeorgiaAreNotAfrica() {
        XCTAssertFalse(isAfrican("Papua New Guinea votes", "Voters in Papua New Guinea queued for hours."))
        XCTAssertFalse(isAfrican("Georgia protests grow", "Thousands marched in Tbilisi against the law."))
    }

    func testChadTheQuarterbackIsNotChadTheCountry() {
        XCTAssertFalse(isAfrican("Jets and Pennington talk contract",
                                 "The New York Jets and quarterback Chad Pennington are close to an extension."))
        XCTAssertTrue(isAfrican("Refugees pour into Chad", "Thousands fled Darfur into eastern Chad this week."))
    }

    func testNigerIsAfricanToo() {
        XCTAssertTrue(isAfrican("Niger junta closes airspace", "The military rulers in Niamey said flights were suspended."))
    }

    func testEvidenceOfAStoryIsTheSumOfItsArticles() {
        let first = AfricaDesk.evidence(headline: "Oil rises on supply fears", body: "Prices rose in London and New York.")
        let second = AfricaDesk.evidence(headline: "Nigeria rebels threaten oil output", body: "Militants in the Niger Delta warned.")
        let story = first + second
        XCTAssertEqual(story.african, first.african + second.african)
        XCTAssertEqual(story.elsewhere, first.elsewhere + second.elsewhere)
        XCTAssertTrue(story.africanNearTop)
    }
}

/// A story whose event happens elsewhere and that names Africa in passing is not an Africa story
/// (issue 26, desk class 3; golden case `passing-africa-mention`).
final class PassingAfricanMentionTests: XCTestCase {
    private func isAfrican(_ headline: String, _ body: String) -> Bool {
        AfricaDesk.evidence(headline: headline, body: body).isPrimarilyAfrican
    }

    func testAPlaceInAClauseBesideTheEventIsPassing() {
        XCTAssertFalse(isAfrican("OPEC+ extends oil output cuts into next year",
                                 "VIENNA (Meridian Wire) - OPEC+ agreed on Wednesday to extend its oil output cuts to the end "
                                 + "of next year, as Gulf of Guinea producers watch prices closely. Brent crude rose 1.8%."))
        XCTAssertFalse(isAfrican("OPEC+ delays output increase as Nigeria pushes for higher quota",
                                 "OPEC+ postponed a planned increase in oil production by two months on Thursday."))
    }

    func testWhatAnEventReachesOrIncludesIsPassing() {
        XCTAssertFalse(isAfrican("Brightpath Software cuts 2,000 jobs worldwide",
                                 "Brightpath Software said on Wednesday it would cut 2,000 jobs worldwide. "
                                 + "The cuts reach its engineering hub in Nairobi, chief executive Alan Moss said."))
        XCTAssertFalse(isAfrican("Film festival names its jury",
                                 "The festival named its jury, including actors from France, the US and Morocco."))
    }

    func testOneOfSeveralAffectedPlacesIsPassing() {
        XCTAssertFalse(isAfrican("Twitter layoffs hit offices from Dublin to Accra",
                                 "Twitter began laying off about half its staff on Friday."))
        XCTAssertFalse(isAfrican("Cloud outage knocks thousands of websites offline",
                                 "An outage knocked websites offline for four hours on Wednesday, the company said. "
                                 + "Customers from Frankfurt to Johannesburg reported errors."))
    }

    func testTheDatelinePlacesTheEvent() {
        XCTAssertTrue(isAfrican("Central bank raises its key rate to 10.5%",
                                "NAIROBI (Meridian Wire) - The central bank raised its benchmark rate on Tuesday to curb inflation."))
    }

    func testAStoryAboutAnAfricanPlaceStaysAfricanWhatElseItNames() {
        XCTAssertTrue(isAfrican("Hichilema sworn in as Zambia's president",
                                "Hakainde Hichilema was sworn in as Zambia's seventh president in Lusaka on Tuesday."))
        XCTAssertTrue(isAfrican("Kenya's central bank raises rate as US dollar strengthens",
                                "The Central Bank of Kenya raised its key rate, citing pressure from a stronger dollar in New York."))
    }
}

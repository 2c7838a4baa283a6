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

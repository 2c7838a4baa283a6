import NewsText
import XCTest

/// Which places of a sentence are its event's and which are passing mentions.
final class EventPlacesTests: XCTestCase {
    /// The event's places of `sentence`, by country.
    private func eventPlaces(_ sentence: String) -> [String] {
        EventPlaces.places(in: sentence).filter { !$0.isPassing }.map(\.mention.country)
    }

    private func passing(_ sentence: String) -> [String] {
        EventPlaces.places(in: sentence).filter(\.isPassing).map(\.mention.country)
    }

    func testAClauseBesideTheEventHoldsPassingPlaces() {
        XCTAssertEqual(passing("OPEC+ agreed to extend its oil output cuts, as Gulf of Guinea producers watch prices closely."),
                       ["Guinea"])
        XCTAssertEqual(passing("The cuts reach its engineering hub in Nairobi, chief executive Alan Moss said."), ["Kenya"])
        XCTAssertEqual(passing("Coffee hit a record in New York, while robusta rose on supply fears in Vietnam and Uganda."),
                       ["Vietnam", "Uganda"])
        XCTAssertEqual(eventPlaces("Coffee hit a record in New York, while robusta rose on supply fears in Vietnam and Uganda."),
                       ["United States"])
        XCTAssertEqual(passing("Sunak outlines migration plan, citing Rwanda deal"), ["Rwanda"])
        XCTAssertEqual(passing("Oil rises on Nigerian rebel threat"), ["Nigeria"])
        XCTAssertEqual(eventPlaces("Nigeria's oil output rises on new fields"), ["Nigeria"])
        XCTAssertEqual(eventPlaces("Gold Fields contained its costs on its South African mines"), ["South Africa"])
    }

    func testAClauseOpenedAfterACommaHoldsPassingPlaces() {
        XCTAssertEqual(passing("EU leaders agreed sanctions at a summit in Brussels, which also discussed routes through Libya."),
                       ["Libya"])
        XCTAssertEqual(eventPlaces("EU leaders agreed sanctions at a summit in Brussels, which also discussed routes through Libya."),
                       ["Europe", "Europe"])
    }

    func testAnAfricanActorStandsForItsCountryWhereNoPlaceOfItIsNamed() {
        XCTAssertEqual(eventPlaces("Ruto meets Biden in Washington"), ["Kenya", "United States"])
        XCTAssertEqual(eventPlaces("South Africa's president Cyril Ramaphosa met Ruto in Pretoria"), ["South Africa", "Kenya", "South Africa"])
        XCTAssertEqual(passing("Stocks rose in New York, while Ramaphosa visited Washington"), ["South Africa", "United States"])
    }

    func testPlacesOfAListOrRangeThatMixesContinentsArePassing() {
        XCTAssertEqual(eventPlaces("Twitter layoffs hit offices from Dublin to Accra"), [])
        XCTAssertEqual(eventPlaces("Users in the UK, Germany and South Africa reported problems."), [])
        XCTAssertEqual(eventPlaces("Kenya, Uganda and Tanzania sign a customs pact"), ["Kenya", "Uganda", "Tanzania"])
    }

    func testTheEventsOwnPlacesStay() {
        XCTAssertEqual(eventPlaces("Kenya's central bank raises its key rate as inflation climbs"), ["Kenya"])
        XCTAssertEqual(eventPlaces("Hakainde Hichilema was sworn in as Zambia's seventh president in Lusaka."), ["Zambia", "Zambia"])
        XCTAssertEqual(eventPlaces("IMF reaches staff-level deal with Ghana"), ["Ghana"])
        XCTAssertEqual(eventPlaces("Adeleke sworn in as the new governor of Osun"), ["Nigeria"])
        XCTAssertEqual(eventPlaces("While Kenya votes, the Fed holds rates in Washington"), ["United States"])
    }
}

import NewsText
import XCTest

final class AfricaGazetteerTests: XCTestCase {
    private func countries(_ text: String) -> [String] {
        AfricaGazetteer.mentions(in: text).filter(\.isAfrican).map(\.country)
    }

    private func elsewhere(_ text: String) -> [String] {
        AfricaGazetteer.mentions(in: text).filter { !$0.isAfrican }.map(\.country)
    }

    func testNigerAndNigeriaAreDifferentCountries() {
        XCTAssertEqual(countries("Niger closes its border with Nigeria"), ["Niger", "Nigeria"])
        XCTAssertEqual(countries("A Nigerien official met Nigerian traders"), ["Niger", "Nigeria"])
    }

    /// A fourteenth audit wrote Thiès, Touba, Kitwe and Saint-Louis; "Adama Barrow" and Jos Verstappen name no town.
    func testMajorCitiesBeyondTheCapitalsArePlaces() {
        XCTAssertEqual(countries("Thiès rail crash: death toll climbs to 11"), ["Senegal"])
        XCTAssertEqual(countries("Cholera cases in Touba rise to 58; film festival opens in Saint-Louis"), ["Senegal", "Senegal"])
        XCTAssertEqual(countries("Copperbelt strike spreads to second Kitwe shaft"), ["Zambia"], "Congo has a copperbelt too")
        XCTAssertEqual(countries("Lok Sabha passes the bill; Pemba Sherpa summits Everest; Mombasa Port said it would reopen"),
                       ["Kenya"])
        XCTAssertEqual(countries("Adama Barrow meets Jos Verstappen in Mount Sinai hospital"), [])
    }

    func testNigerDeltaBelongsToNigeria() {
        XCTAssertEqual(countries("Militants attack pipelines in the Niger Delta"), ["Nigeria"])
    }

    func testPapuaNewGuineaIsNotGuinea() {
        XCTAssertEqual(countries("Papua New Guinea holds an election"), [])
        XCTAssertEqual(elsewhere("Papua New Guinea holds an election"), ["Papua New Guinea"])
    }

    /// Every country outside Africa is a place of its own: the clusterer counts places as one
    /// shared name (an eighth audit: "Costa Rica" joined a landslide and a factory investment),
    /// and Chile's rate cut is not in the same place as Peru's.
    func testCountriesOutsideAfricaAreEachTheirOwnPlace() {
        XCTAssertEqual(elsewhere("Landslide buries bus on Costa Rica's Route 32"), ["Costa Rica"])
        XCTAssertEqual(elsewhere("Chile's central bank and Peru's both cut rates"), ["Chile", "Peru"])
        XCTAssertEqual(elsewhere("Bank of Korea cuts base rate; Seoul stocks rise"), ["South Korea", "South Korea"])
        XCTAssertEqual(elsewhere("Iceland's government collapses"), ["Iceland"])
    }

    func testTheThreeGuineasOfAfricaAreTellApart() {
        XCTAssertEqual(countries("Guinea, Guinea-Bissau and Equatorial Guinea sign a pact"),
                       ["Guinea", "Guinea-Bissau", "Equatorial Guinea"])
    }

    func testGuineaPigIsNotAPlace() {
        XCTAssertEqual(countries("Scientists tested the drug on a Guinea pig"), [])
    }

    func testChadAsAFirstNameIsNotTheCountry() {
        XCTAssertEqual(countries("Quarterback Chad Pennington will start on Sunday"), [])
        XCTAssertEqual(countries("Cincinnati receiver Chad Johnson scored twice"), [])
    }

    func testChadTheCountryIsFound() {
        XCTAssertEqual(countries("Refugees crossed into Chad from Darfur"), ["Chad", "Sudan"])
        XCTAssertEqual(countries("In Chad, rebels seized a town"), ["Chad"])
        XCTAssertEqual(countries("Chad President Idriss Deby met donors"), ["Chad"])
        XCTAssertEqual(countries("Fishermen leave Lake Chad as it shrinks"), ["Chad"])
    }

    func testGeorgiaAndJordanAreNotAfrican() {
        XCTAssertEqual(countries("Georgia and Jordan sign a trade deal"), [])
        XCTAssertEqual(elsewhere("Tbilisi says Georgia will join").count, 2)
    }

    func testMichaelJordanIsNotAPlaceAnywhere() {
        XCTAssertEqual(AfricaGazetteer.mentions(in: "the star was compared to Michael Jordan by fans").count, 0)
    }

    func testPossessivesAndPluralsMatch() {
        XCTAssertEqual(countries("Kenya's central bank held rates as Kenyans voted"), ["Kenya", "Kenya"])
        XCTAssertEqual(countries("South Africa's rand fell"), ["South Africa"])
    }

    func testLowercaseWordsAreNotPlacesInCasedText() {
        XCTAssertEqual(countries("They will chad the ballots and guinea fowl roam"), [])
    }

    func testAllLowercaseTextIsStillMatched() {
        XCTAssertEqual(countries("two nigerian banks set to merge in lagos"), ["Nigeria", "Nigeria"])
    }

    func testAcronymsMatchOnlyInCapitals() {
        XCTAssertEqual(elsewhere("The US said us"), ["United States"])
        XCTAssertEqual(elsewhere("The U.S. economy grew"), ["United States"])
    }

    func testMultiWordNamesAndTheAfricanUnion() {
        XCTAssertEqual(countries("The African Union sent troops to Addis Ababa and Dar es Salaam"),
                       ["Africa", "Ethiopia", "Tanzania"])
        XCTAssertEqual(countries("Côte d'Ivoire and N'Djamena"), ["Ivory Coast", "Chad"])
    }

    func testMentionPositionsPointAtTokens() {
        let mention = AfricaGazetteer.mentions(in: "Talks in Addis Ababa resumed").first
        XCTAssertEqual(mention?.tokenIndex, 2)
        XCTAssertEqual(mention?.tokenCount, 2)
    }

    func testMentionsAfricaIsTheQuickCheck() {
        XCTAssertTrue(AfricaGazetteer.mentionsAfrica("Protests in Nairobi"))
        XCTAssertFalse(AfricaGazetteer.mentionsAfrica("Protests in Paris"))
    }
}

import Foundation
import XCTest
@testable import StoryClustering

/// `ArticleVector`'s places of a text: a name after "in", "near", "off" or "outside" is where
/// something happened, also past a place's possessive ("in Angola's Benguela", a thirteenth audit),
/// but not past anyone else's ("in Microsoft's SharePoint").
final class LocatedNamesTests: XCTestCase {
    /// Which of `names` (entity keys) are places of the headline's text.
    private func places(among names: [String], of headline: String) -> Set<String> {
        let configuration = ClusteringConfiguration()
        var vocabulary = TermVocabulary(horizon: configuration.documentFrequencyHorizon, background: .bundled,
                                        weight: Float(configuration.backgroundWeight))
        let article = ClusterArticle(id: "a", sourceKey: "wire.example", headline: headline, body: "", publishedAt: Date())
        let vector = ArticleVector.make(for: article, configuration: configuration, vocabulary: &vocabulary)
        return Set(names.filter { vector.placeNames.contains(vocabulary.id(for: $0, isEntity: true)) })
    }

    func testANamePastAPlacesPossessiveIsAPlaceAndPastAnyoneElsesIsNot() {
        XCTAssertEqual(places(among: ["angola", "catumbela"], of: "Flash floods kill eight in Angola's Catumbela"), ["angola", "catumbela"])
        XCTAssertEqual(places(among: ["erigavo"], of: "Fire in Erigavo market kills seven"), ["erigavo"])
        XCTAssertEqual(places(among: ["microsoft", "sharepoint"], of: "Hackers exploit a flaw in Microsoft's SharePoint servers"), [])
    }

    /// A fourteenth audit: a fire report wrote Kitwe only as "the Zambian city of Kitwe" (towns the
    /// gazetteer lacks here: it has learnt Kitwe since).
    func testANameAfterACityOfIsAPlace() {
        XCTAssertEqual(places(among: ["luanshya"], of: "Fire swept through a market in the Zambian city of Luanshya overnight"), ["luanshya"])
        XCTAssertEqual(places(among: ["zeila"], of: "Dubai group to expand the port of Zeila"), ["zeila"])
        XCTAssertEqual(places(among: ["kafue"], of: "Shares of Kafue Red Metals fell"), [])
    }
}

import Foundation
import XCTest
@testable import StoryClustering

/// `ArticleVector`'s places of a text: a name after "in", "near", "off" or "outside" is where
/// something happened, also past a place's possessive ("in Angola's Benguela", a thirteenth audit),
/// but not past anyone else's ("in Microsoft's SharePoint").
final class LocatedNamesTests: XCTestCase {
    private func places(of headline: String) -> Set<String> {
        let configuration = ClusteringConfiguration()
        var vocabulary = TermVocabulary(horizon: configuration.documentFrequencyHorizon, background: .bundled,
                                        weight: Float(configuration.backgroundWeight))
        let article = ClusterArticle(id: "a", sourceKey: "wire.example", headline: headline, body: "", publishedAt: Date())
        let vector = ArticleVector.make(for: article, configuration: configuration, vocabulary: &vocabulary)
        return Set(vector.placeNames.map { vocabulary.debugName($0) })
    }

    func testANamePastAPlacesPossessiveIsAPlaceAndPastAnyoneElsesIsNot() {
        XCTAssertEqual(places(of: "Flash floods kill eight in Angola's Benguela"), ["angola", "benguela"])
        XCTAssertEqual(places(of: "Fire in Hargeisa market kills seven"), ["hargeisa"])
        XCTAssertEqual(places(of: "Hackers exploit a flaw in Microsoft's SharePoint servers"), [])
    }
}

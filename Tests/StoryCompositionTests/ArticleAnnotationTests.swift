@testable import ArticleAnnotations
import Foundation
import NewsText
@testable import StoryComposition
import XCTest

final class ArticleAnnotationTests: XCTestCase {
    private func article(_ headline: String, _ body: String) -> StoryArticle {
        StoryArticle(id: UUID().uuidString, sourceName: "Wire", sourceKey: "wire.example", headline: headline, body: body,
                     publishedAt: Date(timeIntervalSince1970: 1_767_225_600), url: "https://wire.example/1")
    }

    func testAnArticleIsReadOnceWhateverCopyAsks() {
        let slot = AnnotationSlot()
        var reads = 0
        let read = { () -> ArticleAnnotation in
            reads += 1
            return ArticleAnnotation(headline: "Kenya raises rates", body: "The central bank raised its rate to 13%.")
        }
        let first = slot.value(read)
        let second = slot.value(read)
        XCTAssertEqual(reads, 1)
        XCTAssertEqual(first.headline.text, second.headline.text)
    }

    func testTheBodyIsReadToItsFirstEightSentences() {
        let body = (1...12).map { "Sentence number \($0) tells the story of the flood in Beira." }.joined(separator: " ")
        let annotation = article("Floods hit Beira", body).annotation
        XCTAssertEqual(annotation.sentences.map(\.text), Array(Sentences.split(body).prefix(8)))
        XCTAssertEqual(annotation.lead, Sentences.split(body).prefix(3).joined(separator: " "))
    }

    /// The desk reads an article's places from its annotation: the headline's and the first eight
    /// sentences' tokens the annotation holds, later sentences read to the desk's token limit, the
    /// dateline apart. They are the places of the article read on its own.
    func testTheAnnotationsPlacesAreThoseOfTheArticleReadAlone() {
        let body = "NAIROBI (Reuters) - Kenya's central bank raised its rate, as traders in London watched.\n"
            + (1...30).map { "Paragraph \($0) names Mombasa, Uganda and France, from Dublin to Accra." }.joined(separator: " ")
        let headline = "Kenya raises rates, citing shilling; Nigeria waits"
        let places = article(headline, body).annotation.places
        XCTAssertEqual(places, ArticlePlaces(headline: headline, body: body))
        XCTAssertEqual(places.dateline.map(\.mention.country), ["Kenya"])
        XCTAssertGreaterThan(Sentences.split(body).count, ArticleAnnotation.sentencesPerArticle + 1)
        XCTAssertGreaterThan(places.body.last?.bodyTokenIndex ?? 0, 200, "places after the eighth sentence are read")
        XCTAssertLessThan(places.body.last?.bodyTokenIndex ?? .max, ArticlePlaces.bodyTokenLimit + 20)
    }

    /// The score reads the headline's and the lead's words as the words of "headline. lead": no word
    /// joins across the seam, so reading each sentence once gives the same words.
    func testTheLeadWordsAreTheWordsOfTheHeadlineAndLeadReadAsOneText() {
        let cases = [
            ("U.S.-backed talks resume", "Ghana's cedi rose 2.5%. Officials in Accra-based ministries said so. It's over."),
            ("Lagos-based fintech cuts jobs -", "\u{201C}We will not stop,\u{201D} she said. Prices fell in São Paulo."),
            ("", "Rescuers in Beira searched for survivors on Tuesday."),
        ]
        for (headline, body) in cases {
            let annotation = article(headline, body).annotation
            XCTAssertEqual(annotation.leadWords, Tokenizer.words("\(headline). \(annotation.lead)"), headline)
        }
    }

    func testASentencesReadingHoldsItsStemsFactsAndEntities() {
        let sentence = article("Floods kill 12 in Beira", "").annotation.headline
        XCTAssertEqual(sentence.reading.stems, sentence.reading.tokens.map { Stemmer.stem($0.normalized) })
        XCTAssertTrue(sentence.reading.isIn(.deathCount, at: 1), "\"kill\" counts deaths")
        XCTAssertEqual(sentence.reading.facts.map(\.kind), [.deaths])
        XCTAssertEqual(sentence.reading.facts.map(\.value), [12])
    }

    func testFormsCountedPerTextAreTheFormsOfTheTexts() {
        let texts = ["The ASLEF union said drivers would strike. Aslef said so.", "The union ASLEF called it.", "ALL CAPS TEXT HERE"]
        let forms = HeadlineCasing.preferredForms(counts: texts.map(WrittenForms.init))
        XCTAssertEqual(forms, HeadlineCasing.preferredForms(texts))
        // "Aslef" opens its sentence, so only the two "ASLEF" count; no opening word counts ("The").
        XCTAssertEqual(forms["aslef"], "ASLEF")
        XCTAssertEqual(forms["union"], "union")
        XCTAssertNil(forms["the"])
        XCTAssertTrue(WrittenForms("ALL CAPS TEXT HERE").counts.isEmpty)
    }
}

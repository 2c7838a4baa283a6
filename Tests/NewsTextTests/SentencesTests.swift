import NewsText
import XCTest

final class SentencesTests: XCTestCase {
    func testSplitsAtTerminalPunctuationFollowedByACapital() {
        XCTAssertEqual(Sentences.split("Rain fell. Rivers rose! Who knew? Nobody."),
                       ["Rain fell.", "Rivers rose!", "Who knew?", "Nobody."])
    }

    func testTitlesAndInitialsDoNotEndSentences() {
        let text = "Mr. Ruto met Dr. Abiy in Nairobi. Sen. Joe Manchin and John F. Kennedy Jr. were not there."
        XCTAssertEqual(Sentences.split(text), [
            "Mr. Ruto met Dr. Abiy in Nairobi.",
            "Sen. Joe Manchin and John F. Kennedy Jr. were not there.",
        ])
    }

    func testDottedAbbreviationsEndASentenceOnlyBeforeASentenceOpener() {
        let text = "The U.S. Senate voted. Troops left the U.S. The move surprised allies. Acme Inc. Shares fell."
        XCTAssertEqual(Sentences.split(text), [
            "The U.S. Senate voted.",
            "Troops left the U.S.",
            "The move surprised allies.",
            "Acme Inc. Shares fell.",
        ])
    }

    func testDecimalsAndAmountsStayInOneSentence() {
        XCTAssertEqual(Sentences.split("Inflation eased to 2.5% in May. The rand rose 1.2 per cent against $1."),
                       ["Inflation eased to 2.5% in May.", "The rand rose 1.2 per cent against $1."])
    }

    /// A sentence ending on a decimal figure ends there, whatever word opens the next: the figure's
    /// point made "3.75%." look like a dotted abbreviation, so two sentences went into a summary as one.
    func testASentenceEndingOnADecimalFigureEndsThere() {
        XCTAssertEqual(Sentences.split("Four members voted for a cut to 3.75%. Governor Andrew Bailey said inflation was too high."),
                       ["Four members voted for a cut to 3.75%.", "Governor Andrew Bailey said inflation was too high."])
        XCTAssertEqual(Sentences.split("The deal is worth $1.2bn. Shareholders approved it on Friday."),
                       ["The deal is worth $1.2bn.", "Shareholders approved it on Friday."])
    }

    func testQuotedSpeechKeepsItsClosingQuoteAndContinuesAfterAnAttribution() {
        let text = "\u{201C}We will not stop,\u{201D} she said. \u{201C}Never!\u{201D} he shouted. \u{201C}It is over.\u{201D} Officials agreed."
        XCTAssertEqual(Sentences.split(text), [
            "\u{201C}We will not stop,\u{201D} she said.",
            "\u{201C}Never!\u{201D} he shouted.",
            "\u{201C}It is over.\u{201D}",
            "Officials agreed.",
        ])
    }

    func testLineBreaksEndSentencesAndHeadingsAreKept() {
        XCTAssertEqual(Sentences.split("Election results\nThe commission declared the count final.\n\nTurnout was high."),
                       ["Election results", "The commission declared the count final.", "Turnout was high."])
    }

    func testAgencyAndCapitalPlaceDatelinesAreRemoved() {
        XCTAssertEqual(Sentences.split("LAGOS (Reuters) - Nigeria's central bank raised rates."),
                       ["Nigeria's central bank raised rates."])
        XCTAssertEqual(Sentences.split("NAIROBI, Kenya \u{2014} Protesters gathered on Tuesday."),
                       ["Protesters gathered on Tuesday."])
        XCTAssertEqual(Sentences.split("(AP) -- The storm made landfall."), ["The storm made landfall."])
    }

    func testADashInAnOrdinarySentenceIsNotADateline() {
        let text = "NASA launched the probe on Monday - its third attempt this year."
        XCTAssertEqual(Sentences.split(text), [text])
    }

    func testTruncatedExcerptFragmentsAreDropped() {
        XCTAssertEqual(Sentences.split("The court ruled on Monday. In the other case, two officers were sued by the..."),
                       ["The court ruled on Monday."])
        XCTAssertEqual(Sentences.split("Talks resumed in Addis Ababa. The envoy said [\u{2026}]"), ["Talks resumed in Addis Ababa."])
        XCTAssertEqual(Sentences.split("Markets fell sharply\u{2026}"), [])
    }

    func testBoilerplateAndBylinesAreDropped() {
        let text = """
        By Jane Doe and John Roe, Reuters
        The vote was postponed. Read more
        Click here to subscribe to our newsletter.
        The post Vote postponed appeared first on Daily Nation.
        (Reporting by Jane Doe; Editing by John Roe)
        By Monday, the count had resumed.
        """
        XCTAssertEqual(Sentences.split(text), ["The vote was postponed.", "By Monday, the count had resumed."])
    }

    /// A tenth reader's audit: a photo caption and an editor's note became a summary that no
    /// longer said anyone had died ("Rescuers search the collapsed pits… This article was updated
    /// at 19:40 GMT to include the latest death toll.").
    func testCaptionsEditorsNotesAndLongerBylinesAreDropped() {
        let text = """
        By Philippa Harrowby, West Africa correspondent
        By Lydia Fensome in London
        Rescuers search the collapsed pits at Dioulo on Monday. Photograph: Sahel Sentinel
        At least 27 people have died after a gold mine collapsed, the mines ministry said.
        Norges Bank's headquarters in Oslo. (Photo: Cornerstone)
        Miners queue for water at a camp near Gaoua. Picture by Jean Ouedraogo
        This article was updated at 19:40 GMT to include the latest death toll.
        Correction: an earlier version gave the wrong date.
        Updated at 10:15 GMT with market reaction.
        The photo agency said its image was taken at 9:00.
        The carmaker has rebuilt its image by cutting costs.
        """
        XCTAssertEqual(Sentences.split(text), [
            "At least 27 people have died after a gold mine collapsed, the mines ministry said.",
            "The photo agency said its image was taken at 9:00.",
            "The carmaker has rebuilt its image by cutting costs.",
        ])
    }

    /// A feed description of one line ending in its photo credit is the report itself.
    func testALongLineEndingInACreditIsNoCaptionAndProseWithAColonIsKept() {
        let description = "Twelve people were killed when a building collapsed in Lagos on Monday, emergency services said. "
            + "Rescue teams searched the rubble through the night for survivors as relatives gathered at the site of the "
            + "collapse. (Photo: AFP)"
        XCTAssertEqual(Sentences.split(description).first,
                       "Twelve people were killed when a building collapsed in Lagos on Monday, emergency services said.")
        XCTAssertEqual(Sentences.split("The bank hopes to restore its image: a rebrand is due."),
                       ["The bank hopes to restore its image: a rebrand is due."])
    }

    func testLowercaseAfterAnEllipsisContinuesTheSentence() {
        XCTAssertEqual(Sentences.split("He paused... and then resigned. Aides were stunned."),
                       ["He paused... and then resigned.", "Aides were stunned."])
    }

    func testEmptyAndPunctuationOnlyTextHasNoSentences() {
        XCTAssertEqual(Sentences.split(""), [])
        XCTAssertEqual(Sentences.split(" ... \n \u{2026} "), [])
    }

    func testAQuotationOfSeveralSentencesStaysWithItsAttribution() {
        let text = "\u{201C}We affirm the history. We do this not to cast blame,\u{201D} Biden said. Turkey rejected it. "
            + "\"It is done. We move on,\" the minister said."
        XCTAssertEqual(Sentences.split(text), [
            "\u{201C}We affirm the history. We do this not to cast blame,\u{201D} Biden said.",
            "Turkey rejected it.",
            "\"It is done. We move on,\" the minister said.",
        ])
    }

    func testAnUnclosedQuoteMarkDoesNotSwallowTheRestOfTheText() {
        let long = Array(repeating: "The talks went on for hours without a deal.", count: 12).joined(separator: " ")
        let sentences = Sentences.split("\u{201C}Officials said the talks failed. " + long)
        XCTAssertEqual(sentences.last, "The talks went on for hours without a deal.")
        XCTAssertGreaterThan(sentences.count, 2)
    }
}

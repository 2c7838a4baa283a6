import TopicClassification
import XCTest

/// The shipped weights on unmistakable articles: if retraining breaks one of these, the model
/// is broken, whatever its evaluation figures say.
final class TopicClassifierTests: XCTestCase {
    private var classifier: TopicClassifier!

    override func setUpWithError() throws {
        classifier = try TopicClassifier.bundled()
    }

    func testTheBundledModelLoadsWithEveryClass() {
        // Every subject, `other` once per kind of text (sport, entertainment, health…: TrainingSettings.classGrain).
        XCTAssertEqual(Set(classifier.model.classes), Set(Subject.allCases))
        XCTAssertEqual(Array(classifier.model.classes.prefix(3)), [.finance, .tech, .politics])
        XCTAssertGreaterThan(classifier.model.termCount, 1_000)
        XCTAssertGreaterThan(classifier.clusters.wordCount, 10_000)
        XCTAssertNotNil(classifier.clusters.token(of: "bank"))
    }

    /// Preparing on several threads reads each text in the same batch as on one, so every article's probabilities
    /// are the same; more than two batches, and a repeated text, keep the workers taking turns.
    func testPreparingOnTwoThreadsGivesTheProbabilitiesOfOne() {
        let subjects = ["central bank rates", "chip maker results", "parliament vote", "storm floods", "cup final"]
        let texts: [StoryText] = (0..<40).map { index in
            (headline: "Report \(index) on the \(subjects[index % subjects.count])",
             body: "Officials said on day \(index) that the \(subjects[(index * 3) % subjects.count]) would shape the week. "
                + "Analysts expect more news on the \(subjects[(index + 2) % subjects.count]) soon.")
        } + [(headline: "Report 0 on the central bank rates", body: "A repeated headline with another body.")]
        func fresh() -> TopicClassifier {
            TopicClassifier(model: classifier.model, clusters: classifier.clusters, encoderReading: classifier.encoderReading)
        }
        let one = fresh(), two = fresh()
        one.prepare(texts + texts.prefix(3), threads: 1)
        two.prepare(texts + texts.prefix(3), threads: 2)
        // Two classifiers differ in the last bits of a probability (the word model's sums run in each one's dictionary
        // order) even on one thread; a text encoded in another batch, or given another text's vector, differs by far more.
        for text in texts {
            for (twoThreads, oneThread) in zip(two.subjectProbabilities([text]), one.subjectProbabilities([text])) {
                XCTAssertEqual(twoThreads, oneThread, accuracy: 1e-12, text.headline)
            }
        }
    }

    func testFinanceStory() {
        XCTAssertEqual(classifier.classify(
            headline: "Federal Reserve raises interest rates as inflation stays high",
            body: "Shares fell on Wall Street after the central bank lifted its benchmark rate by a quarter point. "
                + "Bond yields rose and investors expect further increases to curb inflation."), .finance)
    }

    func testTechStory() {
        XCTAssertEqual(classifier.classify(
            headline: "Apple unveils new iPhone software update",
            body: "The update brings new features to the operating system, improved battery life and security fixes "
                + "for users of its smartphones, the company said at its developer conference."), .tech)
    }

    func testPoliticsStory() {
        XCTAssertEqual(classifier.classify(
            headline: "Prime minister faces vote of confidence from MPs",
            body: "The prime minister will face a vote of no confidence after Conservative MPs submitted letters. "
                + "Labour said the government had lost its majority and called for a general election."), .politics)
    }

    func testAfricanStoryGoesToTheAfricaDeskWhateverItsSubject() {
        XCTAssertEqual(classifier.classify(
            headline: "Nigeria's central bank raises interest rates to record high",
            body: "The Central Bank of Nigeria lifted its monetary policy rate in Abuja on Tuesday as inflation climbed."),
                       .africa)
    }

    /// `africa` is a regional desk for desk news: a story of no desk is not listed wherever it happens.
    func testAnAfricanStoryOfNoDeskIsNotListed() {
        XCTAssertNil(classifier.classify(
            headline: "Super Eagles beat Black Stars in Lagos friendly",
            body: "Nigeria's Super Eagles beat Ghana 2-1 in an international football friendly at the Teslim Balogun Stadium "
                + "in Lagos on Friday, with the striker scoring twice in the second half to the delight of the home fans."))
    }

    func testAFootballMatchReportIsNotListed() {
        XCTAssertNil(classifier.classify(
            headline: "Arsenal beat Chelsea 2-0 to go top of the Premier League",
            body: "Goals in each half from Saka and Martinelli gave Arsenal victory at the Emirates. "
                + "The Gunners' manager praised his defence after a clean sheet against their London rivals."))
    }

    /// A software firm's results are a tech company's own business, so tech by the desk convention, though two of
    /// the three reports read alone say only results and profits.
    func testAStoryIsJudgedOnAllItsArticles() {
        let story = [
            (headline: "Tech giant beats profit forecasts", body: "Quarterly revenue rose 12% and shares climbed."),
            (headline: "Earnings: cloud sales lift results", body: "Investors cheered strong profits and a dividend increase."),
            (headline: "Company results", body: "The software firm reported results."),
        ]
        XCTAssertEqual(classifier.classify(story), .tech)
        XCTAssertNil(classifier.classify([]))
    }
}

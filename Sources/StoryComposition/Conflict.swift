import ArticleAnnotations
import Foundation

/// One sentence naming a factual disagreement between outlets ("Reuters reports 12 dead while
/// BBC News reports 15."), or nil.
///
/// Deliberately conservative, since a false conflict misinforms while a missed one only omits:
/// each outlet is judged by its latest article; only labelled numbers (`NumericFacts`) and
/// declared winners, runners-up and appointees (`DeclaredWinners`) and what a court did
/// (`CourtRuling`) are compared; a figure claims
/// an interval (`FigureBounds`: "at least 14" is compatible with 17, "1.6 trillion" with 1.62
/// trillion) and only disjoint intervals conflict; a toll that a later report says has risen
/// beyond it (`SupersededCounts`) is out of date, not disputed; a vote share, stake, count or
/// amount is compared only when it belongs to the same subject on both sides
/// (`ConflictReport.owner`); an outlet giving two values for one fact, or either outlet also
/// quoting the other's value, means no conflict; and figures first given far apart are treated as
/// updates, not as disagreement.
public enum Conflict {
    /// Reports further apart than this are a developing story (a rising toll), not a dispute.
    public static let defaultSimultaneity: TimeInterval = 6 * 3600

    public static func sentence(for articles: [StoryArticle], simultaneity: TimeInterval = defaultSimultaneity) -> String? {
        dispute(SentencePool(articles), history: articles, simultaneity: simultaneity,
                copying: SyndicatedCopies.copyingOutlets(articles))?.sentence
    }

    /// `copying`: outlets that only republished another's report. A copy of a wire's earlier
    /// report gives the wire's earlier figure, not a second opinion ("27 dead" against the copy's
    /// "14" is a rising toll, not a dispute), so they are not compared. `history`: every article
    /// of the story, for when each outlet first gave each figure.
    static func dispute(_ pool: SentencePool, history: [StoryArticle], simultaneity: TimeInterval, copying: Set<String>) -> Dispute? {
        let reports = latestReports(pool, history: history, excluding: copying)
        guard reports.count > 1 else { return nil }
        for kind in NumericFacts.Kind.allCases {
            for (first, second) in pairs(reports) {
                let found = kind == .trapped ? trappedConflict(first, second, simultaneity: simultaneity)
                    : numericConflict(kind, first, second, superseded: pool.superseded, simultaneity: simultaneity)
                if let found { return found }
            }
        }
        for (first, second) in pairs(reports) where abs(first.namesGivenAt.timeIntervalSince(second.namesGivenAt)) <= simultaneity {
            if let found = winnerConflict(first, second) ?? runnerUpConflict(first, second) ?? appointmentConflict(first, second) {
                return found
            }
        }
        for (first, second) in pairs(reports) where abs(first.publishedAt.timeIntervalSince(second.publishedAt)) <= simultaneity {
            if let found = rulingConflict(first, second) { return found }
        }
        return nil
    }

    /// Each outlet's latest report, without its sentences that name another outlet of the story:
    /// "Halyard Newswire had earlier reported 14 dead" is Halyard's figure as the writer quotes it
    /// to dispute it, not the writer's own (a 14-against-17 dispute is not retracted by it).
    /// A fact the latest report does not state at all (no figure of that kind, no one named to that
    /// role, no winner) is taken from the outlet's earlier reports (`history`): a follow-up about
    /// something else retracts nothing (a finance-minister dispute survives the wire's "cabinet
    /// wins confidence vote", and a turnout dispute a concession story).
    private static func latestReports(_ pool: SentencePool, history: [StoryArticle], excluding copying: Set<String>) -> [ConflictReport] {
        let names = Dictionary(pool.articles.map { ($0.sourceKey, SourceNames.display($0.sourceName, fallbackKey: $0.sourceKey)) },
                               uniquingKeysWith: { first, _ in first })
        return pool.sourceKeys.filter { !copying.contains($0) }.compactMap { key in
            let indices = pool.articles.indices.filter { pool.articles[$0].sourceKey == key }
            guard let latest = indices.max(by: { pool.articles[$0].publishedAt < pool.articles[$1].publishedAt }) else {
                return nil
            }
            let article = pool.articles[latest]
            let others = names.filter { $0.key != key && $0.value.count >= 3 }.map(\.value)
            func own(_ sentences: [TextReading]) -> [TextReading] {
                sentences.filter { sentence in !others.contains { Self.names(sentence.text, $0) } }
            }
            let earlier = history.filter { $0.sourceKey == key && $0.publishedAt < article.publishedAt }
            func report(_ sentences: [TextReading]) -> ConflictReport {
                ConflictReport(name: SourceNames.display(article.sourceName, fallbackKey: key), article: latest,
                               publishedAt: article.publishedAt, sentences: sentences, earlierReports: earlier)
            }
            var sentences = own([article.annotation.headline.reading] + pool.sentences.filter { $0.article == latest }.map(\.reading))
            var merged = report(sentences)
            // Newest earlier report first, each adding only what none after it told: one value per
            // kind of figure and per role, as the outlet last gave it.
            for earlierReport in earlier.sorted(by: { $0.publishedAt > $1.publishedAt }) {
                let annotation = earlierReport.annotation
                let untold = own([annotation.headline.reading] + annotation.sentences.map(\.reading)).filter(merged.leavesUntold)
                guard !untold.isEmpty else { continue }
                let namedBefore = !merged.winners.isEmpty || !merged.appointments.isEmpty
                let namesGivenAt = merged.namesGivenAt
                sentences += untold
                merged = report(sentences)
                merged.namesGivenAt = !namedBefore && (!merged.winners.isEmpty || !merged.appointments.isEmpty)
                    ? earlierReport.publishedAt : namesGivenAt
            }
            return merged
        }
    }

    /// Whether `sentence` writes `outlet` as a whole name: "Nation" is not in "United Nations".
    static func names(_ sentence: String, _ outlet: String) -> Bool {
        var searchStart = sentence.startIndex
        while let found = sentence[searchStart...].firstByteRange(of: outlet) {
            let before = found.lowerBound > sentence.startIndex ? sentence[sentence.index(before: found.lowerBound)] : " "
            let after = found.upperBound < sentence.endIndex ? sentence[found.upperBound] : " "
            if !before.isLetter && !before.isNumber && !after.isLetter && !after.isNumber { return true }
            searchStart = found.upperBound
        }
        return false
    }

    private static func pairs(_ reports: [ConflictReport]) -> [(ConflictReport, ConflictReport)] {
        reports.indices.flatMap { first in reports.indices.filter { $0 > first }.map { (reports[first], reports[$0]) } }
    }

    /// Two figures are compared only when the outlets gave them within `simultaneity` of each other,
    /// each from the first report in which its outlet gave it: a wire's follow-up restating its
    /// 71.4% eleven hours later still disputes the other outlet's 74.1% of the morning, while a
    /// figure first given hours after the other's is an update.
    private static func numericConflict(_ kind: NumericFacts.Kind, _ first: ConflictReport, _ second: ConflictReport,
                                        superseded: SupersededCounts, simultaneity: TimeInterval) -> Dispute? {
        for located in first.facts where located.fact.kind == kind {
            for other in second.facts where other.fact.kind == kind && other.fact.noun == located.fact.noun {
                guard disagree(located.fact, of: first, other.fact, of: second, simultaneity: simultaneity),
                      !superseded.isSuperseded(located.fact, ofArticle: first.article),
                      !superseded.isSuperseded(other.fact, ofArticle: second.article) else { continue }
                let subject: String?
                if kind.needsSubject {
                    guard let shared = sharedSubject(located, other, first, second) else { continue }
                    subject = first.displayName(of: shared, inSentence: located.sentence)
                } else {
                    guard first.values(kind, noun: "", subject: nil).count == 1,
                          second.values(kind, noun: "", subject: nil).count == 1 else { return nil }
                    subject = nil
                }
                return figureDispute(located.fact, of: first, other.fact, of: second, subject: subject)
            }
        }
        return nil
    }

    /// Two outlets' figures of one fact disagree when each outlet first gave its figure within
    /// `simultaneity` of the other's, their intervals are disjoint, and neither quotes the other's
    /// value (quoting it, "up from 12", means the outlets are not contradicting each other).
    private static func disagree(_ mine: NumericFacts.Fact, of first: ConflictReport, _ theirs: NumericFacts.Fact,
                                 of second: ConflictReport, simultaneity: TimeInterval) -> Bool {
        abs(first.firstGave(mine).timeIntervalSince(second.firstGave(theirs))) <= simultaneity
            && !mine.bounds.overlaps(theirs.bounds) && !first.mentions(theirs.value) && !second.mentions(mine.value)
    }

    /// "Reuters reports 12 dead while BBC News reports 15."
    private static func figureDispute(_ mine: NumericFacts.Fact, of first: ConflictReport, _ theirs: NumericFacts.Fact,
                                      of second: ConflictReport, subject: String?) -> Dispute {
        Dispute(sentence: "\(first.name) reports \(phrase(mine, subject: subject)) while \(second.name) reports \(theirs.text).",
                figures: [mine, theirs])
    }

    /// The most people each outlet said were trapped, in any of its reports: the count falls as people are
    /// freed, so an outlet's "15 still trapped" after its "17 trapped" still disputes another's 23. None is
    /// compared when that peak was told beside a rescue ("12 remain trapped after three were freed").
    private static func trappedConflict(_ first: ConflictReport, _ second: ConflictReport, simultaneity: TimeInterval) -> Dispute? {
        guard let mine = first.peakTrapped, let theirs = second.peakTrapped, !mine.afterRescue, !theirs.afterRescue,
              disagree(mine.fact, of: first, theirs.fact, of: second, simultaneity: simultaneity) else { return nil }
        return figureDispute(mine.fact, of: first, theirs.fact, of: second, subject: nil)
    }

    /// Two figures of a subject-bound kind are about the same thing when they belong to one subject
    /// (the name nearest each figure, `ConflictReport.owner`: a winner's 71.4% is not set against
    /// his rival's 25.9% because both sentences name the rival), for which each
    /// outlet gives exactly one value, and the sentences say much the same around the figures (a
    /// quarter of the shorter one's content words). Preferred: a word of the name the headlines use.
    private static func sharedSubject(_ located: ConflictReport.LocatedFact, _ other: ConflictReport.LocatedFact,
                                      _ first: ConflictReport, _ second: ConflictReport) -> String? {
        let (firstContext, secondContext) = (first.context[located.sentence], second.context[other.sentence])
        let overlap = firstContext.intersection(secondContext).count
        guard overlap * 4 >= min(firstContext.count, secondContext.count) else { return nil }
        let kind = located.fact.kind, noun = located.fact.noun
        // The subject must own the figure on both sides: the name nearest it (`ConflictReport.owner`).
        let owners = first.owner(of: located).intersection(second.owner(of: other))
        let candidates = first.subjects[located.sentence].intersection(second.subjects[other.sentence]).filter { subject in
            owners.contains(subject) && first.values(kind, noun: noun, subject: subject).count == 1
                && second.values(kind, noun: noun, subject: subject).count == 1
        }
        let headlines = first.subjects[0].union(second.subjects[0])
        return candidates.min { lhs, rhs in
            let (lhsHeadline, rhsHeadline) = (headlines.contains(lhs), headlines.contains(rhs))
            return lhsHeadline != rhsHeadline ? lhsHeadline : lhs < rhs
        }
    }

    private static func winnerConflict(_ first: ConflictReport, _ second: ConflictReport) -> Dispute? {
        guard first.winners.count == 1, second.winners.count == 1, let firstWinner = first.winners.first,
              let secondWinner = second.winners.first, !DeclaredWinners.sameName(firstWinner, secondWinner) else { return nil }
        return Dispute(sentence: "\(first.name) reports that \(firstWinner) won while \(second.name) reports that \(secondWinner) won.",
                       names: [firstWinner, secondWinner])
    }

    /// Two outlets naming different runners-up, neither naming the other's anywhere (an outlet
    /// that also names the other's candidate may be listing both).
    private static func runnerUpConflict(_ first: ConflictReport, _ second: ConflictReport) -> Dispute? {
        guard first.runnersUp.count == 1, second.runnersUp.count == 1, let firstName = first.runnersUp.first,
              let secondName = second.runnersUp.first, !DeclaredWinners.sameName(firstName, secondName),
              !first.names(secondName), !second.names(firstName) else { return nil }
        return Dispute(sentence: "\(first.name) names \(firstName) as the runner-up while \(second.name) names \(secondName).",
                       names: [firstName, secondName])
    }

    /// Two outlets naming different people appointed to one role, neither naming the other's.
    private static func appointmentConflict(_ first: ConflictReport, _ second: ConflictReport) -> Dispute? {
        for (role, firstNames) in first.appointments.sorted(by: { $0.key < $1.key }) {
            guard firstNames.count == 1, let secondNames = second.appointments[role], secondNames.count == 1,
                  let firstName = firstNames.first, let secondName = secondNames.first,
                  !DeclaredWinners.sameName(firstName, secondName), !first.names(secondName), !second.names(firstName) else { continue }
            return Dispute(sentence: "\(first.name) names \(firstName) as \(role) while \(second.name) names \(secondName).",
                           names: [firstName, secondName])
        }
        return nil
    }

    /// One outlet's court upheld what the other's struck down ("upholds tax reform" against "strikes down").
    private static func rulingConflict(_ first: ConflictReport, _ second: ConflictReport) -> Dispute? {
        guard let mine = first.ruling, let theirs = second.ruling, mine != theirs else { return nil }
        func told(_ ruling: CourtRuling) -> String { ruling == .upheld ? "the court upheld it" : "the court struck it down" }
        return Dispute(sentence: "\(first.name) reports that \(told(mine)) while \(second.name) reports that \(told(theirs)).",
                       rulings: [mine, theirs])
    }

    private static func phrase(_ fact: NumericFacts.Fact, subject: String?) -> String {
        let owner = subject ?? "it"
        switch fact.kind {
        case .deaths: return "\(fact.text) dead"
        case .injuries: return "\(fact.text) injured"
        case .arrests: return "\(fact.text) arrested"
        case .cases: return "\(fact.text) cases"
        case .trapped: return "\(fact.text) trapped"
        case .basisPoints: return "a move of \(fact.text) basis points"
        case .inflation: return "inflation at \(fact.text)"
        case .unemployment: return "unemployment at \(fact.text)"
        case .growth: return "growth of \(fact.text)"
        case .turnout: return "turnout of \(fact.text)"
        case .interestRate: return "a rate of \(fact.text)"
        case .voteShare: return "\(fact.text) of the vote for \(owner)"
        case .stake: return "a stake of \(fact.text) for \(owner)"
        case .count: return "\(fact.text) \(fact.noun)"
        case .money where fact.noun == "deal":
            return "a deal worth \(fact.text) for \(owner)"
        case .money:
            let measure = SubjectFigures.financialMeasures.contains(fact.noun) ? "\(fact.noun) of " : ""
            return "\(measure)\(fact.text) for \(owner)"
        }
    }
}

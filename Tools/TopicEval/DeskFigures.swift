import EvalData
import Foundation
import NewsText
import TopicClassification

/// A text and the labels the desk figures score it against, whichever set it comes from.
struct DeskCase {
    static let subjects = ["finance", "tech", "politics", "none"]

    let headline: String
    let body: String
    /// `finance`, `tech`, `politics` or `none`; nil without a subject label (AG World under `TopicEval --without-ag-world`).
    let subject: String?
    let isAfrican: Bool
    /// The kind of item, for per-family counts ("" when the set has none).
    let family: String

    struct FormatError: Error, CustomStringConvertible {
        let line: String
        var description: String { "bad desk item line: \(line)" }
    }

    /// The items of a desk item file (the cross-domain set, the development set): one per line,
    /// `id subject africa family setting headline lead`, tab-separated; `#` lines are comments.
    static func items(_ text: String) throws -> [DeskCase] {
        try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7, subjects.contains(fields[1]), ["yes", "no"].contains(fields[2]) else {
                throw FormatError(line: String(line))
            }
            return DeskCase(headline: fields[5], body: fields[6], subject: fields[1], isAfrican: fields[2] == "yes",
                            family: fields[3])
        }
    }

    /// The items of a desk item file shipped with `TopicEval` (`desk-development`, `desk-threshold-check`).
    static func bundled(_ name: String) throws -> [DeskCase] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "tsv") else { throw CocoaError(.fileNoSuchFile) }
        return try items(String(contentsOf: url, encoding: .utf8))
    }

    /// The desk the app should show: none when the subject is none (a story of no desk is not
    /// listed even when it is about Africa), else `africa` for a story about Africa (a Kenyan rate
    /// rise goes to the regional desk), else the subject's desk. Nil without a subject label.
    var goldDesk: String? {
        guard let subject else { return nil }
        if subject == "none" { return "none" }
        return isAfrican ? Topic.africa.rawValue : subject
    }
}

/// The measures `make eval` prints for a set of cases, one pass of the classifier over them.
struct DeskFigures {
    /// The subject model alone (finance/tech/politics/none).
    var subjectModel = ConfusionMatrix(labels: DeskCase.subjects)
    /// The subject as the engine decides it, `SubjectRule.ordered` applied: the desk a story gets
    /// when it is not primarily about Africa.
    var subject = ConfusionMatrix(labels: DeskCase.subjects)
    /// `AfricaDesk` against the about-Africa label.
    var africa = ConfusionMatrix(labels: ["africa", "not"])
    /// What the app shows: the classifier's desk against `DeskCase.goldDesk`.
    var desk = ConfusionMatrix(labels: Topic.allCases.map(\.rawValue) + ["none"])
    /// Cases of subject none and how many of them the classifier gives a desk (listed), of which under `africa`.
    var noneCases = 0, noneListed = 0, noneListedAsAfrica = 0
    /// Per family: cases and how many got their gold desk.
    var families: [String: (total: Int, right: Int)] = [:]
    /// One line per case given the wrong desk; printed for the development set only.
    var misses: [String] = []

    static let subjectTarget = 0.90
    static let politicsRecallTarget = 0.90

    init(_ cases: [DeskCase], classifier: TopicClassifier) {
        for item in cases {
            let texts = [(headline: item.headline, body: item.body)]
            let predictedDesk = classifier.classify(texts)?.rawValue ?? "none"
            africa.record(gold: item.isAfrican ? "africa" : "not",
                          predicted: AfricaDesk.evidence(headline: item.headline, body: item.body).isPrimarilyAfrican ? "africa" : "not")
            guard let gold = item.subject else { continue }
            subjectModel.record(gold: gold, predicted: Self.name(classifier.subject(texts).topic))
            subject.record(gold: gold, predicted: Self.name(classifier.subjectDesk(texts)))
            if let goldDesk = item.goldDesk {
                desk.record(gold: goldDesk, predicted: predictedDesk)
                families[item.family, default: (0, 0)].total += 1
                if goldDesk == predictedDesk {
                    families[item.family, default: (0, 0)].right += 1
                } else {
                    misses.append("  gold \(goldDesk) -> \(predictedDesk) [\(item.family)] \(item.headline)")
                }
            }
            if gold == "none" {
                noneCases += 1
                if predictedDesk != "none" { noneListed += 1 }
                if predictedDesk == Topic.africa.rawValue { noneListedAsAfrica += 1 }
            }
        }
    }

    private static func name(_ topic: Topic?) -> String { topic?.rawValue ?? "none" }

    /// The whole report of one set: the three matrices with per-class scores, the targets, per family.
    func report(title: String, listingMisses: Bool = false) -> String {
        var lines = ["== \(title)"]
        lines.append(String(format: "subject model alone: n=%d accuracy %.4f macro-F1 %.4f",
                            subjectModel.total, subjectModel.accuracy, subjectModel.macroF1))
        lines.append(String(format: "subject as the engine decides it (rules applied): n=%d accuracy %.4f macro-F1 %.4f",
                            subject.total, subject.accuracy, subject.macroF1))
        lines += Self.perClass(subject)
        let africaScores = africa.scores(for: "africa")
        lines.append(String(format: "africa (AfricaDesk vs about-Africa label): precision %.4f recall %.4f F1 %.4f (support %d of %d)",
                            africaScores.precision, africaScores.recall, africaScores.f1, africaScores.support, africa.total))
        lines.append(africa.table())
        lines.append(String(format: "desk the app shows (subject none -> none, else about Africa -> africa): n=%d accuracy %.4f macro-F1 %.4f",
                            desk.total, desk.accuracy, desk.macroF1))
        lines += Self.perClass(desk)
        lines.append("subject-none items listed under a desk: \(noneListed) of \(noneCases) (\(noneListedAsAfrica) under africa)")
        lines += targetLines()
        if families.count > 1 {
            lines.append("desk right, by family:")
            for (family, count) in families.sorted(by: { $0.key < $1.key }) {
                lines.append(String(format: "  %-20@ %3d of %3d", family, count.right, count.total))
            }
        }
        if listingMisses { lines += ["wrong desk:"] + misses }
        return lines.joined(separator: "\n") + "\n"
    }

    func targetLines() -> [String] {
        let politicsRecall = subject.scores(for: "politics").recall
        func verdict(_ met: Bool) -> String { met ? "met" : "not met" }
        return [
            String(format: "target subject macro-F1 >= %.2f: %.4f, %@", Self.subjectTarget, subject.macroF1,
                   verdict(subject.macroF1 >= Self.subjectTarget)),
            String(format: "target politics recall >= %.2f: %.4f, %@", Self.politicsRecallTarget, politicsRecall,
                   verdict(politicsRecall >= Self.politicsRecallTarget)),
            "target no subject-none item listed: \(noneListed) listed, \(verdict(noneListed == 0))",
        ]
    }

    private static func perClass(_ matrix: ConfusionMatrix) -> [String] {
        matrix.labels.map { label in
            let scores = matrix.scores(for: label)
            return String(format: "  %-9@ precision %.4f recall %.4f F1 %.4f support %d", label,
                          scores.precision, scores.recall, scores.f1, scores.support)
        } + [matrix.table()]
    }

    /// The listing confidences tried on a set (`TopicClassifier.listingConfidence`): per bar, the
    /// subject figures, the desk the app shows, subject-none items listed and desk items unlisted.
    static func listingSweep(_ cases: [DeskCase], classifier: TopicClassifier) -> String {
        var lines = ["== Listing confidence tried (shipped \(classifier.listingConfidence))",
                     "confidence  subject macro-F1  politics R  desk macro-F1  none listed  desk items unlisted"]
        for confidence in stride(from: 0.0, through: 0.8, by: 0.05) {
            let figures = DeskFigures(cases, classifier: classifier.listing(atConfidence: confidence))
            let unlisted = DeskCase.subjects.filter { $0 != "none" }.reduce(0) { $0 + figures.subject.count(gold: $1, predicted: "none") }
            lines.append(String(format: "%10.2f  %16.4f  %10.4f  %13.4f  %11d  %19d", confidence, figures.subject.macroF1,
                                figures.subject.scores(for: "politics").recall, figures.desk.macroF1, figures.noneListed, unlisted))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The measures of several sets side by side, one row each.
    static func comparison(_ columns: [(name: String, figures: DeskFigures)]) -> String {
        func row(_ measure: String, _ value: (DeskFigures) -> String) -> String {
            measure.padding(toLength: 40, withPad: " ", startingAt: 0)
                + columns.map { value($0.figures).padding(toLength: 22, withPad: " ", startingAt: 0) }.joined()
        }
        func number(_ value: Double) -> String { String(format: "%.4f", value) }
        func precisionRecall(_ matrix: ConfusionMatrix, _ label: String) -> String {
            let scores = matrix.scores(for: label)
            return number(scores.precision) + " / " + number(scores.recall)
        }
        let header = "measure".padding(toLength: 40, withPad: " ", startingAt: 0)
            + columns.map { $0.name.padding(toLength: 22, withPad: " ", startingAt: 0) }.joined()
        return ([header,
                 row("items with a subject", { "\($0.subject.total)" }),
                 row("subject model alone, macro-F1", { number($0.subjectModel.macroF1) }),
                 row("subject (rules applied), macro-F1", { number($0.subject.macroF1) })]
                + DeskCase.subjects.map { label in row("  \(label) P / R", { precisionRecall($0.subject, label) }) }
                + [row("africa P / R", { precisionRecall($0.africa, "africa") }),
                   row("desk the app shows, macro-F1", { number($0.desk.macroF1) }),
                   row("subject-none items listed", { "\($0.noneListed) of \($0.noneCases)" })])
            .joined(separator: "\n") + "\n"
    }
}

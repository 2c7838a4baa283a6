import EvalData
import Foundation
import TopicClassification

// Scores the shipped topic classifier on the held-out part of the fixed split only (see
// `TopicCorpora`): the subject model on finance/tech/politics/other, the Africa desk on the
// hand-checked Africa labels, and the whole classifier on the five outcomes a story can get; then
// the same desk measures on the cross-domain set (`CrossDomainSet`, news nothing was trained or tuned
// on) beside the held-out part's.
//
//   swift run --package-path Tools -c release TopicEval [--data DIR] [--published-labels | --without-ag-world]
//                                   # --published-labels: held-out gold as the data sets label it, without SubjectRelabels
//                                   # --without-ag-world: AG World's items without the subjects their read gave them,
//                                   # so the held-out halves are scored as before it was read
//   swift run --package-path Tools TopicEval --list-unlabeled [--data DIR]   # candidates still needing a hand label
//   swift run --package-path Tools TopicEval --tune-africa [--data DIR]      # the Africa rule on hand-labeled training-part items
//   swift run --package-path Tools -c release TopicEval --development        # desk measures on the desk development set,
//                                                                            # listing confidences tried on it, and the part held aside

let arguments = ToolArguments.parse(
    usage: "usage: TopicEval [--list-unlabeled | --tune-africa | --development] [--published-labels | --without-ag-world] [--data DIR]",
    flags: ["--list-unlabeled", "--tune-africa", "--development", "--published-labels", "--without-ag-world"], options: ["--data": .text])
if arguments.has("--development") {
    let classifier = try TopicClassifier.bundled()
    let development = try DeskCase.bundled("desk-development")
    print(DeskFigures(development, classifier: classifier).report(title: "Desk development set", listingMisses: true))
    print(DeskFigures.listingSweep(development, classifier: classifier))
    let check = try DeskCase.bundled("desk-threshold-check")
    print(DeskFigures(check, classifier: classifier).report(
        title: "Held aside to check the listing confidence (\(classifier.listingConfidence))", listingMisses: true))
    exit(0)
}
let directory = try DataDirectory.resolve(arguments)
let loaded = try TopicCorpora.load(from: directory, relabels: arguments.has("--published-labels") ? SubjectRelabels.unchanged : nil)
let items = arguments.has("--without-ag-world") ? loaded.map { $0.isAGWorld ? $0.withoutSubject : $0 } : loaded
let labels = try AfricaLabels.bundled()
let agKeywordRows = try AfricaCandidates.agKeywordRows(in: directory)

if arguments.has("--list-unlabeled") {
    AfricaCandidates.unlabeledListing(items, labels: labels, agKeywordRows: agKeywordRows).forEach { print($0) }
    exit(0)
}
if arguments.has("--tune-africa") {
    let development = items.filter { !$0.isHeldOut && labels.label(of: $0.key) != nil }
    print(AfricaTuning.report(development, labels: labels))
    exit(0)
}

let heldOut = items.filter(\.isHeldOut)
let classifier = try TopicClassifier.bundled()
let unlabeled = heldOut.filter { labels.label(of: $0.key) == nil && AfricaCandidates.isCandidate($0, agKeywordRows: agKeywordRows) }
guard unlabeled.isEmpty else {
    print("\(unlabeled.count) held-out Africa candidates have no hand label; run with --list-unlabeled")
    exit(1)
}

let report = EvaluationReport(items: heldOut, classifier: classifier, labels: labels)
print(report.subjectSection())
print(report.africaSection())
print(report.pipelineSection())

let heldOutCases = heldOut.map { item in
    DeskCase(headline: item.headline, body: item.body, subject: item.subject.map { $0 == Subject.other.rawValue ? "none" : $0 },
             isAfrican: labels.label(of: item.key) ?? false, family: item.dataset.rawValue)
}
let crossDomain = DeskFigures(try CrossDomainSet.load(), classifier: classifier)
print()
print(crossDomain.report(title: "Cross-domain set (news never trained or tuned on; README beside its items)"))
print("== Desk measures side by side (held-out: BBC, AG News, MasakhaNEWS; AllSides added in the second column)")
print(DeskFigures.comparison([
    ("held-out", DeskFigures(heldOutCases.filter { $0.family != TopicCorpusItem.Dataset.allSides.rawValue }, classifier: classifier)),
    ("held-out + AllSides", DeskFigures(heldOutCases, classifier: classifier)),
    ("cross-domain", crossDomain),
]))

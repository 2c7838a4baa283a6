import EvalData
import TopicClassification

/// The Africa rule on hand-labeled items of the training part (never the held-out part): the
/// only data its weights and threshold were adjusted on. Lists every miss for inspection.
enum AfricaTuning {
    static func report(_ items: [TopicCorpusItem], labels: AfricaLabels) -> String {
        var matrix = ConfusionMatrix(labels: ["africa", "not"])
        var misses: [String] = []
        for item in items {
            guard let gold = labels.label(of: item.key) else { continue }
            let evidence = AfricaDesk.evidence(headline: item.headline, body: item.body)
            matrix.record(gold: gold ? "africa" : "not", predicted: evidence.isPrimarilyAfrican ? "africa" : "not")
            if gold != evidence.isPrimarilyAfrican {
                misses.append("\(gold ? "missed" : "false ")\t\(item.key)\tafrican \(evidence.african) elsewhere "
                              + "\(evidence.elsewhere) top \(evidence.africanNearTop)\t\(item.headline)")
            }
        }
        let scores = matrix.scores(for: "africa")
        let summary = "development items \(matrix.total): africa precision \(scores.precision) recall \(scores.recall) F1 \(scores.f1)"
        return ([summary, matrix.table()] + misses).joined(separator: "\n")
    }
}

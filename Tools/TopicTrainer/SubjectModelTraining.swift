import EvalData
import TopicClassification

/// Everything that shapes a trained model besides the data, in one place so the weights file
/// can record it and `--validate` can compare settings.
struct TrainingSettings: CustomStringConvertible {
    var minimumDocuments = 2
    var featureLimit = 40_000
    var l2 = 1e-6
    /// 300 rather than 150: with tf-idf vectors the regression keeps improving past 150 steps
    /// (4-fold cross-validation, docs/jarvis/story-engine.md, Topics).
    var iterations = 300
    var learningRate = 0.05
    /// Whether AG News World items train as politics (they are never scored as politics).
    var worldAsPolitics = false
    /// Smoothing of the complement naive Bayes opinion merged into the regression.
    var naiveBayesAlpha = 0.03
    /// How much the naive Bayes scores add, in units of their spread over the training texts
    /// (a regression fitted in the prototype spread by about 2.3); 0 ships the regression alone.
    var naiveBayesWeight = 2.0
    /// Weigh counts by inverse document frequency; false gives every term idf 1 (plain log counts).
    var inverseDocumentFrequency = true
    /// Add the cluster tokens of `TermClusters`; false trains on words and pairs only.
    var wordClusters = true

    var description: String {
        "features: min documents \(minimumDocuments), top \(featureLimit) by chi2; "
            + "idf: \(inverseDocumentFrequency); word clusters: \(wordClusters); "
            + "L2 \(l2); \(iterations) Adam iterations, learning rate \(learningRate); "
            + "AG World as politics: \(worldAsPolitics); "
            + "complement naive Bayes alpha \(naiveBayesAlpha), merge weight \(naiveBayesWeight)"
    }
}

/// Feature extraction, selection and fitting: labeled items in, `SubjectModel` out.
enum SubjectModelTraining {
    /// `clusters` is the table the classifier will ship with; it is ignored when the settings
    /// turn word clusters off.
    static func train(_ items: [TopicCorpusItem], settings: TrainingSettings, clusters: TermClusters) -> SubjectModel {
        let classes = Subject.allCases
        let featureClusters = settings.wordClusters ? clusters : .none
        let labeled = items.compactMap { item -> (counts: [String: Double], label: Int)? in
            let world = settings.worldAsPolitics && item.dataset == .agNews && item.sourceLabel == "World"
            guard let name = world ? "politics" : item.subject, let subject = Subject(rawValue: name),
                  let label = classes.firstIndex(of: subject) else { return nil }
            return (SubjectFeatures.counts(headline: item.headline, body: item.body, clusters: featureClusters), label)
        }
        let selection = FeatureSelection(minimumDocuments: settings.minimumDocuments, limit: settings.featureLimit)
        let selected = selection.select(labeled.map(\.counts), labels: labeled.map(\.label), classCount: classes.count)
        let terms = selected.map(\.term)
        let weighting = DocumentFrequency(documentTotal: labeled.count, enabled: settings.inverseDocumentFrequency)
        let idf = Dictionary(uniqueKeysWithValues: selected.map { ($0.term, Float(weighting.idf(documents: $0.documents))) })
        // The regression and naive Bayes see exactly the vectors the shipped model computes:
        // those of a model with these terms and idfs, before it has weights.
        let blank = [Float](repeating: 0, count: classes.count)
        let vectorizer = SubjectModel(classes: classes, termWeights: idf.mapValues { _ in blank }, bias: blank,
                                      idf: idf, unlistedIDF: weighting.unlistedIDF)
        let termIndex = Dictionary(uniqueKeysWithValues: terms.enumerated().map { ($1, $0) })
        let examples = labeled.map { document in
            let features = vectorizer.weightedVector(document.counts).compactMap { term, value in
                termIndex[term].map { (index: $0, value: value) }
            }.sorted { $0.index < $1.index }
            return LogisticRegressionTrainer.Example(features: features, label: document.label)
        }
        let trainer = LogisticRegressionTrainer(classes: classes, l2: settings.l2, iterations: settings.iterations,
                                                learningRate: settings.learningRate)
        let fitted = trainer.fit(examples, featureCount: terms.count)
        let merged = mergeNaiveBayes(into: fitted.weights, examples: examples, featureCount: terms.count, settings: settings)
        var termWeights: [String: [Float]] = [:]
        for (index, term) in terms.enumerated() {
            termWeights[term] = (0..<classes.count).map { Float(merged[index * classes.count + $0]) }
        }
        return SubjectModel(classes: classes, termWeights: termWeights, bias: fitted.bias.map(Float.init),
                            idf: idf, unlistedIDF: weighting.unlistedIDF)
    }

    /// Adds the complement naive Bayes weights, scaled so their scores over the training texts
    /// spread by `naiveBayesWeight`: the sum of two linear scorers is one linear scorer.
    private static func mergeNaiveBayes(into weights: [Double], examples: [LogisticRegressionTrainer.Example],
                                        featureCount: Int, settings: TrainingSettings) -> [Double] {
        guard settings.naiveBayesWeight > 0 else { return weights }
        let classCount = Subject.allCases.count
        let naiveBayes = ComplementNaiveBayes(alpha: settings.naiveBayesAlpha)
            .weights(examples, featureCount: featureCount, classCount: classCount)
        let spread = ComplementNaiveBayes.scoreSpread(naiveBayes, on: examples, classCount: classCount)
        guard spread > 0 else { return weights }
        let scale = settings.naiveBayesWeight / spread
        return zip(weights, naiveBayes).map { $0 + scale * $1 }
    }

    /// Scores a model on items with a subject label, for validation runs.
    static func evaluate(_ model: SubjectModel, clusters: TermClusters, on items: [TopicCorpusItem]) -> ConfusionMatrix {
        let classifier = TopicClassifier(model: model, clusters: clusters)
        var matrix = ConfusionMatrix(labels: Subject.allCases.map(\.rawValue))
        for item in items {
            guard let gold = item.subject else { continue }
            matrix.record(gold: gold, predicted: classifier.subject([(item.headline, item.body)]).rawValue)
        }
        return matrix
    }
}

import EvalData
import SentenceEncoding
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
    /// Smoothing of the complement naive Bayes opinion merged into the regression.
    var naiveBayesAlpha = 0.03
    /// How much the naive Bayes scores add, in units of their spread over the training texts
    /// (a regression fitted in the prototype spread by about 2.3); 0 ships the regression alone.
    var naiveBayesWeight = 2.0
    /// Weigh counts by inverse document frequency; false gives every term idf 1 (plain log counts).
    var inverseDocumentFrequency = true
    /// Add the cluster tokens of `TermClusters`; false trains on words and pairs only.
    var wordClusters = true
    /// What the regression's classes are: one per subject, or `other` split into the kinds of text
    /// it gathers (the model file then lists `other` once per kind; the classifier takes the most
    /// probable class). Sport, entertainment, health and disaster reports share little vocabulary, so
    /// one weight vector for all of them fits none well: cross-validation 0.9094 → 0.9127
    /// (docs/jarvis/story-engine.md, Topics).
    var classGrain = ClassGrain.kindsOfOther
    /// How much the encoder scorer's scores add to the word model's (0: words only). Chosen with its
    /// L2 by cross-validation (docs/jarvis/story-engine.md, Topics).
    var encoderMix = 0.7
    var encoderL2 = 1e-4
    /// Adam steps of the encoder scorer's regression.
    var encoderIterations = 300
    /// Rectified linear units of the encoder scorer's hidden layer; 0 makes it a linear regression.
    var encoderUnits = 128
    /// With hidden units: passes over the training items, in mini-batches of `encoderBatchSize`, at `encoderLearningRate`.
    var encoderEpochs = 30
    var encoderBatchSize = 32
    var encoderLearningRate = 1e-3
    /// With hidden units: how many networks, each from its own seed, the scorer averages (`EncoderScorer.averaging`).
    var encoderMembers = 1
    /// How much more a politics class weighs than class balance alone gives it, in both regressions.
    var politicsEmphasis = 1.0
    /// How many times each desk-supplement item trains (`TopicCorpora.deskSupplement`): its few hundred
    /// items stand against thousands of labeled-set items that teach the other side of the same boundary.
    var supplementRepeats = 1

    enum ClassGrain: String {
        /// finance, tech, politics, other.
        case subjects
        /// `other` split by what it is: sport, entertainment, health, the kinds the relabels and the desk
        /// supplement name (disaster, science, crime…), AllSides' tags (one class: few items each).
        case kindsOfOther

        func key(_ item: TopicCorpusItem, subject: String) -> String {
            guard self == .kindsOfOther, subject == "other" else { return subject }
            if let kind = item.otherKind { return "other/" + kind }
            if item.dataset == .allSides { return "other/allsides" }
            let label = item.sourceLabel.lowercased()
            return "other/" + (label == "sports" ? "sport" : label)
        }
    }

    /// The weight multiplier of a class of `subject` in both regressions.
    func emphasis(_ subject: Subject) -> Double { subject == .politics ? politicsEmphasis : 1 }

    var description: String {
        "features: min documents \(minimumDocuments), top \(featureLimit) by chi2; "
            + "idf: \(inverseDocumentFrequency); word clusters: \(wordClusters); "
            + "L2 \(l2); \(iterations) Adam iterations, learning rate \(learningRate); "
            + "complement naive Bayes alpha \(naiveBayesAlpha), merge weight \(naiveBayesWeight); classes: \(classGrain.rawValue); "
            + "encoder scorer mix \(encoderMix), L2 \(encoderL2), " + encoderShape + "; politics emphasis \(politicsEmphasis); "
            + "desk supplement repeats \(supplementRepeats)"
    }

    /// The settings the word model depends on, as text: all but the encoder scorer's (the politics emphasis
    /// weighs in both), so `--validate` fits one word model per fold for settings that differ in the scorer alone.
    var wordModelKey: String {
        let defaults = TrainingSettings()
        var words = self
        (words.encoderMix, words.encoderL2, words.encoderIterations) = (defaults.encoderMix, defaults.encoderL2, defaults.encoderIterations)
        (words.encoderUnits, words.encoderEpochs) = (defaults.encoderUnits, defaults.encoderEpochs)
        (words.encoderBatchSize, words.encoderLearningRate) = (defaults.encoderBatchSize, defaults.encoderLearningRate)
        words.encoderMembers = defaults.encoderMembers
        return words.description
    }

    private var encoderShape: String {
        encoderUnits == 0 ? "\(encoderIterations) steps"
            : "\(encoderUnits) hidden units, \(encoderEpochs) epochs of batches of \(encoderBatchSize), learning rate \(encoderLearningRate)"
                + (encoderMembers > 1 ? ", the mean of \(encoderMembers) networks of seeds 26 to \(25 + encoderMembers)" : "")
    }
}

/// Feature extraction, selection and fitting: labeled items in, `SubjectModel` out.
enum SubjectModelTraining {
    /// A trained word model and, when the settings mix one in, the scorer of encoder vectors trained
    /// on the same items and classes: the mean of `members`, its networks in seed order (one when linear).
    struct Trained {
        let model: SubjectModel
        let members: [EncoderScorer]

        var scorer: EncoderScorer? { members.isEmpty ? nil : EncoderScorer.averaging(members) }

        func classifier(clusters: TermClusters, encoder: any TextEncoder) -> TopicClassifier {
            TopicClassifier(model: model, clusters: clusters,
                            encoderReading: scorer.map { TopicClassifier.EncoderReading(encoder: encoder, scorer: $0) })
        }
    }

    /// `clusters` is the table the classifier will ship with; it is ignored when the settings
    /// turn word clusters off. `vectors` holds the encoder's reading of every item. `wordModel`, when given, is the
    /// word model these items and `settings.wordModelKey` give, fitted before.
    static func train(_ items: [TopicCorpusItem], settings: TrainingSettings, clusters: TermClusters,
                      vectors: EncoderVectors, wordModel: SubjectModel? = nil) -> Trained {
        let keyed = labeledItems(items, settings: settings)
        let kinds = classKinds(keyed)
        let classIndex = Dictionary(uniqueKeysWithValues: kinds.enumerated().map { ($1.key, $0) })
        let model = wordModel
            ?? trainWordModel(keyed, classes: kinds.map(\.subject), classIndex: classIndex, settings: settings, clusters: clusters)
        guard settings.encoderMix > 0 else { return Trained(model: model, members: []) }
        let encoded = keyed.map { vectors.encode(EncoderScorer.text(headline: $0.item.headline, body: $0.item.body)) }
        let labels = keyed.map { classIndex[$0.key]! }
        return Trained(model: model, members: trainEncoderScorers(encoded, labels: labels, classes: model.classes, settings: settings))
    }

    /// The encoder scorer: a linear regression, or with `encoderUnits` `encoderMembers` networks of one hidden layer,
    /// each from its own seed.
    private static func trainEncoderScorers(_ encoded: [[Float]], labels: [Int], classes: [Subject],
                                            settings: TrainingSettings) -> [EncoderScorer] {
        guard settings.encoderUnits == 0 else {
            return (0..<UInt64(settings.encoderMembers)).map { member in
                let trainer = HiddenLayerTrainer(classes: classes, units: settings.encoderUnits, l2: Float(settings.encoderL2),
                                                 epochs: settings.encoderEpochs, batchSize: settings.encoderBatchSize,
                                                 learningRate: Float(settings.encoderLearningRate), seed: 26 + member,
                                                 emphasis: settings.emphasis)
                let fitted = trainer.fit(encoded, labels: labels)
                return EncoderScorer(classes: classes, weights: fitted.weights, bias: fitted.bias, mix: settings.encoderMix,
                                     hidden: fitted.hidden)
            }
        }
        let examples = zip(encoded, labels).map { vector, label in
            LogisticRegressionTrainer.Example(features: vector.enumerated().map { (index: $0, value: Double($1)) }, label: label)
        }
        let trainer = LogisticRegressionTrainer(classes: classes, l2: settings.encoderL2, iterations: settings.encoderIterations,
                                                learningRate: settings.learningRate, emphasis: settings.emphasis)
        let fitted = trainer.fit(examples, featureCount: SentenceEncoder.dimension)
        return [EncoderScorer(classes: classes, weights: fitted.weights.map(Float.init), bias: fitted.bias.map(Float.init),
                              mix: settings.encoderMix)]
    }

    /// `keyed`: the labeled items with their class keys; `classIndex`: each key's column in `classes`.
    private static func trainWordModel(_ keyed: [(item: TopicCorpusItem, key: String, subject: Subject)], classes: [Subject],
                                       classIndex: [String: Int], settings: TrainingSettings,
                                       clusters: TermClusters) -> SubjectModel {
        let featureClusters = settings.wordClusters ? clusters : .none
        let labeled = keyed.map { entry in
            (counts: SubjectFeatures.counts(headline: entry.item.headline, body: entry.item.body, clusters: featureClusters),
             label: classIndex[entry.key]!)
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
                                                learningRate: settings.learningRate, emphasis: settings.emphasis)
        let fitted = trainer.fit(examples, featureCount: terms.count)
        let merged = mergeNaiveBayes(into: fitted.weights, examples: examples, featureCount: terms.count, classCount: classes.count,
                                     settings: settings)
        var termWeights: [String: [Float]] = [:]
        for (index, term) in terms.enumerated() {
            termWeights[term] = (0..<classes.count).map { Float(merged[index * classes.count + $0]) }
        }
        return SubjectModel(classes: classes, termWeights: termWeights, bias: fitted.bias.map(Float.init),
                            idf: idf, unlistedIDF: weighting.unlistedIDF)
    }

    /// The items with a subject, each with the key of its class (`TrainingSettings.ClassGrain`).
    static func labeledItems(_ items: [TopicCorpusItem], settings: TrainingSettings)
        -> [(item: TopicCorpusItem, key: String, subject: Subject)] {
        items.flatMap { item in
            Array(repeating: item, count: item.dataset == .deskSupplement ? settings.supplementRepeats : 1)
        }.compactMap { item in
            guard let name = item.subject, let subject = Subject(rawValue: name) else { return nil }
            return (item, settings.classGrain.key(item, subject: name), subject)
        }
    }

    /// The model's classes in file order: subjects in `Subject.allCases` order, kinds of one subject
    /// by key (the plain grain gives exactly `Subject.allCases`).
    static func classKinds(_ labeled: [(item: TopicCorpusItem, key: String, subject: Subject)]) -> [(key: String, subject: Subject)] {
        Dictionary(labeled.map { ($0.key, $0.subject) }, uniquingKeysWith: { first, _ in first })
            .map { (key: $0.key, subject: $0.value) }
            .sorted { lhs, rhs in
                let (left, right) = (Subject.allCases.firstIndex(of: lhs.subject)!, Subject.allCases.firstIndex(of: rhs.subject)!)
                return left != right ? left < right : lhs.key < rhs.key
            }
    }

    /// Adds the complement naive Bayes weights, scaled so their scores over the training texts
    /// spread by `naiveBayesWeight`: the sum of two linear scorers is one linear scorer.
    private static func mergeNaiveBayes(into weights: [Double], examples: [LogisticRegressionTrainer.Example],
                                        featureCount: Int, classCount: Int, settings: TrainingSettings) -> [Double] {
        guard settings.naiveBayesWeight > 0 else { return weights }
        let naiveBayes = ComplementNaiveBayes(alpha: settings.naiveBayesAlpha)
            .weights(examples, featureCount: featureCount, classCount: classCount)
        let spread = ComplementNaiveBayes.scoreSpread(naiveBayes, on: examples, classCount: classCount)
        guard spread > 0 else { return weights }
        let scale = settings.naiveBayesWeight / spread
        return zip(weights, naiveBayes).map { $0 + scale * $1 }
    }

    /// Scores a model on items with a subject label, for validation runs.
    static func evaluate(_ classifier: TopicClassifier, on items: [TopicCorpusItem]) -> ConfusionMatrix {
        var matrix = ConfusionMatrix(labels: Subject.allCases.map(\.rawValue))
        for item in items {
            guard let gold = item.subject else { continue }
            matrix.record(gold: gold, predicted: classifier.subject([(item.headline, item.body)]).rawValue)
        }
        return matrix
    }
}

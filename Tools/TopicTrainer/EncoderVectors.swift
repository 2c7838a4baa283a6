import Dispatch
import EvalData
import SentenceEncoding
import Synchronization
import TopicClassification

/// The sentence encoder's vectors of the training texts, computed once per run (about 40 ms each, two
/// at a time) and shared by every fold: the scorer trains on exactly what the classifier computes.
struct EncoderVectors: TextEncoder {
    let encoder: SentenceEncoder
    private let vectors: [String: [Float]]

    init(_ items: [TopicCorpusItem], encoder: SentenceEncoder) {
        let texts = Array(Set(items.map { EncoderScorer.text(headline: $0.headline, body: $0.body) }))
        let results = Mutex([String: [Float]]())
        let lanes = 2
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var mine: [String: [Float]] = [:]
            for index in stride(from: lane, to: texts.count, by: lanes) { mine[texts[index]] = encoder.encode(texts[index]) }
            results.withLock { $0.merge(mine) { first, _ in first } }
        }
        self.encoder = encoder
        vectors = results.withLock { $0 }
    }

    /// The stored vector, or the encoder's for a text it has not seen.
    func encode(_ text: String) -> [Float] {
        vectors[text] ?? encoder.encode(text)
    }
}

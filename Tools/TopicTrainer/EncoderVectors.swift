import Dispatch
import EvalData
import Foundation
import SentenceEncoding
import Synchronization
import TopicClassification

/// The sentence encoder's vectors of the training texts, computed once per run (about 40 ms each, two
/// at a time) and shared by every fold: the scorer trains on exactly what the classifier computes.
/// With a cache file (`TopicTrainer --vectors FILE`) they are read from it when it holds every text and
/// the encoder still gives its probe text's vector bit for bit, and written to it otherwise.
struct EncoderVectors: TextEncoder {
    let encoder: SentenceEncoder
    private let vectors: [String: [Float]]

    /// A text whose vector tells whether a cache was written by the encoder in use.
    private static let probe = "Central bank raises interest rates as parliament debates the budget"

    init(_ items: [TopicCorpusItem], encoder: SentenceEncoder, cache: String? = nil) {
        let texts = Array(Set(items.map { EncoderScorer.text(headline: $0.headline, body: $0.body) })).sorted()
        self.encoder = encoder
        if let cache, let stored = Self.read(cache), stored[Self.probe] == encoder.encode(Self.probe),
           texts.allSatisfy({ stored[$0] != nil }) {
            vectors = stored
            return
        }
        let results = Mutex([String: [Float]]())
        let lanes = 2
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var mine: [String: [Float]] = [:]
            for index in stride(from: lane, to: texts.count, by: lanes) { mine[texts[index]] = encoder.encode(texts[index]) }
            results.withLock { $0.merge(mine) { first, _ in first } }
        }
        vectors = results.withLock { $0 }
        if let cache { Self.write(vectors.merging([Self.probe: encoder.encode(Self.probe)]) { first, _ in first }, to: cache) }
    }

    /// The stored vector, or the encoder's for a text it has not seen.
    func encode(_ text: String) -> [Float] {
        vectors[text] ?? encoder.encode(text)
    }

    /// One record per text: its UTF-8 length (4 bytes), its bytes, then `SentenceEncoder.dimension` floats.
    private static func write(_ vectors: [String: [Float]], to path: String) {
        var data = Data()
        for (text, vector) in vectors.sorted(by: { $0.key < $1.key }) {
            let bytes = Array(text.utf8)
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { data.append(contentsOf: $0) }
            data.append(contentsOf: bytes)
            vector.withUnsafeBytes { data.append(contentsOf: $0) }
        }
        if !FileManager.default.createFile(atPath: path, contents: data) { print("could not write the vectors to \(path)") }
    }

    private static func read(_ path: String) -> [String: [Float]]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data), vectorBytes = SentenceEncoder.dimension * MemoryLayout<Float>.size
        var vectors: [String: [Float]] = [:], offset = 0
        while offset + 4 <= bytes.count {
            let length = Int(bytes[offset..<offset + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            guard offset + 4 + length + vectorBytes <= bytes.count else { return nil }
            let text = String(decoding: bytes[offset + 4 ..< offset + 4 + length], as: UTF8.self)
            let start = offset + 4 + length
            vectors[text] = bytes[start..<start + vectorBytes].withUnsafeBytes { raw in
                (0..<SentenceEncoder.dimension).map { raw.loadUnaligned(fromByteOffset: $0 * MemoryLayout<Float>.size, as: Float.self) }
            }
            offset = start + vectorBytes
        }
        return offset == bytes.count ? vectors : nil
    }
}

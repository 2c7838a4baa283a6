import Foundation
@testable import SentenceEncoding
import XCTest

/// The Swift encoder against the published model run by its reference implementation (Python
/// `tokenizers` and a full-precision forward pass; the expected values were printed by it once).
final class SentenceEncoderTests: XCTestCase {
    private var encoder: SentenceEncoder { get throws { try SentenceEncoder.bundled() } }

    func testTokenIDsMatchTheReferenceTokenizer() throws {
        let tokenizer = try encoder.tokenizer
        // Possessive, digits glued to letters, percent sign, comma, suffix pieces.
        XCTAssertEqual(tokenizer.ids("Apple's Q3 profit rose 12%, beating forecasts.", maxTokens: 128),
                       [101, 6207, 1005, 1055, 1053, 2509, 5618, 3123, 2260, 1003, 1010, 6012, 19939, 2015, 1012, 102])
        // Accents stripped, curly quotes and "$" split off, "4.5bn" cut at the point.
        XCTAssertEqual(tokenizer.ids("Zürich-based café owner says “naïve” rules cost $4.5bn", maxTokens: 128),
                       [101, 10204, 1011, 2241, 7668, 3954, 2758, 1523, 15743, 1524, 3513, 3465, 1002, 1018, 1012, 1019,
                        24700, 102])
        // A long word cut into many pieces; each CJK ideograph a word of its own.
        XCTAssertEqual(tokenizer.ids("Pneumonoultramicroscopicsilicovolcanoconiosis and 東京 news", maxTokens: 128),
                       [101, 1052, 2638, 2819, 17175, 11314, 6444, 2594, 7352, 26461, 27572, 11261, 6767, 15472, 6761,
                        8663, 10735, 2483, 1998, 1879, 1755, 2739, 102])
    }

    func testALongTextIsCutToTheTokenBudgetAndStillEndsWithTheSeparator() throws {
        let tokenizer = try encoder.tokenizer
        let ids = tokenizer.ids(String(repeating: "markets rallied again today ", count: 100), maxTokens: 16)
        XCTAssertEqual(ids.count, 16)
        XCTAssertEqual(ids.first, tokenizer.classifyID)
        XCTAssertEqual(ids.last, tokenizer.separatorID)
    }

    func testTheVectorMatchesTheFullPrecisionReference() throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "reference-vector", withExtension: "txt", subdirectory: "Fixtures"))
        let reference = try String(contentsOf: url, encoding: .utf8).split(separator: " ").compactMap { Float($0) }
        XCTAssertEqual(reference.count, SentenceEncoder.dimension)
        let vector = try encoder.encode("Central bank raises interest rates to curb inflation")
        XCTAssertEqual(vector.count, SentenceEncoder.dimension)
        // 8-bit weights: the sentence-transformers vector is matched to a cosine of 0.998 or better.
        XCTAssertGreaterThan(cosine(vector, reference), 0.998)
        XCTAssertEqual(cosine(vector, vector), 1, accuracy: 1e-4)
    }

    func testTextsThatMeanAlikeAreCloserThanTextsThatDoNot() throws {
        let encoder = try encoder
        let rates = encoder.encode("The Federal Reserve raised interest rates by a quarter point")
        let borrowing = encoder.encode("US central bank lifts borrowing costs again")
        let football = encoder.encode("Striker scores twice as United win the cup final")
        // The reference model: 0.473 and −0.031.
        XCTAssertGreaterThan(cosine(rates, borrowing), 0.4)
        XCTAssertLessThan(cosine(rates, football), 0.1)
    }

    func testTextsEncodedTogetherGiveTheVectorsEachGivesAlone() throws {
        let encoder = try encoder
        let texts = ["Central bank raises interest rates to curb inflation", "",
                     "Striker scores twice as United win the cup final after a long season of injuries and doubts",
                     String(repeating: "markets rallied again today ", count: 40)]
        let together = encoder.encode(texts)
        XCTAssertEqual(together.count, texts.count)
        for (text, vector) in zip(texts, together) {
            XCTAssertEqual(cosine(vector, encoder.encode(text)), 1, accuracy: 1e-5, text)
        }
        XCTAssertEqual(encoder.encode([]).count, 0)
    }

    /// A layer's product is the same with oneDNN and with `sgemm`: both sum bfloat16-rounded x and W in single
    /// precision, so they differ by the order of the sums only; and it is within bfloat16's rounding of the
    /// full-precision product. Rows 0…300 cover partial chunks of 32 rows and more than one chunk of 256.
    func testALayerGivesTheSameProductWithOneDNNAndWithSGEMM() throws {
        let inputs = 96, outputs = 64
        var generator = SystemRandomNumberGenerator()
        let matrix = (0..<inputs * outputs).map { _ in Float.random(in: -0.5...0.5, using: &generator) }
        let bias = (0..<outputs).map { Float($0) / 10 }
        guard BFloat16Product.available else { throw XCTSkip("this CPU computes no bfloat16 products (no AVX512-BF16 or AMX)") }
        let rounded = try Linear(weight: matrix, bias: bias, inputs: inputs, oneDNN: false)
        let oneDNN = try Linear(weight: matrix, bias: bias, inputs: inputs, oneDNN: true)
        for rows in [0, 1, 15, 16, 17, 33, 70, 256, 300] {
            let x = (0..<rows * inputs).map { _ in Float.random(in: -2...2, using: &generator) }
            let withOneDNN = oneDNN.apply(x, rows: rows), withSGEMM = rounded.apply(x, rows: rows)
            XCTAssertEqual(withOneDNN.count, rows * outputs)
            for (index, (a, b)) in zip(withOneDNN, withSGEMM).enumerated() {
                XCTAssertEqual(a, b, accuracy: 1e-4, "rows \(rows), value \(index)")
                let row = index / outputs, column = index % outputs
                let exact = (0..<inputs).reduce(bias[column]) { $0 + x[row * inputs + $1] * matrix[column * inputs + $1] }
                XCTAssertEqual(a, exact, accuracy: 0.05, "rows \(rows), value \(index)")
            }
        }
    }

    /// On a CPU with AMX, oneDNN runs the encoder's four layer shapes on its AMX kernel (not a general one).
    func testTheEncodersLayerShapesRunOnTheAMXKernelWhereTheCPUHasIt() throws {
        let flags = MatrixProduct.cpuFlags()
        guard flags.contains("amx_bf16"), BFloat16Product.available else { throw XCTSkip("this CPU has no AMX-BF16") }
        let width = SentenceEncoder.dimension, inner = SentenceEncoder.feedForwardWidth
        for (inputs, outputs) in [(width, 3 * width), (width, width), (width, inner), (inner, width)] {
            XCTAssertTrue(try BFloat16Product.implementation(inputs: inputs, outputs: outputs).contains("amx"), "\(inputs) → \(outputs)")
        }
    }

    func testOpenBLASIsAskedForTheWidestKernelsTheCPUHas() throws {
        XCTAssertEqual(MatrixProduct.coreType(cpuFlags: ["avx2", "fma", "avx512f", "avx512bw", "avx512vl", "avx512dq"]), "SkylakeX")
        XCTAssertEqual(MatrixProduct.coreType(cpuFlags: ["avx2", "fma", "avx512f"]), "Haswell")
        XCTAssertNil(MatrixProduct.coreType(cpuFlags: ["sse3", "avx"]))
        // On this machine: the kernels named for its CPU are the ones OpenBLAS runs.
        let library = try MatrixProduct.library.get()
        if ProcessInfo.processInfo.environment["OPENBLAS_CORETYPE"] == nil,
           let expected = MatrixProduct.coreType(cpuFlags: MatrixProduct.cpuFlags()) {
            XCTAssertEqual(library.coreName.lowercased(), expected.lowercased())
        }
    }

    func testEmptyAndSymbolOnlyTextsStillGiveAUnitVector() throws {
        for text in ["", "!!! ???", "\u{0}\u{FFFD}"] {
            let vector = try encoder.encode(text)
            XCTAssertEqual(cosine(vector, vector), 1, accuracy: 1e-4, text)
        }
    }

    func testAWeightsFileRoundTripsAndATruncatedOneIsRefused() throws {
        let weights = EncoderWeights(tensors: [
            "matrix": .init(rows: 2, columns: 3, values: [1, -0.5, 0.25, 0, 0, 0]),
            "vector": .init(rows: 1, columns: 2, values: [0.1, -7]),
        ])
        let data = weights.encoded()
        let decoded = try EncoderWeights.decode(data)
        XCTAssertEqual(decoded.tensors["vector"]?.values, [0.1, -7])   // vectors are kept whole
        let matrix = try XCTUnwrap(decoded.tensors["matrix"]?.values)
        for (got, want) in zip(matrix, [Float(1), -0.5, 0.25, 0, 0, 0]) { XCTAssertEqual(got, want, accuracy: 1.0 / 127) }
        XCTAssertThrowsError(try EncoderWeights.decode(data.dropLast(3)))
        XCTAssertThrowsError(try EncoderWeights.decode(Data("not weights".utf8)))
        XCTAssertThrowsError(try decoded.tensor("matrix", rows: 3, columns: 2))
    }

    private func cosine(_ a: [Float], _ b: [Float]) -> Float {
        let dot = zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
        let norms = a.reduce(0) { $0 + $1 * $1 }.squareRoot() * b.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return norms > 0 ? dot / norms : 0
    }
}

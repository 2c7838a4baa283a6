import Foundation
import SentenceEncoding

// Converts the published all-MiniLM-L6-v2 weights (a `model.safetensors` file) into the file
// `SentenceEncoding` ships (`Resources/minilm-l6-v2.senc`: matrices quantised to 8 bits).
//
//   swift run --package-path Tools -c release EncoderImport --safetensors PATH [--output FILE]
//
// Where the source file comes from, and its checksum: docs/jarvis/story-engine.md, Topics.
// safetensors layout: a little-endian UInt64 header length, a JSON header naming each tensor's
// dtype, shape and byte range, then the raw little-endian data.

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
guard let sourcePath = option("--safetensors") else {
    FileHandle.standardError.write(Data("usage: EncoderImport --safetensors PATH [--output FILE]\n".utf8))
    exit(2)
}
let outputPath = option("--output") ?? "Sources/SentenceEncoding/Resources/minilm-l6-v2.senc"

struct TensorEntry: Decodable {
    let dtype: String
    let shape: [Int]
    let data_offsets: [Int]
}

let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sourcePath)))
let headerLength = (0..<8).reduce(0) { $0 | Int(bytes[$1]) << (8 * $1) }
let header = try JSONSerialization.jsonObject(with: Data(bytes[8 ..< 8 + headerLength])) as? [String: Any] ?? [:]
var tensors: [String: EncoderWeights.Tensor] = [:]
for (name, description) in header where name != "__metadata__" {
    let entry = try JSONDecoder().decode(TensorEntry.self, from: JSONSerialization.data(withJSONObject: description))
    guard entry.dtype == "F32" else { continue }   // position ids (I64) are implied by the positions
    let base = 8 + headerLength
    let values = EncoderWeights.floats(littleEndian: bytes[base + entry.data_offsets[0] ..< base + entry.data_offsets[1]])
    let (rows, columns) = entry.shape.count == 2 ? (entry.shape[0], entry.shape[1]) : (1, values.count)
    tensors[name] = EncoderWeights.Tensor(rows: rows, columns: columns, values: values)
}
let data = EncoderWeights(tensors: tensors).encoded()
try data.write(to: URL(fileURLWithPath: outputPath))
print("wrote \(tensors.count) tensors, \(data.count) bytes, to \(outputPath)")

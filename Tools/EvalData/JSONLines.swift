import Foundation

/// Why a data set could not be loaded; the message names the file so a wrong `--data` is obvious.
public enum EvalDataError: Error, CustomStringConvertible {
    case missingFile(String)
    case malformed(file: String, detail: String)

    public var description: String {
        switch self {
        case .missingFile(let path): "missing data file \(path) (pass --data DIR pointing at shared/data)"
        case .malformed(let file, let detail): "\(file): \(detail)"
        }
    }
}

/// Reads files with one JSON object per line, naming the line that fails to decode.
enum JSONLines {
    static func decode<Value: Decodable>(_ type: Value.Type, from url: URL) throws -> [Value] {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw EvalDataError.missingFile(url.path) }
        let decoder = JSONDecoder()
        var values: [Value] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() where !line.isEmpty {
            do {
                values.append(try decoder.decode(Value.self, from: Data(line)))
            } catch {
                throw EvalDataError.malformed(file: url.lastPathComponent, detail: "line \(index + 1): \(error)")
            }
        }
        return values
    }
}

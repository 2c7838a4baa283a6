import APIToolkit
import Foundation
import TestHTTPClients
import XCTest

/// Compact JSON text of a value, for exact comparisons.
func jsonText(_ value: JSONValue, layout: JSONSerializer.Layout = .compact) throws -> String {
    String(decoding: try JSONSerializer.serialize(value, layout: layout), as: UTF8.self)
}

/// Parses UTF-8 text with the strict parser.
func parseJSON(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
}

/// Expects a parse failure and returns it.
func parseFailure(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
    do {
        let value = try JSONParser.parse(bytes, maxDepth: maxDepth)
        XCTFail("expected a parse error, got \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

func parseFailure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
    parseFailure(Array(text.utf8), file: file, line: line)
}

/// What the iOS apps' `.iso8601` decoder accepts (`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$`),
/// written independently of `APIDate` so it can catch mistakes there.
func isIOSDate(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 else { return false }
    let template = Array("0000-00-00T00:00:00Z".utf8)
    return zip(bytes, template).allSatisfy { byte, expected in
        expected == UInt8(ascii: "0") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
    }
}

/// A JSONDecoder configured like the iOS apps: non-optional properties and a date strategy that
/// rejects anything but `YYYY-MM-DDTHH:MM:SSZ` (Linux's own `.iso8601` is more lenient).
func iOSStyleDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard isIOSDate(text), let date = ISO8601DateFormatter().date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an iOS .iso8601 date: \(text)")
        }
        return date
    }
    return decoder
}

struct PythonFailure: Error {
    var status: Int32
    var stderr: String
}

/// Runs a python3 snippet with `input` on stdin and returns stdout; throws on a non-zero exit.
func runPython(_ script: String, input: String) throws -> [UInt8] {
    let result = try Subprocess.run(Subprocess.path(of: "python3"), ["-c", script], input: Data(input.utf8))
    guard result.status == 0 else {
        throw PythonFailure(status: result.status, stderr: String(decoding: result.error, as: UTF8.self))
    }
    return Array(result.output)
}

/// Whether python3 with PyYAML is installed; YAML round-trip tests skip when it is not.
func pythonYAMLIsAvailable() -> Bool {
    (try? runPython("import yaml", input: "")) != nil
}

/// Loads YAML with PyYAML (a YAML 1.1 parser, the stricter target for quoting) and returns the
/// result re-parsed from JSON.
func loadYAMLWithPython(_ yaml: String) throws -> JSONValue {
    let json = try runPython("import sys, json, yaml; json.dump(yaml.safe_load(sys.stdin.read()), sys.stdout)", input: yaml)
    return try JSONParser.parse(json)
}

import Foundation

/// Reads the keys of one YAML mapping strictly, for a file's typed view: each field is taken
/// once, a missing field is an error on the mapping's line, and a key nobody took is an error on
/// its own line, so a misspelt field never passes silently.
struct YAMLMappingReader {
    let file: String
    /// What the mapping is, for messages: "the file", "ground_rules.ground_rule_9_glp1_dose_refusal".
    let name: String
    let line: Int
    private let entries: [String: YAMLEntry]
    private let order: [String]
    private var taken: Set<String> = []

    /// `line` is where messages about the whole mapping point: the line of its key, when it has one.
    init(_ node: YAMLNode, line: Int? = nil, file: String, name: String) throws {
        guard case let .mapping(entries) = node.content else {
            throw SafetyMatrixError.invalidFile(file: file, line: node.line, reason: "\(name) must be a mapping")
        }
        self.file = file
        self.name = name
        self.line = line ?? node.line
        self.entries = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0) })
        order = entries.map(\.key)
    }

    func contains(_ key: String) -> Bool { entries[key] != nil }

    mutating func node(_ key: String) throws -> YAMLNode {
        try entry(key).value
    }

    private mutating func entry(_ key: String) throws -> YAMLEntry {
        guard let entry = entries[key] else { throw failure(line, "\(name) has no field '\(key)'") }
        taken.insert(key)
        return entry
    }

    /// A scalar field, trimmed of the line break a block scalar (`|`) ends with.
    mutating func text(_ key: String) throws -> String {
        try scalar(key).text
    }

    mutating func flag(_ key: String) throws -> Bool {
        let (text, line) = try scalar(key)
        guard let flag = ["true": true, "false": false][text] else { throw failure(line, "\(name).\(key) must be true or false") }
        return flag
    }

    /// A field whose text is one of `Choice`'s raw values.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: String) throws -> Choice where Choice.RawValue == String {
        let (text, line) = try scalar(key)
        guard let choice = Choice(rawValue: text) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: " | ")
            throw failure(line, "\(name).\(key) must be one of \(allowed), not '\(text)'")
        }
        return choice
    }

    private mutating func scalar(_ key: String) throws -> (text: String, line: Int) {
        let value = try node(key)
        guard case let .scalar(text) = value.content else { throw failure(value.line, "\(name).\(key) must be text") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw failure(value.line, "\(name).\(key) is empty") }
        return (trimmed, value.line)
    }

    mutating func texts(_ key: String) throws -> [String] {
        let value = try node(key)
        guard case let .sequence(items) = value.content else { throw failure(value.line, "\(name).\(key) must be a list") }
        return try items.map { item in
            guard case let .scalar(text) = item.content, !text.isEmpty else {
                throw failure(item.line, "\(name).\(key) must list non-empty strings")
            }
            return text
        }
    }

    mutating func mapping(_ key: String) throws -> YAMLMappingReader {
        let entry = try entry(key)
        return try YAMLMappingReader(entry.value, line: entry.line, file: file, name: name == Self.rootName ? key : "\(name).\(key)")
    }

    /// The name of a file's top-level mapping, left out of the names of the mappings inside it.
    static let rootName = "the file"

    /// Throws on the first key no field took.
    func rejectUnknownKeys(_ describe: (String) -> String = { "unknown field '\($0)'" }) throws {
        if let unknown = order.first(where: { !taken.contains($0) }), let entry = entries[unknown] {
            throw failure(entry.line, "\(name): \(describe(unknown))")
        }
    }

    func failure(_ line: Int, _ reason: String) -> SafetyMatrixError {
        .invalidFile(file: file, line: line, reason: reason)
    }
}

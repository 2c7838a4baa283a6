import Foundation

/// `gate-model.tsv`: a header `gate-model<TAB>2<TAB>…<TAB>intercept=…<TAB>t_model=…`, a line
/// `chooser<TAB>rule9=…<TAB>rule15=…<TAB>injection=…<TAB>out_of_scope=…` (the chooser's intercepts), a line
/// `joiners<TAB>…` (the words that open a clause, `GateModelClauses`), then the
/// sections `[char]` and `[word]`, one feature a line: `ngram<TAB>idf<TAB>weight<TAB>` and the chooser's four
/// weights. A file that does not read so stops start-up, naming the file and line.
extension GateModel {
    static let fileName = "gate-model.tsv"

    /// The bundled model, read once per process.
    static func bundled() throws -> GateModel { try loaded.get() }

    static var bundledFile: URL? { Bundle.module.url(forResource: "gate-model", withExtension: "tsv", subdirectory: "Resources") }

    private static let loaded = Result<GateModel, any Error> {
        guard let url = bundledFile else {
            throw GateModelError(file: fileName, line: 0, problem: "is missing from the bundle")
        }
        return try GateModel(file: fileName, contents: Data(contentsOf: url))
    }

    init(file: String, contents: Data) throws {
        let lines = contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        func fail(_ line: Int, _ problem: String) -> GateModelError { GateModelError(file: file, line: line, problem: problem) }
        func fields(_ index: Int) -> [String] {
            lines[index].split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        func values(_ index: Int, _ keys: [String]) throws -> [Double] {
            var found: [String: Double] = [:]
            for field in fields(index) {
                let pair = field.split(separator: "=", maxSplits: 1)
                if pair.count == 2, let value = Double(pair[1]) { found[String(pair[0])] = value }
            }
            return try keys.map { key in
                guard let value = found[key] else { throw fail(index + 1, "lacks \(key)=<number>") }
                return value
            }
        }
        guard lines.count > 3, fields(0).prefix(2) == ["gate-model", "2"] else { throw fail(1, "is not a gate-model file of format 2") }
        let header = try values(0, ["intercept", "t_model"])
        guard fields(1).first == "chooser" else { throw fail(2, "lacks the chooser line") }
        let ruleIntercepts = try values(1, ["rule9", "rule15", "injection", "out_of_scope"])
        guard fields(2).first == "joiners" else { throw fail(3, "lacks the joiners line") }
        var sections: [String: [String: Feature]] = [:], section: String?
        for index in 3..<lines.count where !lines[index].isEmpty {
            let parts = fields(index)
            if parts.count == 1, parts[0].hasPrefix("["), parts[0].hasSuffix("]") {
                section = String(parts[0].dropFirst().dropLast())
                guard section == "char" || section == "word", sections[section!] == nil else { throw fail(index + 1, "has an unknown or repeated section \(parts[0])") }
                sections[section!] = [:]
                continue
            }
            let numbers = parts.dropFirst().compactMap(Double.init)
            guard let section, parts.count == 7, numbers.count == 6, !parts[0].isEmpty else {
                throw fail(index + 1, "is not `ngram<TAB>idf<TAB>weight<TAB>` and four chooser weights in a section")
            }
            sections[section]![parts[0]] = Feature(idf: numbers[0], weight: numbers[1],
                                                   ruleWeights: RuleValues(values: (numbers[2], numbers[3], numbers[4], numbers[5])))
        }
        guard let characters = sections["char"], let words = sections["word"] else { throw fail(lines.count, "lacks a [char] or [word] section") }
        self.init(characterFeatures: characters, wordFeatures: words, intercept: header[0],
                  ruleIntercepts: RuleValues(values: (ruleIntercepts[0], ruleIntercepts[1], ruleIntercepts[2], ruleIntercepts[3])),
                  clauses: GateModelClauses(joiners: Array(fields(2).dropFirst())), refuseAbove: header[1])
    }
}

/// A model file that cannot be used, named with its line so the start-up log says where.
struct GateModelError: Error, CustomStringConvertible {
    let file: String
    let line: Int
    let problem: String
    var description: String { "\(file) line \(line) \(problem)" }
}

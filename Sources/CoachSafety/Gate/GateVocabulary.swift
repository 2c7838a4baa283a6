import Foundation

/// The gate's vocabulary: every term of `Resources/gate-vocabulary.common.json` (names that are
/// the same in every language) and of the six `gate-vocabulary.<locale>.json` files, all loaded
/// together because people mix languages. Terms are indexed by their first word, so a message is
/// matched in one pass whatever the number of terms.
struct GateVocabulary: Sendable {
    let terms: [GateTerm]
    private let byWord: [String: [Int32]]
    private let byPrefix: [String: [Int32]]
    private let prefixLengths: [Int]
    private let bySuffix: [String: [Int32]]
    private let suffixLengths: [Int]
    private let byInfix: [(part: String, terms: [Int32])]
    /// Every whole word of every term, of any class: a token that is one is never "corrected".
    private let knownWords: Set<String>
    /// The one-word everyday terms (`plainWord`, `monthName`): such a word is not read through another term's
    /// stem, ending or inner part ("April" is no "*pril" drug, "sicherheitshalber" no "Sicherheit*").
    private let plainWords: Set<String>
    private let typos: TypoIndex
    /// GLP-1 drug names by how they sound (`SoundKey`), for names spelt by ear.
    private let drugSounds: [String: String]
    /// The keys of `drugSounds` in alphabetical order, so that a near match is the same in every run.
    private let drugSoundKeys: [String]

    static let fileNames = ["common"] + CoachLocale.allCases.map(\.rawValue)

    /// The bundled files, read and indexed once per process.
    static func bundled() throws -> GateVocabulary { try loaded.get() }

    private static let loaded = Result<GateVocabulary, any Error> {
        try GateVocabulary(files: fileNames.map { name in
            let file = "gate-vocabulary.\(name).json"
            guard let url = Bundle.module.url(forResource: "gate-vocabulary.\(name)", withExtension: "json",
                                              subdirectory: "Resources") else {
                throw GateVocabularyError(file: file, problem: "is missing from the bundle")
            }
            return (file, try Data(contentsOf: url))
        })
    }

    /// A file is `{"classes": {"<TermClass>": ["term", …]}}`; other top-level keys are notes.
    private struct File: Decodable { let classes: [String: [String]] }

    init(files: [(name: String, contents: Data)]) throws {
        var terms: [GateTerm] = []
        for (name, contents) in files {
            let file: File
            do { file = try JSONDecoder().decode(File.self, from: contents) } catch {
                throw GateVocabularyError(file: name, problem: "does not parse: \(error)")
            }
            for (className, entries) in file.classes.sorted(by: { $0.key < $1.key }) {
                guard let termClass = TermClass(rawValue: className) else {
                    throw GateVocabularyError(file: name, problem: "names an unknown class \"\(className)\"")
                }
                for entry in entries {
                    for spelling in Self.spellings(of: entry) {
                        guard let term = GateTerm(entry: spelling, termClass: termClass) else {
                            throw GateVocabularyError(file: name, problem: "has an empty term \"\(entry)\" in \(className)")
                        }
                        terms.append(term)
                    }
                }
            }
        }
        self.init(terms: terms)
    }

    private init(terms: [GateTerm]) {
        var byWord: [String: [Int32]] = [:], byPrefix: [String: [Int32]] = [:]
        var bySuffix: [String: [Int32]] = [:], byInfix: [String: [Int32]] = [:]
        var knownWords: Set<String> = [], plainWords: Set<String> = [], typoDistances: [String: Int] = [:], drugSounds: [String: String] = [:]
        for (index, term) in terms.enumerated() {
            let id = Int32(index)
            switch term.words[0] {
            case .word(let word): byWord[word, default: []].append(id)
            case .prefix(let stem): byPrefix[stem, default: []].append(id)
            case .suffix(let ending): bySuffix[ending, default: []].append(id)
            case .infix(let part): byInfix[part, default: []].append(id)
            case .gap: break
            }
            if term.termClass.isPlainWording, term.words.count == 1, case .word(let word) = term.words[0] {
                plainWords.insert(word)
            }
            for case .word(let word) in term.words {
                knownWords.insert(word)
                if let distance = term.termClass.typoDistance(forLength: word.count) {
                    typoDistances[word] = max(distance, typoDistances[word] ?? 0)
                }
                if term.termClass == .glp1Drug, term.words.count == 1, word.count >= SoundKey.shortestName {
                    let sound = SoundKey.of(word)
                    drugSounds[sound] = min(word, drugSounds[sound] ?? word)
                }
            }
        }
        self.terms = terms
        self.byWord = byWord
        self.byPrefix = byPrefix
        self.prefixLengths = Set(byPrefix.keys.map(\.utf8.count)).sorted()
        self.bySuffix = bySuffix
        self.suffixLengths = Set(bySuffix.keys.map(\.utf8.count)).sorted()
        self.byInfix = byInfix.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        self.knownWords = knownWords
        self.plainWords = plainWords
        self.typos = TypoIndex(distances: typoDistances)
        self.drugSounds = drugSounds
        self.drugSoundKeys = drugSounds.keys.sorted()
    }

    /// An entry and, when it has a German umlaut, its spelling without one ("höchste" and
    /// "hoechste"): folding reads "ö" as "o", but people who lack the key type "oe".
    private static func spellings(of entry: String) -> [String] {
        let transliterated = entry.replacingOccurrences(of: "ä", with: "ae").replacingOccurrences(of: "ö", with: "oe")
            .replacingOccurrences(of: "ü", with: "ue").replacingOccurrences(of: "Ä", with: "Ae")
            .replacingOccurrences(of: "Ö", with: "Oe").replacingOccurrences(of: "Ü", with: "Ue")
        return transliterated == entry ? [entry] : [entry, transliterated]
    }

    /// The terms whose first word matches `token`.
    func terms(startingWith token: String) -> [Int32] {
        var found = byWord[token] ?? []
        guard !plainWords.contains(token) else { return found }
        let length = token.utf8.count
        for stemLength in prefixLengths where stemLength <= length {
            found += byPrefix[String(decoding: token.utf8.prefix(stemLength), as: UTF8.self)] ?? []
        }
        for endingLength in suffixLengths where endingLength < length {
            found += bySuffix[String(decoding: token.utf8.suffix(endingLength), as: UTF8.self)] ?? []
        }
        for (part, ids) in byInfix where part.utf8.count < length && token.contains(part) { found += ids }
        return found
    }

    /// True when `token` is a word of the vocabulary or starts a term through a stem or ending.
    func recognises(_ token: String) -> Bool {
        knownWords.contains(token) || !terms(startingWith: token).isEmpty
    }

    /// The vocabulary word a misspelt token stands for (see `TypoIndex`), or the GLP-1 drug it
    /// sounds like (see `SoundKey`).
    func correction(for token: String) -> String? {
        typos.correction(for: token) ?? drugHeard(token)
    }

    /// The GLP-1 drug `heard` sounds like in one of the six languages' spellings (`SoundKey`):
    /// a key of the drug's own, else, for a long name and `vowelOff`, its key with one vowel heard
    /// wrong; nil for words shorter than `SoundKey.shortestName`.
    func drugHeard(_ heard: String, vowelOff: Bool = true) -> String? {
        guard heard.count >= SoundKey.shortestName else { return nil }
        let keys = SoundKey.keys(of: heard).sorted()
        if let key = keys.first(where: { drugSounds[$0] != nil }) { return drugSounds[key] }
        guard vowelOff else { return nil }
        for key in keys {
            if let near = drugSoundKeys.first(where: { SoundKey.differsByOneVowel(key, from: $0) }) { return drugSounds[near] }
        }
        return nil
    }

    /// True when `word` is a GLP-1 drug's whole name as written, no stem: what words joined by dictation
    /// must spell, since a stem would also start everyday phrases ("we go vegan" joins to "wegov…").
    func isDrugName(_ word: String) -> Bool {
        (byWord[word] ?? []).contains(where: isOneWordDrug)
    }

    /// True when `word` is a GLP-1 drug as written (a name or a stem of one).
    func isDrug(_ word: String) -> Bool {
        terms(startingWith: word).contains(where: isOneWordDrug)
    }

    private func isOneWordDrug(_ id: Int32) -> Bool {
        terms[Int(id)].termClass == .glp1Drug && terms[Int(id)].words.count == 1
    }
}

/// A vocabulary file that cannot be used, named so the start-up log says which.
struct GateVocabularyError: Error, CustomStringConvertible {
    let file: String
    let problem: String
    var description: String { "\(file) \(problem)" }
}

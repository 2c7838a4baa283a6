/// How a drug name sounds, spelt one way: the key dictation and second-language spelling leave
/// unchanged when they spell a brand by ear. A drug's key is its English reading ("Ozempic" reads
/// "osempik", "Trulicity" "trulisiti", "Mounjaro" "munjaro"); a word of a message gets one key per
/// language it may be spelt in (`spellings`), so the Italian "mungiaro", the German "Mundscharo",
/// the Polish "mundżaro" and the Spanish "maunyaro" all read "munjaro". After a language's own
/// spellings, letters that sound alike in the six languages become one letter (c, k, q and ck → k;
/// z → s; x → ks; ph → f; w → v; y → i; oo and ou → u), h after a letter is silent, and a doubled
/// letter is one.
enum SoundKey {
    /// Names shorter than this match too many everyday words by sound.
    static let shortestName = 6
    /// Keys at least this long may have one vowel heard wrong ("monjaro", "Manjaro" → "munjaro";
    /// "terzepatide"): vowels are what dictation and a second-language ear most often get wrong.
    static let shortestWithVowelOff = 7

    /// The key of a drug name: its English reading.
    static func of(_ name: String) -> String { key(rewriting(name, with: spellings[.en] ?? [])) }

    /// The keys of a word as each language would spell its sounds, plus the plain key.
    static func keys(of word: String) -> Set<String> {
        Set([key(word)] + spellings.values.map { key(rewriting(word, with: $0)) })
    }

    /// True when `heard` is `name` with one vowel replaced by another.
    static func differsByOneVowel(_ heard: String, from name: String) -> Bool {
        guard heard.count == name.count, heard.count >= shortestWithVowelOff else { return false }
        let differences = zip(heard, name).filter { $0 != $1 }
        guard differences.count == 1, let (a, b) = differences.first else { return false }
        return vowels.contains(a) && vowels.contains(b)
    }

    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u"]

    /// Each language's spelling of the sounds in drug names, read before the shared key (folded
    /// text: no accents, "ł" already "l", "ż" already "z"). Longest spelling first at each place.
    /// English: "ee"/"ea" and "ow" as in "wee", "mown"; c before e, i, y is s. German: "dsch" is
    /// the English j, "ei"/"ai"/"ie" read i, "au" is "ow", j is y. French: "dj" is j, "qu(e)" is
    /// k, "eau"/"au" is o, "ch" is sh. Spanish: "ll" and y before a vowel are j, "au" is "ow".
    /// Italian: "gi"/"ci" before a vowel are j and ch, "ch"/"gh" are hard, "gn"/"gli" read ni/li.
    /// Polish: "dz"/"dż" is j, "cz"/"sz"/"rz" are ch/sh/zh, j is y, and "l" (folded "ł") is the
    /// English w.
    static let spellings: [CoachLocale: [Spelling]] = {
        let english: [Spelling] = [("ee", "i"), ("ea", "i"), ("ow", "u"), ("ce", "se"), ("ci", "si"), ("cy", "si")]
        let german: [Spelling] = [("tsch", "ch"), ("dsch", "j"), ("sch", "sh"), ("ei", "i"), ("ai", "i"), ("ie", "i"),
                                  ("au", "u"), ("j", "i")]
        let french: [Spelling] = [("eau", "o"), ("au", "o"), ("dj", "j"), ("que", "k"), ("qu", "k"), ("ch", "sh"),
                                  ("ce", "se"), ("ci", "si")]
        let spanish: [Spelling] = [("au", "u"), ("ll", "j"), ("ai", "i"), ("ce", "se"), ("ci", "si")] + beforeVowels("y", "j")
        let italian: [Spelling] = beforeVowels("gi", "j") + beforeVowels("ci", "ch")
            + [("ch", "k"), ("gh", "g"), ("gn", "ni"), ("gli", "li"), ("au", "u")]
        let polish: [Spelling] = [("dz", "j"), ("cz", "ch"), ("sz", "sh"), ("rz", "zh"), ("ch", "h"), ("j", "i"),
                                  ("l", "v"), ("au", "u")]
        let tables: [CoachLocale: [Spelling]] = [.en: english, .de: german, .fr: french, .es: spanish, .it: italian, .pl: polish]
        return tables.mapValues { table in table.sorted { $0.spelling.count > $1.spelling.count } }
    }()

    typealias Spelling = (spelling: String, sound: String)

    /// `spelling` before each vowel read as `sound` before it ("gia" → "ja").
    private static func beforeVowels(_ spelling: String, _ sound: String) -> [Spelling] {
        ["a", "e", "i", "o", "u"].map { (spelling + $0, sound + $0) }
    }

    /// `word` with each spelling of `table` replaced by its sound, left to right, the longest
    /// spelling first at each place; a sound is not read again.
    private static func rewriting(_ word: String, with table: [Spelling]) -> String {
        let letters = Array(word)
        var result = "", index = 0
        scan: while index < letters.count {
            for (spelling, sound) in table where letters[index...].starts(with: spelling) {
                result += sound
                index += spelling.count
                continue scan
            }
            result.append(letters[index])
            index += 1
        }
        return result
    }

    /// The shared key: sounds alike in the six languages as one letter, silent h, no doubles.
    private static func key(_ word: String) -> String {
        var text = word
        for (spelling, sound) in [("ph", "f"), ("ck", "k"), ("oo", "u"), ("ou", "u"), ("x", "ks")] {
            text = text.replacingOccurrences(of: spelling, with: sound)
        }
        var key: [Character] = []
        for letter in text {
            let sound: Character = switch letter {
            case "c", "q": "k"
            case "z": "s"
            case "w": "v"
            case "y": "i"
            default: letter
            }
            if sound == "h", !key.isEmpty { continue }
            if key.last == sound { continue }
            key.append(sound)
        }
        return String(key)
    }
}

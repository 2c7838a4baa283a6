/// A name, acronym or quantity spotted in news text. Two articles about the same event share these
/// far more reliably than they share wording, and two different events that share vocabulary
/// ("earthquake", "raises rates") usually differ in them ("Haiti" vs "Japan", "0.25 points" vs "6.5%").
public struct NamedEntity: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// Capitalised words not explained by sentence case: "Jerome Powell", "Bank of England", "Kenya".
        case name
        /// All-capital words: "NATO", "U.S.", "G7".
        case acronym
        /// A number with its unit or currency: "7.2 magnitude", "0.25 percentage", "$1.2 billion", "40%".
        case quantity
    }

    public let kind: Kind
    /// As written (possessive dropped), for display and debugging.
    public let text: String
    /// What matching compares: `Tokenizer` normal forms joined by spaces ("U.S." → "us",
    /// "São Paulo" → "sao paulo"), digits without thousands separators.
    public let key: String
}

/// Rule-based spotting, no model: fast enough to run on every incoming article.
public enum NamedEntities {
    /// Whether `word` (lower case) is a job title written before names ("president", "chief",
    /// "minister"): never part of a name, and no part of a claim either.
    public static func isJobTitle(_ word: String) -> Bool {
        NameRun.titles.contains(word)
    }

    /// Entities in order of appearance, repeats included (callers may count them).
    /// Text set in Title Case or ALL CAPS (most headlines) carries no capitalisation signal, so
    /// only quantities (and acronyms, unless the text is all caps) are returned for it.
    public static func extract(from text: String) -> [NamedEntity] {
        let words = NamedEntityScanner.words(in: text)
        let casing = Casing(words)
        var entities: [NamedEntity] = []
        var run: [ScannedWord] = []
        func closeRun() {
            entities += NameRun.entities(from: run)
            run.removeAll()
        }
        for (index, word) in words.enumerated() {
            if word.isNumber || Quantity.hasLetterCurrency(word) {
                closeRun()
                if let quantity = Quantity.entity(at: index, in: words) { entities.append(quantity) }
            } else if word.isAcronym {
                closeRun()
                if !casing.isAllCaps && !casing.shouts {
                    entities.append(NamedEntity(kind: .acronym, text: word.text, key: normalizedKey(word.text)))
                }
            } else if casing.isTitleCase {
                continue
            } else if word.isCapitalized, run.isEmpty || !word.punctuationBefore {
                // A possessive ends a name ("Nigeria's Dangote refinery" names Nigeria and Dangote),
                // unless what follows is an institution every country has: "Brazil's Senate" is
                // one body, and a Senate alone would be any country's.
                if run.last?.isPossessive == true, !InstitutionNames.startsGeneric(at: index, in: words) { closeRun() }
                run.append(word)
            } else if !run.isEmpty, !word.punctuationBefore, NameRun.connectors.contains(word.text),
                      index + 1 < words.count, words[index + 1].isCapitalized, !words[index + 1].punctuationBefore {
                run.append(word)
            } else {
                closeRun()
                if word.isCapitalized { run.append(word) }
            }
        }
        closeRun()
        return entities
    }

    /// Normal form of a multi-word span, consistent with `Tokenizer.words` ("Al-Shabaab" → "alshabaab").
    public static func normalizedKey(_ text: String) -> String {
        Tokenizer.words(text.replacingOccurrences(of: ".", with: "")).joined(separator: " ")
    }

    /// Whether capitals in the text can mark names at all.
    private struct Casing {
        let isTitleCase: Bool
        let isAllCaps: Bool
        /// Two or more words of five letters or more in capitals ("RAIL MISERY: Brit holidaymakers
        /// STRANDED"): a tabloid shouting, whose capitals mark emphasis, not acronyms.
        let shouts: Bool

        init(_ words: [ScannedWord]) {
            // Title Case leaves only short function words ("with", "in") in lower case; prose never
            // goes long without a lower-case word of five letters or more.
            let long = words.filter { !$0.isNumber && $0.text.unicodeScalars.count >= 5 }
            let capitalised = long.filter(\.isCapitalized).count
            isAllCaps = long.count >= 2 && long.allSatisfy(\.isAcronym)
            shouts = long.filter(\.isAcronym).count >= 2
            isTitleCase = isAllCaps || (long.count >= 2 && Double(capitalised) >= 0.9 * Double(long.count))
        }
    }
}

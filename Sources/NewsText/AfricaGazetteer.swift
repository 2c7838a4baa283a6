/// Finds place names in news text and says which are African: the one gazetteer of the repo.
///
/// The topic classifier uses it to decide whether a story is primarily about Africa (the
/// regional desk), and the scorer uses it for local relevance. Non-African countries, cities
/// and demonyms are listed too, because "primarily about" is a share: a story naming Nigeria
/// once and the United States five times is not an Africa story.
///
/// Matching works on `Tokenizer` tokens, longest name first, so "Papua New Guinea" is never
/// read as Guinea and "South Sudan" is one mention. A name must start with a capital letter
/// (lower-case "chad" or "guinea" are not places) unless the whole text is lower-case.
/// A few names are also common first names or nouns ("Chad Smith", "guinea pig"); see
/// `Ambiguity`.
public enum AfricaGazetteer {
    /// One place name found in a text.
    public struct Mention: Sendable, Equatable {
        /// The country (or "Africa" for continent-wide names such as the African Union) for an
        /// African mention; the matched entry's own label for a non-African one.
        public let country: String
        public let isAfrican: Bool
        /// Names a person, bank or company of the country (`africanActors`), not a place of it.
        public let isActor: Bool
        /// Position of the first token of the name in `Tokenizer.tokens` of the text.
        public let tokenIndex: Int
        public let tokenCount: Int
    }

    /// Every place mention in `text`, in order of appearance, without overlaps.
    public static func mentions(in text: String) -> [Mention] {
        mentions(in: Tokenizer.tokens(text))
    }

    /// Every place mention in already tokenized text; with `actors`, the African actors too
    /// (`africanActors`: whom a story is about, for the Africa desk's `EventPlaces`).
    public static func mentions(in tokens: [Tokenizer.Token], actors: Bool = false) -> [Mention] {
        let index = GazetteerIndex.shared
        let requiresCapital = tokens.contains(where: \.isCapitalized)
        var found: [Mention] = []
        var position = 0
        while position < tokens.count {
            if let entry = index.longestMatch(in: tokens, at: position, requiresCapital: requiresCapital, actors: actors) {
                found.append(Mention(country: entry.country, isAfrican: entry.isAfrican, isActor: entry.isActor,
                                     tokenIndex: position, tokenCount: entry.words.count))
                position += entry.words.count
            } else {
                position += 1
            }
        }
        return found
    }

    /// True when `text` names at least one African place.
    public static func mentionsAfrica(_ text: String) -> Bool {
        mentions(in: text).contains(where: \.isAfrican)
    }
}

import NewsText

extension SubjectRule {
    /// A report of a deadly natural disaster or accident is not a tech or finance story unless the
    /// model is very sure; it gets no desk. Politics is left alone (a row over the government's
    /// response is politics). Accidents count too: a cargo-plane crash that killed its crew reads
    /// as finance to the model (an airline, cargo and an airport read as business).
    ///
    /// Why a rule and not only data: the labeled sets file disasters under tech and finance (AG
    /// Sci/Tech holds quake science and hurricane forecasts, AG Business insured hurricane losses)
    /// and have few disaster reports labeled anything else, so a feed's "Strong earthquake off
    /// Miyagi kills 17" scored tech (a quake report names meteorological agencies, power cuts,
    /// nuclear plants). Forecasts, science and insurance stories rarely name casualties.
    public static let deadlyDisaster = SubjectRule(
        name: "DeadlyDisasterRule", moves: [.tech, .finance], strongEvidence: 0.9, desk: nil,
        matches: { DeadlyDisaster.isReported($0) })
}

/// The test of `SubjectRule.deadlyDisaster`: a headline names a natural disaster, or a deadly accident
/// or disease outbreak (`NaturalDisasters`, `Accidents`, `Outbreaks`), and a headline or lead names casualties.
public enum DeadlyDisaster {
    /// Words of the lead read for casualties.
    public static let leadWordCount = 50

    /// Casualties of a natural disaster: a toll (`accidentToll`) or the dead, missing and displaced.
    static func isCasualty(_ word: String) -> Bool {
        let stem = Stemmer.stem(word)
        return WordClass.accidentToll.contains(word, stem: stem) || WordClass.disasterAftermath.contains(word, stem: stem)
    }

    /// True when the story reads as a deadly natural disaster, accident or outbreak (all its articles
    /// together); with `kinds` `.naturalOrNamedDisease`, a deadly natural disaster or an outbreak of a
    /// named disease only.
    public static func isReported(_ texts: [StoryText], kinds: DisasterKinds = .any) -> Bool {
        var disaster = false
        var casualties = false
        for text in texts {
            let headlineTokens = Tokenizer.tokens(text.headline)
            let headline = Set(Tokenizer.contentWords(headlineTokens))
            let lead = Set(Tokenizer.contentWords(text.body).prefix(leadWordCount))
            disaster = disaster || namesNaturalDisaster(headlineTokens.map(\.normalized))
            casualties = casualties || headline.contains(where: isCasualty) || lead.contains(where: isCasualty)
            // An accident word is also a market's ("shares crash", "exchange collapse"): it counts
            // only with a toll in the same report's headline or lead ("killing three crew"). A disease
            // outbreak counts the same way ("cholera outbreak in Basra kills four").
            let incident = switch kinds {
            case .any: !headline.isDisjoint(with: Accidents.words) || !headline.isDisjoint(with: Outbreaks.words)
            case .naturalOrNamedDisease: !headline.isDisjoint(with: Outbreaks.diseases)
            }
            if incident, headline.union(lead).contains(where: WordClass.accidentToll.contains) { return true }
        }
        return disaster && casualties
    }

    /// True when the headline's `words` name a natural disaster, not as a figure of quantity: a disaster
    /// word directly before "of" is a crowd of something else ("a storm of protest", "a flood of refugees").
    static func namesNaturalDisaster(_ words: [String]) -> Bool {
        words.indices.contains { index in
            NaturalDisasters.words.contains(words[index]) && (index + 1 == words.count || words[index + 1] != "of")
        }
    }
}

/// What `DeadlyDisaster.isReported` counts as the deadly event.
public enum DisasterKinds: Sendable {
    /// A natural disaster, an accident or a disease outbreak (`SubjectRule.deadlyDisaster`).
    case any
    /// A natural disaster or an outbreak of a named disease (`SubjectRule.disasterWithoutPolitics`):
    /// an accident may be a bombing ("a blast kills seven soldiers") and a spread word alone may be a
    /// war's ("an outbreak of fighting"), both politics by the desk convention.
    case naturalOrNamedDisease
}

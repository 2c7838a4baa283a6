import NewsText

/// A rule over the subject model: a report of a deadly natural disaster is not a tech or
/// finance story unless the model is very sure.
///
/// Why a rule and not only data: the labeled sets file disasters under tech and finance (AG
/// Sci/Tech holds quake science and hurricane forecasts, AG Business insured hurricane losses)
/// and have few disaster reports labeled anything else, so a feed's "Strong earthquake off
/// Miyagi kills 17" scored tech (a quake report names meteorological agencies, power cuts,
/// nuclear plants). The rule fires only when a headline names a natural disaster AND a
/// headline or lead names casualties; forecasts, science and insurance stories rarely do, and
/// those the model is sure of (`strongEvidence`) keep their desk. Politics is left alone (a row
/// over the government's response is politics).
public enum DeadlyDisasterRule {
    /// The subject probability at which tech or finance survives the rule.
    public static let strongEvidence = 0.9
    /// Words of the lead read for casualties.
    public static let leadWordCount = 50

    static let casualtyWords: Set<String> = [
        "kill", "kills", "killed", "killing", "dead", "death", "deaths", "die", "died", "dies", "toll", "injured",
        "injuring", "missing", "victims", "bodies", "casualties", "survivors", "rescuers", "homeless", "evacuated",
    ]

    /// True when the story reads as a deadly natural disaster (all its articles together).
    public static func isDeadlyDisaster(_ texts: [(headline: String, body: String)]) -> Bool {
        var disaster = false
        var casualties = false
        for text in texts {
            let headline = Set(Tokenizer.contentWords(text.headline))
            let lead = Set(Tokenizer.contentWords(text.body).prefix(leadWordCount))
            disaster = disaster || !headline.isDisjoint(with: NaturalDisasters.words)
            casualties = casualties || !headline.isDisjoint(with: casualtyWords) || !lead.isDisjoint(with: casualtyWords)
        }
        return disaster && casualties
    }

    /// The desk after the rule: `subject`'s desk, or nil for a deadly disaster filed under tech
    /// or finance with a probability below `strongEvidence`.
    public static func apply(subject: Subject, probability: Double, texts: [(headline: String, body: String)]) -> Topic? {
        guard subject == .tech || subject == .finance, probability < strongEvidence, isDeadlyDisaster(texts) else {
            return subject.topic
        }
        return nil
    }
}

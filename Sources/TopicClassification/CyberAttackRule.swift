import NewsText

/// A rule over the subject model: a cyber attack is tech news, whoever it hit.
///
/// Why a rule and not only data: the labels file ransomware and hacking under Sci/Tech when the
/// victim is a company, but a hospital's or a ministry's vocabulary pulls the subject elsewhere:
/// a second reader's audit found "Ransomware attack forces Danish hospitals to divert ambulances"
/// filed under none (health is `other`), so a major attack was not listed while two others were
/// under tech. The rule fires only on a headline naming an attack of that kind (ransomware,
/// cyberattack, "cyber attack", hackers, hacked, data breach, malware), and moves only a story
/// the model put under no desk, unless it was very sure.
public enum CyberAttackRule {
    /// The probability of `other` at which the story stays unlisted.
    public static let strongEvidence = 0.9

    static let attackWords: Set<String> = [
        "ransomware", "cyberattack", "cyberattacks", "hackers", "hacker", "hacked", "hack", "malware", "spyware",
        "cyberespionage",
    ]

    /// True when a headline of the story names a cyber attack.
    public static func isCyberAttack(_ texts: [(headline: String, body: String)]) -> Bool {
        texts.contains { text in
            let words = Tokenizer.words(text.headline)
            if words.contains(where: attackWords.contains) { return true }
            return zip(words, words.dropFirst()).contains { pair in
                (pair.0 == "cyber" && ["attack", "attacks", "attackers"].contains(pair.1)) || (pair.0 == "data" && pair.1 == "breach")
            }
        }
    }

    /// Whether the story goes to tech instead: a cyber attack the model filed under no desk with a
    /// probability below `strongEvidence`.
    public static func applies(subject: Subject, probability: Double, texts: [(headline: String, body: String)]) -> Bool {
        subject == .other && probability < strongEvidence && isCyberAttack(texts)
    }
}
